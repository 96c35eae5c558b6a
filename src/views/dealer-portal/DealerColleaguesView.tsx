import { Trans, useLingui } from '@lingui/react/macro';
import { USER_STATUS } from '../../../common/contracts/auth';
import type { dealerColleaguesMachine } from '../../../machines/dealer-colleagues.machine';
import { useMessageText } from '../../i18n/use-message-text';
import { Button } from '../../ui/Button';
import { Card } from '../../ui/Card';
import { DataTable } from '../../ui/DataTable';
import { Dialog } from '../../ui/Dialog';
import { Form } from '../../ui/Form';
import { LoadError } from '../../ui/LoadError';
import { TextField } from '../../ui/TextField';
import * as fieldStyles from '../dealer-fields/dealer-fields.css';
import * as styles from './dealer-portal.css';
import { useDealerColleagues } from './use-dealer-colleagues';

type Implementations = Parameters<typeof dealerColleaguesMachine.provide>[0];

/** /dealer/colleagues: the organisation's users, inviting a colleague, deactivating one (issue 12). */
export function DealerColleaguesView({ implementations }: { implementations: Implementations }) {
  const { t } = useLingui();
  const messageText = useMessageText();
  const colleagues = useDealerColleagues(implementations);
  const pendingName = colleagues.confirming
    ? `${colleagues.confirming.first_name} ${colleagues.confirming.last_name}`
    : '';
  const statusText = (status: number) =>
    status === USER_STATUS.active ? t`Active` : status === USER_STATUS.deactivated ? t`Deactivated` : t`Pending`;
  return (
    <section aria-labelledby="colleagues-title" aria-busy={colleagues.loading} className={styles.page}>
      <h1 id="colleagues-title">
        <Trans>Colleagues</Trans>
      </h1>
      {colleagues.loading ? (
        <p role="status">
          <Trans>Loading your colleagues…</Trans>
        </p>
      ) : null}
      <LoadError message={colleagues.loadError} onRetry={colleagues.retry} />
      {colleagues.ready ? (
        <>
          <Card aria-labelledby="colleague-list-title">
            <h2 id="colleague-list-title">
              <Trans>Users of your organisation</Trans>
            </h2>
            <DataTable
              wrap={false}
              classNames={styles}
              items={colleagues.list}
              columns={[
                {
                  header: <Trans>Name</Trans>,
                  cell: (colleague) => (
                    <>
                      {`${colleague.first_name} ${colleague.last_name}`}
                      {colleague.is_you ? (
                        <>
                          {' '}
                          <strong>
                            <Trans>(you)</Trans>
                          </strong>
                        </>
                      ) : null}
                    </>
                  ),
                },
                { header: <Trans>Email</Trans>, breakAnywhere: true, cell: (colleague) => colleague.email },
                { header: <Trans>Status</Trans>, first: true, cell: (colleague) => statusText(colleague.status) },
                {
                  header: <Trans>Actions</Trans>,
                  first: true,
                  cell: (colleague) => {
                    const name = `${colleague.first_name} ${colleague.last_name}`;
                    return colleague.is_you ? null : colleague.status === USER_STATUS.deactivated ? (
                      <Button
                        variant="secondary"
                        onClick={() => colleagues.reactivate(colleague)}
                        disabled={!colleagues.canChange}
                        busy={colleagues.changingId === colleague.id}
                        aria-label={t`Reactivate ${name}`}
                      >
                        <Trans>Reactivate</Trans>
                      </Button>
                    ) : (
                      <Button
                        variant="secondary"
                        onClick={() => colleagues.deactivate(colleague)}
                        disabled={!colleagues.canChange}
                        busy={colleagues.changingId === colleague.id}
                        aria-label={t`Deactivate ${name}`}
                      >
                        <Trans>Deactivate</Trans>
                      </Button>
                    );
                  },
                },
              ]}
            />
          </Card>
          <Card aria-labelledby="invite-title">
            <h2 id="invite-title">
              <Trans>Invite a colleague</Trans>
            </h2>
            <p>
              <Trans>
                Your colleague receives an e-mail with a link to register. They then act for your organisation.
              </Trans>
            </p>
            <Form onValid={colleagues.invite}>
              <div className={fieldStyles.grid}>
                <TextField
                  label={t`First name`}
                  name="first_name"
                  autoComplete="off"
                  value={colleagues.values.first_name}
                  onValueChange={(value) => colleagues.change('first_name', value)}
                  error={messageText(colleagues.errors.first_name)}
                />
                <TextField
                  label={t`Email`}
                  name="email"
                  type="email"
                  inputMode="email"
                  autoComplete="off"
                  value={colleagues.values.email}
                  onValueChange={(value) => colleagues.change('email', value)}
                  error={messageText(colleagues.errors.email)}
                />
              </div>
              <Button type="submit" busy={colleagues.inviting} busyLabel={t`Sending…`}>
                <Trans>Send invitation</Trans>
              </Button>
            </Form>
          </Card>
        </>
      ) : null}
      <Dialog
        open={colleagues.confirming !== null}
        onOpenChange={(open) => {
          if (!open) colleagues.cancel();
        }}
        title={<Trans>Deactivate this colleague?</Trans>}
        description={
          colleagues.confirming ? (
            <Trans>{pendingName} is signed out at once and can no longer sign in until reactivated.</Trans>
          ) : undefined
        }
        actions={
          <>
            <Button variant="secondary" onClick={colleagues.cancel}>
              <Trans>Cancel</Trans>
            </Button>
            <Button onClick={colleagues.confirm}>
              <Trans>Deactivate</Trans>
            </Button>
          </>
        }
      />
    </section>
  );
}
