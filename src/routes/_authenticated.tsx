import { createFileRoute, Outlet, redirect } from '@tanstack/react-router';
import { waitFor } from 'xstate';

/**
 * Pathless layout for pages that need a signed-in user (spec §2: otherwise /login, remembering
 * where the user wanted to go). This is routing only; the API checks every request itself.
 */
export const Route = createFileRoute('/_authenticated')({
  beforeLoad: async ({ context, location }) => {
    const snapshot = await waitFor(
      context.session,
      (state) => !state.matches('restoring') && !state.matches('checking'),
    );
    if (!snapshot.context.user) {
      throw redirect({ to: '/login', search: { redirect: location.href } });
    }
    return { user: snapshot.context.user };
  },
  component: Outlet,
});
