import { Trans, useLingui } from '@lingui/react/macro';
import { useFormats } from '../../i18n/use-formats';
import { useMessageText } from '../../i18n/use-message-text';
import { Button } from '../../ui/Button';
import { Dialog } from '../../ui/Dialog';
import { LoadError } from '../../ui/LoadError';
import { TextField } from '../../ui/TextField';
import * as cards from '../../ui/table-cards.css';
import * as styles from './api-keys.css';
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
  const { draft, created, revoking } = keys;
  const revokingName = revoking?.key.name ?? '';

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
        <>
          <div className={styles.toolbar}>
            <Button onClick={keys.openCreate}>
              <Trans>Create an API key</Trans>
            </Button>
          </div>
          {keys.keys.length === 0 ? (
            <p>
              <Trans>You have no API keys yet.</Trans>
            </p>
          ) : (
            <div className={styles.tableWrap}>
              <table className={styles.table}>
                <caption className={styles.muted}>
                  <Trans>Your API keys</Trans>
                </caption>
                <thead>
                  <tr>
                    <th className={styles.cell} scope="col">
                      <Trans>Name</Trans>
                    </th>
                    <th className={styles.cell} scope="col">
                      <Trans>Key starts with</Trans>
                    </th>
                    {kind === 'workshop' ? (
                      <th className={styles.cell} scope="col">
                        <Trans>Registered origins</Trans>
                      </th>
                    ) : null}
                    <th className={styles.cell} scope="col">
                      <Trans>Created</Trans>
                    </th>
                    <th className={styles.cell} scope="col">
                      <Trans>Last used</Trans>
                    </th>
                    <th className={styles.cell} scope="col">
                      <Trans>Status</Trans>
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {keys.keys.map((key) => (
                    <tr key={key.id}>
                      <th className={styles.cell} scope="row">
                        {key.name}
                      </th>
                      <td className={`${styles.cell} ${styles.code}`} data-label={t`Key starts with`}>
                        {key.prefix}…
                      </td>
                      {kind === 'workshop' ? (
                        <td
                          className={`${styles.cell} ${cards.cardWide} ${cards.breakAnywhere}`}
                          data-label={t`Registered origins`}
                        >
                          {key.allowed_origins.join(', ') || '—'}
                        </td>
                      ) : null}
                      <td className={`${styles.cell} ${cards.keepWords}`} data-label={t`Created`}>
                        {format.dateTime(key.created_at)}
                      </td>
                      <td className={`${styles.cell} ${cards.keepWords}`} data-label={t`Last used`}>
                        {key.last_used_at ? format.dateTime(key.last_used_at) : <Trans>Never</Trans>}
                      </td>
                      <td className={`${styles.cell} ${styles.actionCell} ${cards.cardFirst}`}>
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
                </tbody>
              </table>
            </div>
          )}
        </>
      ) : null}

      <Dialog
        open={draft !== null}
        onOpenChange={(open) => {
          if (!open) keys.cancelCreate();
        }}
        title={<Trans>Create an API key</Trans>}
        actions={
          <>
            <Button variant="secondary" onClick={keys.cancelCreate} disabled={keys.submitting}>
              <Trans>Cancel</Trans>
            </Button>
            <Button type="submit" form="api-key-form" busy={keys.submitting}>
              <Trans>Create key</Trans>
            </Button>
          </>
        }
      >
        <form
          id="api-key-form"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            keys.submit();
          }}
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
        </form>
        {draft?.failure ? <p role="alert">{draft.failure}</p> : null}
      </Dialog>

      <Dialog
        open={created !== null}
        onOpenChange={(open) => {
          if (!open) keys.done();
        }}
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
        actions={
          <Button onClick={keys.done}>
            <Trans>Done</Trans>
          </Button>
        }
      >
        <div className={styles.secretRow}>
          <output className={styles.secret} aria-label={t`API key`} data-testid="api-key-secret">
            {created?.secret ?? ''}
          </output>
          <Button variant="secondary" onClick={keys.copy}>
            {keys.copied ? <Trans>Copied</Trans> : <Trans>Copy key</Trans>}
          </Button>
        </div>
        <p className={styles.muted}>
          <Trans>Send it with every request as the header Authorization: Bearer followed by the key.</Trans>
        </p>
      </Dialog>

      <Dialog
        open={revoking !== null}
        onOpenChange={(open) => {
          if (!open) keys.cancelRevoke();
        }}
        title={<Trans>Revoke {revokingName}?</Trans>}
        description={
          <Trans>Requests with this key are refused at once. This cannot be undone; you can create a new key.</Trans>
        }
        actions={
          <>
            <Button variant="secondary" onClick={keys.cancelRevoke} disabled={keys.revokeBusy}>
              <Trans>Cancel</Trans>
            </Button>
            <Button onClick={keys.confirmRevoke} busy={keys.revokeBusy}>
              <Trans>Revoke key</Trans>
            </Button>
          </>
        }
      >
        {revoking?.failure ? <p role="alert">{revoking.failure}</p> : null}
      </Dialog>
    </section>
  );
}
