import { redirect } from '@tanstack/react-router';
import type { PublicUser, UserRole } from '../../common/contracts/auth';

/**
 * Route guard for the screens of one role (ADR 022): anyone else is sent to their dashboard. This
 * only steers the browser from the stored profile; the server checks the role on every request.
 */
export function requireRole(user: PublicUser, role: UserRole) {
  if (user.role !== role) {
    // An insurer's start is its claims (ADR 030); everyone else's their dashboard.
    throw redirect({ to: user.role === 'insurer_user' ? '/claims' : '/dashboard', replace: true });
  }
}
