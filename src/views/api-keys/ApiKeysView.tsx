import { Trans, useLingui } from '@lingui/react/macro';
import { useFormats } from '../../i18n/use-formats';
import { useMessageText } from '../../i18n/use-message-text';
import { Button } from '../../ui/Button';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { LoadError } from '../../ui/LoadError';
import { SecretOnceDialog } from '../../ui/SecretOnceDialog';
import { SettingsList, settingsCell } from '../../ui/SettingsTable';
import * as styles from '../../ui/settings-list.css';
import { TextField } from '../../ui/TextField';
import * as cards from '../../ui/table-cards.css';
import { type ApiKeysImplementations, useApiKeys } from './use-api-keys';

/**
 * /settings/api-keys (issue 15, ADR 031): the workshop's keys for its DMS; /dealer/api-keys (ADR
 * 040): the dealer's keys for its ERP, without registered origins (they only serve the workshop's punch-in).
 */
export function ApiKeysView({
  kind,
  implementations,
}: {
  kind: 'workshop' | 'dealer';
  implementations: ApiKeysImplementations;
}) {
  const { t } = useLingui();
  const messageText = useMessageText();
  const format = useFormats();
  const keys = useApiKeys(implementations);
  const { draft, confirming } = keys;
  const revokingName = confirming?.subject.name ?? '';

  return (
    <section aria-labelledby="api-keys-title" aria-busy={keys.loading}>
      <h1 id="api-keys-title">
        <Trans>API keys</Trans>
      </h1>
      <p>
        {kind === 'workshop' ? (
          <Trans>
            With an API key your garage management system (DMS) creates inquiries, orders and reads order status for
            your workshop. A key acts for your workshop only; revoke it when you no longer use it.
          </Trans>
        ) : (
          <Trans>
            With an API key your merchandise management system (ERP) reads the inquiries addressed to you, quotes or
            declines them and confirms, ships and delivers your orders. A key acts for your dealership only; revoke it
            when you no longer use it.
          </Trans>
        )}{' '}
        <a href="/api/docs">
          <Trans>API reference</Trans>
        </a>
      </p>
      <LoadError message={keys.loadError} onRetry={keys.retryList} />
      {keys.loading ? (
        <p role="status">
          <Trans>Loading your API keys…</Trans>
        </p>
      ) : null}
      {keys.keys ? (
        <SettingsList
          addLabel={<Trans>Create an API key</Trans>}
          onAdd={keys.openCreate}
          isEmpty={keys.keys.length === 0}
          emptyText={<Trans>You have no API keys yet.</Trans>}
          caption={<Trans>Your API keys</Trans>}
          columns={[
            { key: 'name', label: <Trans>Name</Trans> },
            { key: 'prefix', label: <Trans>Key starts with</Trans> },
            ...(kind === 'workshop' ? [{ key: 'origins', label: <Trans>Registered origins</Trans> }] : []),
            { key: 'created', label: <Trans>Created</Trans> },
            { key: 'used', label: <Trans>Last used</Trans> },
            { key: 'status', label: <Trans>Status</Trans> },
          ]}
        >
          {keys.keys.map((key) => (
            <tr key={key.id}>
              <th className={settingsCell()} scope="row">
                {key.name}
              </th>
              <td className={settingsCell(styles.code)} data-label={t`Key starts with`}>
                {key.prefix}…
              </td>
              {kind === 'workshop' ? (
                <td className={settingsCell(cards.cardWide, cards.breakAnywhere)} data-label={t`Registered origins`}>
                  {key.allowed_origins.join(', ') || '—'}
                </td>
              ) : null}
              <td className={settingsCell(cards.keepWords)} data-label={t`Created`}>
                {format.dateTime(key.created_at)}
              </td>
              <td className={settingsCell(cards.keepWords)} data-label={t`Last used`}>
                {key.last_used_at ? format.dateTime(key.last_used_at) : <Trans>Never</Trans>}
              </td>
              <td className={settingsCell(styles.nowrap, cards.cardFirst)}>
                {key.revoked_at ? (
                  <Trans>Revoked on {format.dateTime(key.revoked_at)}</Trans>
                ) : (
                  <Button variant="secondary" onClick={() => keys.requestRevoke(key)}>
                    {/* The name is for screen readers: shown, a long one squeezed every other column. */}
                    <Trans>
                      Revoke <span className="visually-hidden">{key.name}</span>
                    </Trans>
                  </Button>
                )}
              </td>
            </tr>
          ))}
        </SettingsList>
      ) : null}

      <ConfirmDialog
        open={draft !== null}
        title={<Trans>Create an API key</Trans>}
        confirmLabel={<Trans>Create key</Trans>}
        busy={keys.submitting}
        failure={draft?.failure}
        onConfirm={keys.submit}
        onCancel={keys.cancelCreate}
        form="api-key-form"
      >
        <TextField
          label={<Trans>Name</Trans>}
          hint={
            kind === 'workshop' ? (
              <Trans>For example the name of your DMS.</Trans>
            ) : (
              <Trans>For example the name of your ERP or branch.</Trans>
            )
          }
          value={draft?.name ?? ''}
          onValueChange={(value) => keys.change('name', value)}
          error={messageText(draft?.errors.name)}
          autoComplete="off"
        />
        {kind === 'workshop' ? (
          <TextField
            label={<Trans>Registered origins</Trans>}
            hint={
              <Trans>
                The web addresses of your DMS (https://…, separated by spaces or commas). The portal only returns to
                these addresses after a punch-in.
              </Trans>
            }
            value={draft?.origins ?? ''}
            onValueChange={(value) => keys.change('origins', value)}
            error={messageText(draft?.errors.allowed_origins)}
            placeholder="https://dms.example.com"
            autoComplete="off"
          />
        ) : null}
      </ConfirmDialog>

      <SecretOnceDialog
        secret={keys.secret}
        title={<Trans>Your new API key</Trans>}
        description={
          kind === 'workshop' ? (
            <Trans>
              Copy the key now and store it in your DMS. It is shown only this once; if it is lost, revoke it and create
              a new one.
            </Trans>
          ) : (
            <Trans>
              Copy the key now and store it in your ERP. It is shown only this once; if it is lost, revoke it and create
              a new one.
            </Trans>
          )
        }
        secretLabel={t`API key`}
        testId="api-key-secret"
        copyLabel={<Trans>Copy key</Trans>}
        copied={keys.copied}
        onCopy={keys.copy}
        onDone={keys.done}
      >
        <p className={styles.muted}>
          <Trans>Send it with every request as the header Authorization: Bearer followed by the key.</Trans>
        </p>
      </SecretOnceDialog>

      <ConfirmDialog
        open={confirming !== null}
        title={<Trans>Revoke {revokingName}?</Trans>}
        description={
          <Trans>Requests with this key are refused at once. This cannot be undone; you can create a new key.</Trans>
        }
        confirmLabel={<Trans>Revoke key</Trans>}
        busy={keys.confirmBusy}
        failure={confirming?.failure}
        onConfirm={keys.confirm}
        onCancel={keys.cancelConfirm}
      />
    </section>
  );
}
