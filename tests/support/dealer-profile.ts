import type { DealerProfile } from '../../common/contracts/dealer-organisation';

/** A dealer's profile as the server sends it. */
export function aProfile(overrides: Partial<DealerProfile> = {}): DealerProfile {
  return {
    organisation_id: 12,
    name: 'Teile Süd GmbH',
    tax_id: 'DE123456789',
    contact_email: 'info@teile-sued.de',
    contact_number: '+49 89 123456',
    street: 'Industriestraße 5',
    postcode: '80331',
    city: 'München',
    country: 'Deutschland',
    website: '',
    delivery_area: 'deutschlandweit',
    brands_served: ['BMW'],
    opening_hours: '',
    logo_url: null,
    updated_at: '2026-11-24T10:00:00.000Z',
    ...overrides,
  };
}
