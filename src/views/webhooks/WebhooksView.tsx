import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { TRADE_EVENT_KINDS, type TradeEventKind } from '../../../common/contracts/trade-events';
import type { WebhookAttempt, WebhookAttemptError } from '../../../common/contracts/webhooks';
import { useFormats } from '../../i18n/use-formats';
import { useMessageText } from '../../i18n/use-message-text';
import { Button } from '../../ui/Button';
import { Checkbox } from '../../ui/Checkbox';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { Dialog } from '../../ui/Dialog';
import { LoadError } from '../../ui/LoadError';
import { SecretOnceDialog } from '../../ui/SecretOnceDialog';
import { SettingsList, SettingsTable, settingsCell } from '../../ui/SettingsTable';
import * as styles from '../../ui/settings-list.css';
import { TextField } from '../../ui/TextField';
import * as cards from '../../ui/table-cards.css';
import { useWebhooks, type WebhooksImplementations } from './use-webhooks';
import * as webhookStyles from './webhooks.css';

/** What each kind of the trade log is called in the list of events to subscribe to. */
const KIND_LABELS: Record<TradeEventKind, MessageDescriptor> = {
  'inquiry.sent': msg`Inquiry sent`,
  'inquiry.quoted': msg`Inquiry quoted`,
  'inquiry.allAnswered': msg`All dealers answered`,
  'inquiry.closed': msg`Inquiry closed`,
  'inquiry.cancelled': msg`Inquiry cancelled`,
  'inquiry.ordered': msg`Inquiry ordered`,
  'recipient.seen': msg`Inquiry seen by a dealer`,
  'recipient.answered': msg`Dealer answered`,
  'recipient.declined': msg`Dealer declined`,
  'recipient.expired': msg`Dealer did not answer in time`,
  'order.placed': msg`Order placed`,
  'order.confirmed': msg`Order confirmed`,
  'order.shipped': msg`Order shipped`,
  'order.delivered': msg`Order delivered`,
  'order.cancelled': msg`Order cancelled`,
  'line.confirmed': msg`Line confirmed`,
  'line.backorder': msg`Line on backorder`,
  'line.cancelled': msg`Line cancelled`,
  'line.shipped': msg`Line shipped`,
  'line.delivered': msg`Line delivered`,
  'line.returned': msg`Line returned`,
  'return.requested': msg`Return requested`,
  'return.accepted': msg`Return accepted`,
  'return.refused': msg`Return refused`,
};

const ATTEMPT_ERRORS: Record<WebhookAttemptError, MessageDescriptor> = {
  timeout: msg`No answer in time`,
  connectionFailed: msg`Connection failed`,
  addressRefused: msg`Address refused (not public)`,
  hostUnknown: msg`Host name unknown`,
  schemeRefused: msg`Only https is allowed`,
};

