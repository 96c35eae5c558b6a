import { lazy, Suspense, useEffect, useState } from 'react';
import type { EarlyNotificationEvents } from './early-events';

const NotificationsHost = lazy(() =>
  import('./NotificationsHost').then((module) => ({ default: module.NotificationsHost })),
);

/** Mounts the snackbar/loader host once the page has loaded, keeping it off the first-load path. */
export function DeferredNotificationsHost({ earlyEvents }: { earlyEvents: EarlyNotificationEvents }) {
  const [pageLoaded, setPageLoaded] = useState(false);
  useEffect(() => {
    if (pageLoaded) return;
    if (document.readyState === 'complete') {
      setPageLoaded(true);
      return;
    }
    const onLoad = () => setPageLoaded(true);
    window.addEventListener('load', onLoad, { once: true });
    return () => window.removeEventListener('load', onLoad);
  }, [pageLoaded]);
  if (!pageLoaded) return null;
  return (
    <Suspense fallback={null}>
      <NotificationsHost earlyEvents={earlyEvents} />
    </Suspense>
  );
}
