import type { AuthApi } from '../api/auth-api';
import type { SessionActor } from './session';

/** What every route's guards and components receive (style.md §7). */
export type RouterContext = {
  session: SessionActor;
  api: { auth: AuthApi };
};
