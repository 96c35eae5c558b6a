import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { INVITATION_VALID_DAYS, type WorkshopLead, workshopLeadStatuses } from '../../../common/contracts/workshop';
import { adminLeadsMachine, leadDecisionsFor } from '../../../machines/admin-leads.machine';
import { ReviewTable } from '../admin/ReviewTable';
import type { AdminLeadsImplementations } from './admin-leads-implementations';

/** /users/leads: workshop invitation requests; approving sends the invitation to the wizard. */
export function LeadsView({ implementations }: { implementations: AdminLeadsImplementations }) {
  const { t, i18n } = useLingui();
  const statusLabels: Record<WorkshopLead['status'], string> = {
    requested: t`Requested`,
    approved: t`Invitation sent`,
    registered: t`Account created`,
    verified: t`Verified`,
    rejected: t`Rejected`,
  };
  return (
    <ReviewTable
      machine={adminLeadsMachine}
      implementations={implementations}
      title={<Trans>Invitation requests</Trans>}
      caption={<Trans>Invitation requests</Trans>}
      statusOptions={workshopLeadStatuses.map((status) => ({ value: status, label: statusLabels[status] }))}
      columns={[
        { header: <Trans>Workshop</Trans>, cell: (lead: WorkshopLead) => lead.workshop_account_name },
        { header: <Trans>E-mail</Trans>, breakAnywhere: true, cell: (lead: WorkshopLead) => lead.email },
        {
          header: <Trans>Form</Trans>,
          cell: (lead: WorkshopLead) => (lead.mode === 'plain' ? t`Invitation request` : t`Workshop account`),
        },
        {
          header: <Trans>Received</Trans>,
          cell: (lead: WorkshopLead) => i18n.date(lead.created_at, { dateStyle: 'medium' }),
        },
        {
          header: <Trans>Status</Trans>,
          first: true,
          cell: (lead: WorkshopLead) => (
            <>
              {statusLabels[lead.status]}
              {lead.review_note ? <div>{lead.review_note}</div> : null}
            </>
          ),
        },
      ]}
      emptyMessage={<Trans>No requests with this status.</Trans>}
      summary={(page) => <Trans>{page.total} requests</Trans>}
      decisionsFor={leadDecisionsFor}
      itemName={(lead) => lead.workshop_account_name}
      decisions={{
        approve: {
          label: <Trans>Approve</Trans>,
          title: <Trans>Approve request?</Trans>,
          description: (pendingName) => (
            <Trans>
              {pendingName} receives an invitation link to set up the account (valid for{' '}
              <Plural value={INVITATION_VALID_DAYS} one="# day" other="# days" />
              ).
            </Trans>
          ),
        },
        reject: {
          label: <Trans>Reject</Trans>,
          secondary: true,
          title: <Trans>Reject request?</Trans>,
          description: (pendingName) => (
            <Trans>{pendingName} is told by e-mail; an invitation already sent stops working.</Trans>
          ),
          asksReason: true,
        },
      }}
    />
  );
}
