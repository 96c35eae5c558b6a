import { createRootRouteWithContext, Outlet } from '@tanstack/react-router';
import { PrerenderHandoff } from '../app/PrerenderHandoff';
import type { RouterContext } from '../app/router-context';
import { DeferredNotificationsHost } from '../views/notifications/DeferredNotificationsHost';

export const Route = createRootRouteWithContext<RouterContext>()({
  component: RootLayout,
});

function RootLayout() {
  const { earlyNotifications } = Route.useRouteContext();
  return (
    <>
      <Outlet />
      <PrerenderHandoff />
      <DeferredNotificationsHost earlyEvents={earlyNotifications} />
    </>
  );
}
