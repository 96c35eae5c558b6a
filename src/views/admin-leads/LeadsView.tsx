import { Trans, useLingui } from '@lingui/react/macro';
import type { WorkshopLead } from '../../../common/contracts/workshop';
import type { adminLeadsMachine, LeadStatusFilter } from '../../../machines/admin-leads.machine';
import { Button } from '../../ui/Button';
import { Select } from '../../ui/Select';
import * as styles from '../admin/admin.css';
import { DecisionDialog } from '../admin/DecisionDialog';
import { ListError } from '../admin/ListError';
import { Pager } from '../admin/Pager';
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
      <ListError message={leads.error} onRetry={leads.retry} />
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
      <Pager
        page={leads.query.page}
        total={leads.page?.total ?? null}
        pageSize={leads.page?.page_size ?? 20}
        summary={<Trans>{leads.page?.total} requests</Trans>}
        onPage={leads.goToPage}
      />
      <DecisionDialog
        open={leads.dialogOpen}
        busy={leads.deciding}
        title={pending?.decision === 'approve' ? <Trans>Approve request?</Trans> : <Trans>Reject request?</Trans>}
        description={
          pending?.decision === 'approve' ? (
            <Trans>{pendingName} receives an invitation link to set up the account (valid for 7 days).</Trans>
          ) : (
            <Trans>{pendingName} is told by e-mail; an invitation already sent stops working.</Trans>
          )
        }
        confirmLabel={pending?.decision === 'approve' ? <Trans>Approve</Trans> : <Trans>Reject</Trans>}
        reason={pending?.decision === 'reject' ? pending.reason : null}
        onReasonChange={leads.changeReason}
        onCancel={leads.cancel}
        onConfirm={leads.confirm}
      />
    </section>
  );
}
