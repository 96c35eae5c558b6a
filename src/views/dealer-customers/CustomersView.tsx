import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { DECLINE_REASON_MAX_LENGTH, type DealerCustomer } from '../../../common/contracts/customers';
import { RELATION_STATUSES, type RelationStatus } from '../../../common/contracts/relations';
import { customerDecisionsFor, dealerCustomersMachine } from '../../../machines/dealer-customers.machine';
import { ReviewTable } from '../admin/ReviewTable';
import type { DealerCustomersImplementations } from './dealer-customers-implementations';

/**
 * /dealer/customers (ADR 022): the workshops that named this dealer with their customer number
 * there; the dealer confirms the number (the connection becomes active) or declines with a reason.
 */
export function CustomersView({ implementations }: { implementations: DealerCustomersImplementations }) {
  const { t, i18n } = useLingui();
  const statusLabels: Record<RelationStatus, string> = {
    requested: t`Requested`,
    active: t`Active`,
    declined: t`Declined`,
  };
  const date = (iso: string) => i18n.date(iso, { dateStyle: 'medium' });
  return (
    <>
      <h1>
        <Trans>Customers</Trans>
      </h1>
      <p>
        <Trans>
          Workshops that named you as their supplier, with their customer number at your company. Confirm the number to
          activate the connection, or decline it with a reason the workshop reads.
        </Trans>
      </p>
      <ReviewTable
        machine={dealerCustomersMachine}
        implementations={implementations}
        title={<Trans>Workshops</Trans>}
        caption={<Trans>Workshops and their customer numbers</Trans>}
        searchLabel={t`Search by workshop or customer number`}
        statusOptions={RELATION_STATUSES.map((status) => ({ value: status, label: statusLabels[status] }))}
        columns={[
          { header: <Trans>Workshop</Trans>, cell: (customer: DealerCustomer) => customer.workshop_name },
          {
            header: <Trans>Contact</Trans>,
            cell: (customer: DealerCustomer) => (
              <>
                {customer.contact_name}
                <br />
                <a href={`mailto:${customer.contact_email}`}>{customer.contact_email}</a>
                {customer.contact_number ? (
                  <>
                    <br />
                    {customer.contact_number}
                  </>
                ) : null}
              </>
            ),
          },
          { header: <Trans>Customer number</Trans>, cell: (customer: DealerCustomer) => customer.customer_number },
          {
            header: <Trans>Since</Trans>,
            cell: (customer: DealerCustomer) => date(customer.decided_at ?? customer.requested_at),
          },
          {
            header: <Trans>Status</Trans>,
            first: true,
            cell: (customer: DealerCustomer) => (
              <>
                {statusLabels[customer.status]}
                {customer.decline_reason ? <div>{customer.decline_reason}</div> : null}
              </>
            ),
          },
        ]}
        emptyMessage={<Trans>No workshops with this status.</Trans>}
        summary={(page) => <Plural value={page.total} one="# workshop" other="# workshops" />}
        decisionsFor={customerDecisionsFor}
        itemName={({ workshop_name: workshop, customer_number: customerNumber }) =>
          t`${workshop} (customer number ${customerNumber})`
        }
        decisions={{
          accept: {
            label: <Trans>Accept</Trans>,
            title: <Trans>Confirm the customer number?</Trans>,
            description: (pendingName) => (
              <Trans>The connection with {pendingName} becomes active; the workshop is told by e-mail.</Trans>
            ),
          },
          decline: {
            label: <Trans>Decline</Trans>,
            secondary: true,
            title: <Trans>Decline the connection?</Trans>,
            description: (pendingName) => <Trans>{pendingName} is told by e-mail, with your reason.</Trans>,
            asksReason: true,
            reason: {
              label: t`Reason (the workshop reads it)`,
              required: true,
              maxLength: DECLINE_REASON_MAX_LENGTH,
            },
          },
        }}
      />
    </>
  );
}
