import { Trans, useLingui } from '@lingui/react/macro';
import type { adminLeadsMachine, LeadStatusFilter } from '../../../machines/admin-leads.machine';
import type { WorkshopLead } from '../../contracts/workshop';
import { Button } from '../../ui/Button';
import { Dialog } from '../../ui/Dialog';
import { InfoBox } from '../../ui/InfoBox';
import { Select } from '../../ui/Select';
import { TextField } from '../../ui/TextField';
import * as styles from '../users/users.css';
import { useAdminLeads } from './use-admin-leads';

type Implementations = Parameters<typeof adminLeadsMachine.provide>[0];

/** /users/leads: workshop invitation requests; approving sends the invitation to the wizard. */
export function LeadsView({ implementations }: { implementations: Implementations }) {
  const { t, i18n } = useLingui();
  const leads = useAdminLeads(implementations);
  const statusLabels: Record<WorkshopLead['status'], string> = {
    requested: t`Requested`,
    approved: t`Invitation sent`,
    registered: t`Account created`,
    verified: t`Verified`,
    rejected: t`Rejected`,
  };
  const page = leads.page;
  const lastPage = page ? Math.max(1, Math.ceil(page.total / page.page_size)) : 1;
  const pending = leads.pending;
  const pendingName = pending?.lead.workshop_account_name ?? '';
  return (
    <section aria-labelledby="leads-title">
      <h2 id="leads-title">
        <Trans>Invitation requests</Trans>
      </h2>
      <div className={styles.filters}>
        <Select
          label={t`Status`}
          value={leads.query.status}
          onValueChange={(value) => leads.filter(value as LeadStatusFilter)}
          placeholder={t`All`}
          options={Object.entries(statusLabels).map(([value, label]) => ({ value, label }))}
        />
      </div>
      {leads.error ? (
        <InfoBox tone="error">
          {leads.error}{' '}
          <Button variant="ghost" onClick={leads.retry}>
            <Trans>Try again</Trans>
          </Button>
        </InfoBox>
      ) : null}
      <div className={styles.tableWrap} aria-busy={leads.loading}>
        <table className={styles.table}>
          <caption className="visually-hidden">
            <Trans>Invitation requests</Trans>
          </caption>
          <thead>
            <tr>
              <th className={styles.cell} scope="col">
                <Trans>Workshop</Trans>
              </th>
              <th className={styles.cell} scope="col">
                <Trans>E-mail</Trans>
              </th>
              <th className={styles.cell} scope="col">
                <Trans>Form</Trans>
              </th>
              <th className={styles.cell} scope="col">
                <Trans>Received</Trans>
              </th>
              <th className={styles.cell} scope="col">
                <Trans>Status</Trans>
              </th>
              <th className={styles.cell} scope="col">
                <Trans>Action</Trans>
              </th>
            </tr>
          </thead>
          <tbody>
            {page && page.items.length === 0 ? (
              <tr>
                <td className={styles.cell} colSpan={6}>
                  <Trans>No requests with this status.</Trans>
                </td>
              </tr>
            ) : null}
            {page?.items.map((lead) => (
              <tr key={lead.id}>
                <td className={styles.cell}>{lead.workshop_account_name}</td>
                <td className={styles.cell}>{lead.email}</td>
                <td className={styles.cell}>{lead.mode === 'plain' ? t`Invitation request` : t`Workshop account`}</td>
                <td className={styles.cell}>{i18n.date(lead.created_at, { dateStyle: 'medium' })}</td>
                <td className={styles.cell}>
                  {statusLabels[lead.status]}
                  {lead.review_note ? <div>{lead.review_note}</div> : null}
                </td>
                <td className={styles.cell}>
                  {lead.status === 'requested' ? (
                    <Button disabled={!leads.canDecide} onClick={() => leads.request(lead, 'approve')}>
                      <Trans>Approve</Trans>
                    </Button>
                  ) : null}{' '}
                  {lead.status === 'requested' || lead.status === 'approved' ? (
                    <Button
                      variant="secondary"
                      disabled={!leads.canDecide}
                      onClick={() => leads.request(lead, 'reject')}
                    >
                      <Trans>Reject</Trans>
                    </Button>
                  ) : null}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <div className={styles.pager}>
        <span>{page ? <Trans>{page.total} requests</Trans> : null}</span>
        <div>
          <Button
            variant="ghost"
            disabled={!page || page.page <= 1}
            onClick={() => leads.goToPage((page?.page ?? 1) - 1)}
          >
            <Trans>Previous</Trans>
          </Button>
          <span>
            <Trans>
              Page {leads.query.page} of {lastPage}
            </Trans>
          </span>
          <Button
            variant="ghost"
            disabled={!page || page.page >= lastPage}
            onClick={() => leads.goToPage((page?.page ?? 1) + 1)}
          >
            <Trans>Next</Trans>
          </Button>
        </div>
      </div>
      <Dialog
        open={leads.dialogOpen}
        onOpenChange={(open) => {
          if (!open) leads.cancel();
        }}
        title={pending?.decision === 'approve' ? <Trans>Approve request?</Trans> : <Trans>Reject request?</Trans>}
        description={
          pending?.decision === 'approve' ? (
            <Trans>{pendingName} receives an invitation link to set up the account (valid for 7 days).</Trans>
          ) : (
            <Trans>{pendingName} is told by e-mail; an invitation already sent stops working.</Trans>
          )
        }
        actions={
          <>
            <Button variant="secondary" onClick={leads.cancel} disabled={leads.deciding}>
              <Trans>Cancel</Trans>
            </Button>
            <Button onClick={leads.confirm} busy={leads.deciding}>
              {pending?.decision === 'approve' ? <Trans>Approve</Trans> : <Trans>Reject</Trans>}
            </Button>
          </>
        }
      >
        {pending?.decision === 'reject' ? (
          <TextField
            label={t`Reason (sent to the requester)`}
            name="reason"
            value={pending.reason}
            onValueChange={leads.changeReason}
          />
        ) : null}
      </Dialog>
    </section>
  );
}
