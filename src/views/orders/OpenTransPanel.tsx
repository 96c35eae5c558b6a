import { Trans, useLingui } from '@lingui/react/macro';
import { useId } from 'react';
import type { OrderLineAction } from '../../../common/contracts/trading';
import { Button } from '../../ui/Button';
import * as controls from '../../ui/controls.css';
import { InfoBox } from '../../ui/InfoBox';
import { lineActionText } from '../trade-shared/order-texts';
import * as styles from '../trade-shared/orders.css';
import { type OpenTransDocumentsImplementations, useOpenTransDocuments } from './use-opentrans-documents';

/**
 * The dealer order page's openTRANS exchange (ADR 042): the order as an ORDER document for the
 * ERP, and the ERP's ORDERRESPONSE or DISPATCHNOTIFICATION uploaded back — applied whole (the lines
 * it changed are listed) or refused whole (every problem is listed, nothing changed).
 */
export function OpenTransPanel({
  implementations,
  orderId,
}: {
  implementations: OpenTransDocumentsImplementations;
  orderId: number;
}) {
  const { i18n, t } = useLingui();
  const inputId = useId();
  const view = useOpenTransDocuments(implementations, orderId);
  const actionText = (action: OrderLineAction) => i18n._(lineActionText[action]);
  const fileName = view.fileName ?? '';
  return (
    <section aria-labelledby="opentrans-title">
      <h2 id="opentrans-title">
        <Trans>openTRANS for your ERP</Trans>
      </h2>
      <div className={styles.actions}>
        <Button variant="secondary" onClick={view.download} busy={view.downloading}>
          <Trans>Download openTRANS order</Trans>
        </Button>
      </div>
      {view.downloadFailure ? <p role="alert">{view.downloadFailure}</p> : null}
      <label htmlFor={inputId} className={controls.label}>
        <Trans>Upload your ERP's answer (ORDERRESPONSE or DISPATCHNOTIFICATION)</Trans>
      </label>
      <input
        id={inputId}
        type="file"
        accept=".xml,application/xml,text/xml"
        aria-describedby={`${inputId}-hint`}
        disabled={view.uploading}
        onChange={(event) => {
          const file = event.target.files?.[0];
          if (file) view.choose(file);
          event.target.value = '';
        }}
      />
      <p id={`${inputId}-hint`} className={controls.hint}>
        <Trans>XML in UTF-8 or ISO-8859-1, at most 1 MB. A document is applied as a whole or not at all.</Trans>
      </p>
      {view.uploading ? (
        <p role="status">
          <Trans>Applying {fileName}…</Trans>
        </p>
      ) : null}
      {view.applied ? (
        <InfoBox tone="success">
          <p>
            <Trans>{fileName} was applied:</Trans>
          </p>
          <ul aria-label={t`Changed lines`}>
            {view.applied.changes.map((change) => {
              const line = change.line_item_id;
              const part = change.part_number;
              const action = actionText(change.action);
              return (
                <li key={change.line_id}>
                  <Trans>
                    Line {line} ({part}): {action}
                  </Trans>
                </li>
              );
            })}
          </ul>
        </InfoBox>
      ) : null}
      {view.problems ? (
        <InfoBox tone="error">
          <p>
            <Trans>{fileName} was not applied; nothing has been changed:</Trans>
          </p>
          <ul aria-label={t`Problems`}>
            {view.problems.map((problem, index) => {
              const line = problem.line_item_id ?? '';
              const message = problem.message;
              return (
                // The server's list in its order; two problems may be worded alike.
                <li key={index}>
                  {problem.line_item_id ? (
                    <Trans>
                      Line {line}: {message}
                    </Trans>
                  ) : (
                    message
                  )}
                </li>
              );
            })}
          </ul>
        </InfoBox>
      ) : null}
      {view.failure ? <p role="alert">{view.failure}</p> : null}
    </section>
  );
}
