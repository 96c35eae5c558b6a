import type { PublicUser } from '../../common/contracts/auth';

export function aUser(overrides: Partial<PublicUser> = {}): PublicUser {
  return {
    id: 7,
    email: 'werkstatt@example.de',
    first_name: 'Jana',
    last_name: 'Schulz',
    company_name: 'Schulz Kfz-Technik',
    role: 'user',
    status: 1,
    services: [],
    organisation: null,
    ...overrides,
  };
}
