import { type AdminUser, STATUS_AFTER_USER_DECISION, type UserDecision } from '../../../common/contracts/admin-users';
import type { UserStatusFilter } from '../../../machines/admin-users.machine';
import type { ReviewQueueImplementations } from '../../../machines/review-queue';
import type { AdminUsersApi } from '../../api/admin-users-api';
import { createReviewQueueImplementations } from '../admin/use-review-queue';

export type AdminUsersImplementations = ReviewQueueImplementations<AdminUser, UserStatusFilter, UserDecision>;

/** The accounts list on the authentication service: a decision sets the account's status. */
export function createAdminUsersImplementations(deps: { adminUsersApi: AdminUsersApi }): AdminUsersImplementations {
  return createReviewQueueImplementations({
    loadPage: (query) => deps.adminUsersApi.listUsers(query),
    decide: ({ item, decision }) => deps.adminUsersApi.setUserStatus(item.id, STATUS_AFTER_USER_DECISION[decision]),
  });
}
