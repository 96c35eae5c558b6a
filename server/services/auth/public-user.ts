import type { PublicUser } from '../../../common/contracts/auth';
import { SERVICE_NAMES } from '../../../common/contracts/auth';
import type { ServerConfig } from '../../config';
import type { SessionUser } from '../../http/session-access';

type ServiceName = (typeof SERVICE_NAMES)[number];

function isServiceName(value: string): value is ServiceName {
  return (SERVICE_NAMES as readonly string[]).includes(value);
}

/** The profile the SPA may keep in localStorage: no hash, no internal timestamps. */
export function toPublicUser(user: SessionUser, config: ServerConfig): PublicUser {
  return {
    id: user.id,
    email: user.email,
    first_name: user.firstName,
    last_name: user.lastName,
    company_name: user.companyName,
    role: user.role,
    status: user.status,
    services: user.services.filter(isServiceName).map((name) => ({ name, url: config.serviceUrls[name] })),
    organisation: user.organisation,
  };
}