/** /settings/webhooks (issue 25, ADR 041): the organisation's endpoints, their secrets and delivery logs. */
export function WebhooksView({ implementations }: { implementations: WebhooksImplementations }) {
  const { t, i18n } = useLingui();
  const messageText = useMessageText();
  const format = useFormats();
  const hooks = useWebhooks(implementations);
  const { draft, confirming, log } = hooks;
  // Addresses are long and unbroken: in a dialog's title they may break anywhere rather than run off a phone's screen.
  const confirmingUrl = <span className={styles.breakAnywhere}>{confirming?.subject.url ?? ''}</span>;
  const logUrl = <span className={styles.breakAnywhere}>{log?.endpoint.url ?? ''}</span>;

  const kindLabel = (kind: string) => (kind in KIND_LABELS ? i18n._(KIND_LABELS[kind as TradeEventKind]) : kind);
  const attemptOutcome = (attempt: WebhookAttempt): ReactNode =>
    attempt.http_status !== null
      ? `HTTP ${attempt.http_status}`
      : attempt.error !== null && attempt.error in ATTEMPT_ERRORS
        ? i18n._(ATTEMPT_ERRORS[attempt.error as WebhookAttemptError])
        : (attempt.error ?? '—');
  const deliveryStatus = (attempt: WebhookAttempt) =>
    attempt.delivery_status === 'delivered' ? (
      <Trans>Delivered</Trans>
    ) : attempt.delivery_status === 'failed' ? (
      <Trans>Failed</Trans>
    ) : (
      <Trans>Retrying</Trans>
    );

  return (
    <section aria-labelledby="webhooks-title" aria-busy={hooks.loading}>
      <h1 id="webhooks-title">
        <Trans>Webhooks</Trans>
      </h1>
      <p>
        <Trans>
          With a webhook the portal tells your system (ERP, DMS) at once when something happens to your inquiries and
          orders. Every delivery is signed as the Standard Webhooks specification describes (headers webhook-id,
          webhook-timestamp, webhook-signature); check the signature with the endpoint’s secret. A delivery that is not
          accepted is retried for at least 24 hours.
        </Trans>
      </p>
      <LoadError message={hooks.loadError} onRetry={hooks.retryList} />
      {hooks.loading ? (
        <p role="status">
          <Trans>Loading your webhooks…</Trans>
        </p>
      ) : null}
      {hooks.endpoints ? (
        <SettingsList
          addLabel={<Trans>Add a webhook</Trans>}
          onAdd={hooks.openCreate}
          canAdd={hooks.canAct}
          isEmpty={hooks.endpoints.length === 0}
          emptyText={<Trans>You have no webhooks yet.</Trans>}
          caption={<Trans>Your webhooks</Trans>}
          columns={[
            { key: 'address', label: <Trans>Address</Trans> },
            { key: 'events', label: <Trans>Events</Trans> },
            { key: 'status', label: <Trans>Status</Trans>, nowrap: true },
            { key: 'actions', label: <Trans>Actions</Trans> },
          ]}
        >
          {hooks.endpoints.map((endpoint) => {
            // Each row's buttons name their address, so a screen reader tells the rows' buttons apart.
            const url = endpoint.url;
            return (
              <tr key={endpoint.id}>
                <th className={settingsCell(cards.cardFirst)} scope="row">
                  <span className={styles.code}>{endpoint.url}</span>
                  {endpoint.description ? <p className={styles.muted}>{endpoint.description}</p> : null}
                </th>
                <td className={settingsCell(cards.cardWide)} data-label={t`Events`}>
                  {endpoint.event_kinds.map(kindLabel).join(', ')}
                </td>
                <td className={settingsCell(styles.nowrap)} data-label={t`Status`}>
                  {endpoint.disabled_at ? <Trans>Paused</Trans> : <Trans>Active</Trans>}
                  {endpoint.previous_secret_expires_at ? (
                    <p className={styles.muted}>
                      <Trans>Old secret signs until {format.dateTime(endpoint.previous_secret_expires_at)}</Trans>
                    </p>
                  ) : null}
                </td>
                <td className={settingsCell(cards.cardWide)} data-label={t`Actions`}>
                  <div className={styles.actions}>
                    <Button
                      variant="secondary"
                      onClick={() => hooks.openLog(endpoint)}
                      disabled={!hooks.canAct}
                      aria-label={t`Delivery log of ${url}`}
                    >
                      <Trans>Delivery log</Trans>
                    </Button>
                    <Button
                      variant="secondary"
                      onClick={() => hooks.toggleEnabled(endpoint)}
                      disabled={!hooks.canAct}
                      aria-label={endpoint.disabled_at ? t`Resume ${url}` : t`Pause ${url}`}
                    >
                      {endpoint.disabled_at ? <Trans>Resume</Trans> : <Trans>Pause</Trans>}
                    </Button>
                    <Button
                      variant="secondary"
                      onClick={() => hooks.requestConfirm('rotate', endpoint)}
                      disabled={!hooks.canAct}
                      aria-label={t`New secret for ${url}`}
                    >
                      <Trans>New secret</Trans>
                    </Button>
                    <Button
                      variant="secondary"
                      onClick={() => hooks.requestConfirm('delete', endpoint)}
                      disabled={!hooks.canAct}
                      aria-label={t`Delete ${url}`}
                    >
                      <Trans>Delete</Trans>
                    </Button>
                  </div>
                </td>
              </tr>
            );
          })}
        </SettingsList>
      ) : null}

      <ConfirmDialog
        open={draft !== null}
        wide
        title={<Trans>Add a webhook</Trans>}
        confirmLabel={<Trans>Add webhook</Trans>}
        busy={hooks.submitting}
        failure={draft?.failure}
        onConfirm={hooks.submit}
        onCancel={hooks.cancelCreate}
        form="webhook-form"
      >
        <TextField
          label={<Trans>Address (URL)</Trans>}
          hint={<Trans>The https address of your system that receives the events.</Trans>}
          value={draft?.url ?? ''}
          onValueChange={(value) => hooks.change('url', value)}
          error={messageText(draft?.errors.url)}
          placeholder="https://erp.example.com/webhooks"
          autoComplete="off"
        />
        <TextField
          label={<Trans>Description</Trans>}
          hint={<Trans>Optional, e.g. which system this is.</Trans>}
          value={draft?.description ?? ''}
          onValueChange={(value) => hooks.change('description', value)}
          error={messageText(draft?.errors.description)}
          autoComplete="off"
        />
        <fieldset className={webhookStyles.kinds}>
          <legend>
            <Trans>Events to send</Trans>
          </legend>
          {TRADE_EVENT_KINDS.map((kind) => (
            <Checkbox
              key={kind}
              dense
              label={kindLabel(kind)}
              checked={draft?.kinds.includes(kind) ?? false}
              onCheckedChange={() => hooks.toggleKind(kind)}
            />
          ))}
        </fieldset>
        {draft?.errors.event_kinds ? <p role="alert">{messageText(draft.errors.event_kinds)}</p> : null}
      </ConfirmDialog>

      <SecretOnceDialog
        secret={hooks.secret}
        title={<Trans>The webhook’s secret</Trans>}
        description={
          <Trans>
            Copy the secret now and store it in your system: it verifies the signature of every delivery. It is shown
            only this once; if it is lost, create a new secret.
          </Trans>
        }
        secretLabel={t`Webhook secret`}
        testId="webhook-secret"
        copyLabel={<Trans>Copy secret</Trans>}
        copied={hooks.copied}
        onCopy={hooks.copy}
        onDone={hooks.done}
      />

      <ConfirmDialog
        open={confirming !== null}
        title={
          confirming?.action === 'rotate' ? (
            <Trans>New secret for {confirmingUrl}?</Trans>
          ) : (
            <Trans>Delete {confirmingUrl}?</Trans>
          )
        }
        description={
          confirming?.action === 'rotate' ? (
            <Trans>
              Deliveries are signed with the new secret at once; for 24 hours the old secret signs alongside, so your
              system can switch over without losing a delivery.
            </Trans>
          ) : (
            <Trans>No further events are sent to this address; its delivery log is deleted too.</Trans>
          )
        }
        confirmLabel={
          confirming?.action === 'rotate' ? <Trans>Create new secret</Trans> : <Trans>Delete webhook</Trans>
        }
        busy={hooks.confirmBusy}
        failure={confirming?.failure}
        onConfirm={hooks.confirm}
        onCancel={hooks.cancelConfirm}
      />

      <Dialog
        open={log !== null}
        onOpenChange={(open) => {
          if (!open) hooks.closeLog();
        }}
        wide
        title={<Trans>Delivery log of {logUrl}</Trans>}
        description={<Trans>The last attempts, newest first.</Trans>}
        actions={
          <>
            <Button variant="secondary" onClick={hooks.refreshLog} busy={hooks.logBusy}>
              <Trans>Refresh</Trans>
            </Button>
            <Button onClick={hooks.closeLog}>
              <Trans>Close</Trans>
            </Button>
          </>
        }
      >
        {log?.failure ? <p role="alert">{log.failure}</p> : null}
        {log?.attempts === null ? (
          <p role="status">
            <Trans>Loading the delivery log…</Trans>
          </p>
        ) : log?.attempts.length === 0 ? (
          <p>
            <Trans>Nothing has been sent to this address yet.</Trans>
          </p>
        ) : (
          <SettingsTable
            columns={[
              { key: 'time', label: <Trans>Time</Trans> },
              { key: 'event', label: <Trans>Event</Trans> },
              { key: 'answer', label: <Trans>Answer</Trans> },
              { key: 'duration', label: <Trans>Duration</Trans> },
              { key: 'delivery', label: <Trans>Delivery</Trans> },
            ]}
          >
            {log?.attempts.map((attempt) => (
              <tr key={attempt.id}>
                <th className={settingsCell(cards.cardFirst)} scope="row">
                  {format.dateTime(attempt.attempted_at)}
                </th>
                <td className={settingsCell()} data-label={t`Event`}>
                  {kindLabel(attempt.event_kind)}
                </td>
                <td className={settingsCell()} data-label={t`Answer`}>
                  {attemptOutcome(attempt)}
                </td>
                <td className={settingsCell()} data-label={t`Duration`}>
                  <Trans>{attempt.duration_ms} ms</Trans>
                </td>
                <td className={settingsCell()} data-label={t`Delivery`}>
                  <div className={styles.actions}>
                    {deliveryStatus(attempt)}
                    <Button
                      variant="secondary"
                      onClick={() => hooks.resend(attempt.delivery_id)}
                      disabled={hooks.logBusy}
                    >
                      <Trans>Send again</Trans>
                    </Button>
                  </div>
                </td>
              </tr>
            ))}
          </SettingsTable>
        )}
      </Dialog>
    </section>
  );
}
