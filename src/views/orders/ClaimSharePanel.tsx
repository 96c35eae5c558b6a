import { Trans, useLingui } from '@lingui/react/macro';
import { useFormats } from '../../i18n/use-formats';
import { useMessageText } from '../../i18n/use-message-text';
import { Button } from '../../ui/Button';
import { Dialog } from '../../ui/Dialog';
import { InfoBox } from '../../ui/InfoBox';
import { LoadError } from '../../ui/LoadError';
import { Select } from '../../ui/Select';
import { TextField } from '../../ui/TextField';
import * as styles from '../trade-shared/orders.css';
import { type ClaimShareImplementations, useClaimShare } from './use-claim-share';

/**
 * The order page's insurance claim (ADR 030): tag the order with the insurer's claim number and
 * share it with one insurer, or withdraw the share (the insurer loses access at once).
 */
export function ClaimSharePanel({
  implementations,
  orderId,
}: {
  implementations: ClaimShareImplementations;
  orderId: number;
}) {
  const { t } = useLingui();
  const messageText = useMessageText();
  const format = useFormats();
  const view = useClaimShare(implementations, orderId);
  const { claim, draft } = view;
  const insurerName = claim?.insurer_name ?? '';
  const claimNumber = claim?.claim_number ?? '';
  const sharedAt = claim ? format.dateTime(claim.shared_at) : '';
  return (
    <section aria-labelledby="claim-share-title" aria-busy={view.loading}>
      <h2 id="claim-share-title">
        <Trans>Insurance claim</Trans>
      </h2>
      <LoadError message={view.loadError} onRetry={view.retry} />
      {view.notice ? <InfoBox tone="info">{messageText(view.notice)}</InfoBox> : null}
      {view.loading ? (
        <p role="status">
          <Trans>Loading the insurance share…</Trans>
        </p>
      ) : null}
      {!view.loading && !view.loadError ? (
        claim ? (
          <p>
            <Trans>
              Shared with {insurerName} under claim number {claimNumber} since {sharedAt}.
            </Trans>
          </p>
        ) : (
          <p className={styles.muted}>
            <Trans>Not shared with any insurer. Share it when an insurer pays for the repair.</Trans>
          </p>
        )
      ) : null}
      {!view.loading && !view.loadError && view.insurers.length === 0 ? (
        <p className={styles.muted}>
          <Trans>No insurer uses the portal yet.</Trans>
        </p>
      ) : null}
      <p className={styles.actions}>
        {view.canShare ? (
          <Button variant="secondary" onClick={view.openShare}>
            {claim ? <Trans>Change share</Trans> : <Trans>Share with insurer</Trans>}
          </Button>
        ) : null}
        {claim ? (
          <Button variant="secondary" onClick={view.openWithdraw}>
            <Trans>Withdraw share</Trans>
          </Button>
        ) : null}
      </p>
      <Dialog
        open={draft !== null}
        onOpenChange={(open) => {
          if (!open) view.cancelShare();
        }}
        title={<Trans>Share with an insurer</Trans>}
        description={
          <Trans>
            The insurer sees this order's vehicle, parts, quotes and delivery dates until you withdraw the share.
          </Trans>
        }
        actions={
          <>
            <Button variant="secondary" onClick={view.cancelShare} disabled={view.sharing}>
              <Trans>Cancel</Trans>
            </Button>
            <Button type="submit" form="claim-share-form" busy={view.sharing}>
              <Trans>Share</Trans>
            </Button>
          </>
        }
      >
        <form
          id="claim-share-form"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            view.submit();
          }}
        >
          <TextField
            label={<Trans>Claim number</Trans>}
            value={draft?.claimNumber ?? ''}
            onValueChange={(value) => view.change('claimNumber', value)}
            error={draft?.errorField === 'claim_number' ? messageText(draft.error) : null}
            autoComplete="off"
            spellCheck={false}
          />
          <Select
            label={<Trans>Insurer</Trans>}
            value={draft?.insurerId ?? ''}
            onValueChange={(value) => view.change('insurerId', value)}
            options={view.insurers.map((insurer) => ({ value: String(insurer.id), label: insurer.name }))}
            placeholder={t`Choose an insurer`}
            error={draft?.errorField === 'insurer_organisation_id' ? messageText(draft.error) : null}
          />
        </form>
        {draft?.failure ? <p role="alert">{draft.failure}</p> : null}
      </Dialog>
      <Dialog
        open={view.confirmingWithdrawal}
        onOpenChange={(open) => {
          if (!open) view.cancelWithdraw();
        }}
        title={<Trans>Withdraw the share?</Trans>}
        description={<Trans>{insurerName} loses access to this order at once.</Trans>}
        actions={
          <>
            <Button variant="secondary" onClick={view.cancelWithdraw} disabled={view.withdrawing}>
              <Trans>Keep shared</Trans>
            </Button>
            <Button onClick={view.confirmWithdraw} busy={view.withdrawing}>
              <Trans>Withdraw</Trans>
            </Button>
          </>
        }
      >
        {view.withdrawFailure ? <p role="alert">{view.withdrawFailure}</p> : null}
      </Dialog>
    </section>
  );
}
