import type { AdminUser, UserDecision } from '../common/contracts/admin-users';
import { USER_STATUS, type UserStatus } from '../common/contracts/auth';
import { createReviewQueueMachine } from './review-queue';

/** The status filter's values: a select holds strings, the list's statuses are numbers. */
export type UserStatusFilter = `${UserStatus}`;

/** Waiting after the last keystroke before searching, so typing a name sends one request. */
export const SEARCH_DEBOUNCE_MS = 300;

/**
 * The system administrator's accounts on /users: search, status filter, 20 per page, and
 * activating (2 → 1) or deactivating (→ 3) an account after a confirmation.
 */
export const adminUsersMachine = createReviewQueueMachine<AdminUser, UserStatusFilter, UserDecision>({
  id: 'adminUsers',
  initialStatus: '',
  searchDebounceMs: SEARCH_DEBOUNCE_MS,
});

/**
 * The decision offered for an account: an active one can be deactivated, any other activated.
 * Administrators never change their own account (the server refuses it too).
 */
export function userDecisionsFor(user: AdminUser, viewerId: number): readonly UserDecision[] {
  if (user.id === viewerId) return [];
  return user.status === USER_STATUS.active ? ['deactivate'] : ['activate'];
}
