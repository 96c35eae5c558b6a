import { Trans, useLingui } from '@lingui/react/macro';
import { DEALER_LEAD_STATUSES, type DealerLead } from '../../../common/contracts/dealer';
import { adminDealersMachine, dealerDecisionsFor } from '../../../machines/admin-leads.machine';
import { ReviewTable } from '../admin/ReviewTable';
import type { AdminDealersImplementations } from './admin-leads-implementations';

/** /users/dealers: part-dealer registrations, verified or rejected by a system administrator. */
export function DealerLeadsView({ implementations }: { implementations: AdminDealersImplementations }) {
  const { t, i18n } = useLingui();
  const statusLabels: Record<DealerLead['status'], string> = {
    UNVERIFIED: t`Unverified`,
    VERIFIED: t`Verified`,
    REJECTED: t`Rejected`,
  };
  const toldByEmail = (pendingName: string) => <Trans>{pendingName} is told by e-mail.</Trans>;
  return (
    <ReviewTable
      machine={adminDealersMachine}
      implementations={implementations}
      title={<Trans>Dealer registrations</Trans>}
      caption={<Trans>Dealer registrations</Trans>}
      statusOptions={DEALER_LEAD_STATUSES.map((status) => ({
        value: status,
        label: statusLabels[status],
      }))}
      columns={[
        { header: <Trans>Company</Trans>, cell: (lead: DealerLead) => lead.company_name },
        {
          header: <Trans>Contact</Trans>,
          cell: (lead: DealerLead) => (
            <>
              {lead.first_name} {lead.last_name}
              <br />
              {lead.email}
            </>
          ),
        },
        { header: <Trans>City</Trans>, cell: (lead: DealerLead) => `${lead.city}, ${lead.country}` },
        { header: <Trans>Brands</Trans>, cell: (lead: DealerLead) => lead.brands_served.join(', ') },
        {
          header: <Trans>Received</Trans>,
          cell: (lead: DealerLead) => i18n.date(lead.created_at, { dateStyle: 'medium' }),
        },
        { header: <Trans>Status</Trans>, first: true, cell: (lead: DealerLead) => statusLabels[lead.status] },
      ]}
      emptyMessage={<Trans>No registrations with this status.</Trans>}
      summary={(page) => <Trans>{page.total} registrations</Trans>}
      decisionsFor={dealerDecisionsFor}
      itemName={(lead) => lead.company_name}
      decisions={{
        verify: {
          label: <Trans>Verify</Trans>,
          title: <Trans>Verify dealer?</Trans>,
          description: (pendingName) => (
            <Trans>
              {pendingName} is told by e-mail. The dealer organisation is created and its contact person is invited as
              its first user.
            </Trans>
          ),
          asksChoice: { label: t`This is a dealer from the list (optional)`, placeholder: t`A new dealer` },
        },
        reject: {
          label: <Trans>Reject</Trans>,
          secondary: true,
          title: <Trans>Reject dealer?</Trans>,
          description: toldByEmail,
          asksReason: true,
        },
      }}
    />
  );
}
