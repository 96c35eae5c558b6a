import { createFileRoute, Outlet, redirect } from '@tanstack/react-router';

/**
 * Pathless layout for pages that need a signed-in user (spec §2: otherwise /login, remembering
 * where the user wanted to go). This is routing only; the API checks every request itself.
 */
export const Route = createFileRoute('/_authenticated')({
  beforeLoad: async ({ context, location }) => {
    const services = await context.services.ready();
    const user = await services.signedInUser();
    if (!user) {
      throw redirect({ to: '/login', search: { redirect: location.href } });
    }
    return { ...services, user };
  },
  component: Outlet,
});
