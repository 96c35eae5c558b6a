import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useId, useRef } from 'react';
import { ADMIN_PAGE_SIZE } from '../../../common/contracts/admin-users';
import {
  ORGANISATION_KINDS,
  type OrganisationKind,
  USER_STATUS,
  type UserRole,
  type UserStatus,
} from '../../../common/contracts/auth';
import {
  type AdminOrganisation,
  ORGANISATION_STATES,
  type OrganisationState,
} from '../../../common/contracts/organisations';
import type { RelationStatus } from '../../../common/contracts/relations';
import { useMessageText } from '../../i18n/use-message-text';
import { Button } from '../../ui/Button';
import { Card } from '../../ui/Card';
import { DataTable } from '../../ui/DataTable';
import { Dialog } from '../../ui/Dialog';
import { Form } from '../../ui/Form';
import { LoadError } from '../../ui/LoadError';
import { Pager } from '../../ui/Pager';
import { Select } from '../../ui/Select';
import { TextField } from '../../ui/TextField';
import * as styles from '../admin/admin.css';
import * as forms from '../forms.css';
import type { AdminOrganisationsImplementations } from './admin-organisations-implementations';
import { useAdminOrganisations } from './use-admin-organisations';

/**
 * /users/organisations (ADR 022): workshops, dealers and insurers; one opened below the list with
 * its users and relations, deactivated or reactivated after a confirmation, and a person invited.
 */
