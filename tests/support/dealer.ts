/** A complete, valid dealer registration body (captcha answer and changes passed in). */
export function dealerRegistration(overrides: Record<string, unknown> = {}) {
  return {
    first_name: 'Dieter',
    last_name: 'Händler',
    company_name: 'Teile Händler GmbH',
    email: 'dieter@teile-haendler.de',
    contact_number: '+49 89 123456',
    street: 'Industriestraße 5',
    city: 'München',
    postcode: '80331',
    country: 'Deutschland',
    website: '',
    steerer: '',
    brands_served: ['BMW'],
    delivery_area: 'deutschlandweit',
    tax_id: 'DE123456789',
    ...overrides,
  };
}
