import type { DealerCustomer } from '../../common/contracts/customers';

/** A dealer's customer as the list shows it: a workshop's open request. */
export function aCustomer(overrides: Partial<DealerCustomer> = {}): DealerCustomer {
  return {
    id: 31,
    workshop_name: 'Autohaus Becker',
    contact_name: 'Max Becker',
    contact_email: 'max@autohaus-becker.de',
    contact_number: '+49 30 1234567',
    customer_number: 'K-4711',
    status: 'requested',
    decline_reason: null,
    requested_at: '2026-11-20T09:00:00.000Z',
    decided_at: null,
    ...overrides,
  };
}