export function OrganisationsView({ implementations }: { implementations: AdminOrganisationsImplementations }) {
  const { t, i18n } = useLingui();
  const messageText = useMessageText();
  const titleId = useId();
  const detailHeading = useRef<HTMLHeadingElement>(null);
  const screen = useAdminOrganisations(implementations);
  const kindLabels: Record<OrganisationKind, string> = {
    workshop: t`Workshop`,
    dealer: t`Part dealer`,
    insurer: t`Insurer`,
  };
  const stateLabels: Record<OrganisationState, string> = { active: t`Active`, deactivated: t`Deactivated` };
  const userStatusLabels: Record<UserStatus, string> = {
    [USER_STATUS.active]: t`Active`,
    [USER_STATUS.pendingVerification]: t`Pending verification`,
    [USER_STATUS.deactivated]: t`Deactivated`,
  };
  const roleLabels: Record<UserRole, string> = {
    user: t`User`,
    system_admin: t`Administrator`,
    workshop_user: t`Workshop user`,
    dealer_user: t`Dealer user`,
    insurer_user: t`Insurer user`,
  };
  const relationLabels: Record<RelationStatus, string> = {
    requested: t`Requested`,
    active: t`Active`,
    declined: t`Declined`,
  };
  const opened = screen.detail?.organisation ?? null;
  const openedName = opened?.name ?? '';
  // The opened organisation's heading takes the focus once it has loaded, so keyboard and screen
  // reader users land where the content appeared.
  const openedId = opened?.id ?? null;
  useEffect(() => {
    if (openedId !== null) detailHeading.current?.focus();
  }, [openedId]);

  return (
    <>
      <section aria-labelledby={titleId}>
        <h2 id={titleId}>
          <Trans>Organisations</Trans>
        </h2>
        <div className={styles.filtersThree}>
          <TextField
            label={t`Search by name`}
            type="search"
            name="search"
            value={screen.query.search}
            onValueChange={screen.search}
          />
          <Select
            label={t`Kind`}
            value={screen.query.kind}
            onValueChange={(value) => screen.filterKind(ORGANISATION_KINDS.find((kind) => kind === value) ?? '')}
            placeholder={t`All`}
            options={ORGANISATION_KINDS.map((kind) => ({ value: kind, label: kindLabels[kind] }))}
          />
          <Select
            label={t`Status`}
            value={screen.query.status}
            onValueChange={(value) => screen.filterStatus(ORGANISATION_STATES.find((state) => state === value) ?? '')}
            placeholder={t`All`}
            options={ORGANISATION_STATES.map((state) => ({ value: state, label: stateLabels[state] }))}
          />
        </div>
        {/* Insurers have no registration of their own (ADR 030): created here, then their first user invited. */}
        {screen.insurerOpen ? (
          <Form onValid={screen.submitInsurer} aria-labelledby="new-insurer-title">
            <h3 id="new-insurer-title">
              <Trans>New insurer</Trans>
            </h3>
            <TextField
              label={t`Insurer name`}
              name="insurer_name"
              value={screen.insurerName}
              onValueChange={screen.changeInsurerName}
              error={messageText(screen.insurerError)}
            />
            <div className={styles.actions}>
              <Button variant="secondary" onClick={screen.cancelInsurer} disabled={screen.insurerBusy}>
                <Trans>Cancel</Trans>
              </Button>
              <Button type="submit" busy={screen.insurerBusy} busyLabel={t`Sending…`}>
                <Trans>Create insurer</Trans>
              </Button>
            </div>
          </Form>
        ) : (
          <p>
            <Button variant="secondary" onClick={screen.newInsurer}>
              <Trans>New insurer</Trans>
            </Button>
          </p>
        )}
        <LoadError message={screen.listError} onRetry={screen.retryList} />
        <DataTable
          caption={<Trans>Organisations</Trans>}
          busy={screen.listLoading}
          items={screen.page?.items}
          empty={<Trans>No organisations match this search.</Trans>}
          columns={[
            { header: <Trans>Name</Trans>, cell: (organisation: AdminOrganisation) => organisation.name },
            { header: <Trans>Kind</Trans>, cell: (organisation) => kindLabels[organisation.kind] },
            { header: <Trans>Users</Trans>, cell: (organisation) => organisation.member_count },
            { header: <Trans>Status</Trans>, first: true, cell: (organisation) => stateLabels[organisation.status] },
            {
              header: <Trans>Action</Trans>,
              first: true,
              cell: (organisation) => (
                <Button
                  variant="secondary"
                  aria-label={t`Open ${organisation.name}`}
                  aria-pressed={screen.openedId === organisation.id}
                  onClick={() => screen.open(organisation.id)}
                >
                  <Trans>Open</Trans>
                </Button>
              ),
            },
          ]}
        />
        <Pager
          page={screen.query.page}
          total={screen.page?.total ?? null}
          pageSize={screen.page?.page_size ?? ADMIN_PAGE_SIZE}
          summary={screen.page ? <Trans>{screen.page.total} organisations</Trans> : null}
          onPage={screen.goToPage}
        />
      </section>

      {screen.openedId !== null ? (
        <Card
          aria-labelledby={opened ? 'organisation-title' : undefined}
          aria-label={opened ? undefined : t`Opened organisation`}
          aria-busy={screen.detailLoading}
        >
          {screen.detailLoading && !opened ? (
            <p role="status">
              <Trans>Loading the organisation…</Trans>
            </p>
          ) : null}
          <LoadError message={screen.detailError} onRetry={screen.retryDetail} />
          {opened && screen.detail ? (
            <>
              <h2 id="organisation-title" ref={detailHeading} tabIndex={-1}>
                {opened.name}
              </h2>
              <p>
                {kindLabels[opened.kind]} · {stateLabels[opened.status]} ·{' '}
                <Trans>since {i18n.date(opened.created_at, { dateStyle: 'medium' })}</Trans>
              </p>
              <div className={styles.actions}>
                <Button
                  variant={screen.change === 'deactivate' ? 'secondary' : 'primary'}
                  disabled={!screen.actionable}
                  onClick={screen.requestChange}
                >
                  {screen.change === 'deactivate' ? <Trans>Deactivate</Trans> : <Trans>Reactivate</Trans>}
                </Button>
                {screen.canInvite ? (
                  <Button onClick={screen.openInvite}>
                    <Trans>Invite a user</Trans>
                  </Button>
                ) : null}
                <Button variant="ghost" onClick={screen.close}>
                  <Trans>Close</Trans>
                </Button>
              </div>

              {screen.inviteOpen ? (
                <Form onValid={screen.submitInvite} aria-labelledby="organisation-invite-title">
                  <h3 id="organisation-invite-title">
                    <Trans>Invite a user into {openedName}</Trans>
                  </h3>
                  <div className={forms.twoColumns}>
                    <TextField
                      label={t`First name`}
                      name="organisation_invite_first_name"
                      value={screen.invite.first_name}
                      onValueChange={(value) => screen.changeInvite('first_name', value)}
                      error={messageText(screen.inviteErrors.first_name)}
                    />
                    <TextField
                      label={t`Email`}
                      type="email"
                      name="organisation_invite_email"
                      value={screen.invite.email}
                      onValueChange={(value) => screen.changeInvite('email', value)}
                      error={messageText(screen.inviteErrors.email)}
                    />
                  </div>
                  <div className={styles.actions}>
                    <Button variant="secondary" onClick={screen.cancelInvite} disabled={screen.inviteBusy}>
                      <Trans>Cancel</Trans>
                    </Button>
                    <Button type="submit" busy={screen.inviteBusy} busyLabel={t`Sending…`}>
                      <Trans>Send invitation</Trans>
                    </Button>
                  </div>
                </Form>
              ) : null}

              <h3>
                <Trans>Users</Trans>
              </h3>
              {screen.detail.members.length === 0 ? (
                <p>
                  <Trans>This organisation has no users yet. Invite the first one.</Trans>
                </p>
              ) : (
                <DataTable
                  caption={<Trans>Users of {openedName}</Trans>}
                  items={screen.detail.members}
                  columns={[
                    {
                      header: <Trans>Name</Trans>,
                      cell: (member) => (
                        <>
                          {member.first_name} {member.last_name}
                        </>
                      ),
                    },
                    { header: <Trans>E-mail</Trans>, breakAnywhere: true, cell: (member) => member.email },
                    { header: <Trans>Role</Trans>, cell: (member) => roleLabels[member.role] },
                    { header: <Trans>Status</Trans>, cell: (member) => userStatusLabels[member.status] },
                  ]}
                />
              )}

              <h3>{opened.kind === 'dealer' ? <Trans>Workshops</Trans> : <Trans>Dealers</Trans>}</h3>
              {screen.detail.relations.length === 0 ? (
                <p>
                  <Trans>No relations yet.</Trans>
                </p>
              ) : (
                <DataTable
                  caption={<Trans>Relations of {openedName}</Trans>}
                  items={screen.detail.relations}
                  columns={[
                    { header: <Trans>Name</Trans>, cell: (relation) => relation.name },
                    { header: <Trans>Customer number</Trans>, cell: (relation) => relation.customer_number },
                    { header: <Trans>Status</Trans>, cell: (relation) => relationLabels[relation.status] },
                  ]}
                />
              )}
            </>
          ) : null}
        </Card>
      ) : null}

      <Dialog
        open={screen.dialogOpen}
        onOpenChange={(isOpen) => {
          if (!isOpen) screen.cancelChange();
        }}
        title={
          screen.change === 'deactivate' ? (
            <Trans>Deactivate organisation?</Trans>
          ) : (
            <Trans>Reactivate organisation?</Trans>
          )
        }
        description={
          screen.change === 'deactivate' ? (
            <Trans>The users of {openedName} are signed out at once and can no longer sign in.</Trans>
          ) : (
            <Trans>The users of {openedName} can sign in again.</Trans>
          )
        }
        actions={
          <>
            <Button variant="secondary" onClick={screen.cancelChange} disabled={screen.changing}>
              <Trans>Cancel</Trans>
            </Button>
            <Button onClick={screen.confirmChange} busy={screen.changing}>
              {screen.change === 'deactivate' ? <Trans>Deactivate</Trans> : <Trans>Reactivate</Trans>}
            </Button>
          </>
        }
      />
    </>
  );
}
