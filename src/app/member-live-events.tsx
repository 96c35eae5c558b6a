import { type ReactNode, useEffect, useState } from 'react';
import type { PublicUser } from '../../common/contracts/auth';
import { createLiveEventSource, liveEventsUrl } from './live-event-source';
import { LiveEventsProvider } from './live-events';

function LiveConnection({ url, children }: { url: string; children: ReactNode }) {
  const [source] = useState(() => createLiveEventSource({ url, EventSource: window.EventSource, network: window }));
  useEffect(() => {
    source.start();
    return () => source.stop();
  }, [source]);
  return <LiveEventsProvider source={source}>{children}</LiveEventsProvider>;
}

/**
 * Opens the signed-in member's live event stream for everything below it (ADR 024): workshop and
 * dealer users only; other roles, and browsers without EventSource, keep the silent default. It
 * connects on mount and closes on unmount (logout leaves the signed-in layout), and a different
 * user gets a connection of their own.
 */
export function MemberLiveEvents({ user, children }: { user: PublicUser; children: ReactNode }) {
  const url = liveEventsUrl(user.role);
  if (!url || typeof window.EventSource !== 'function') return <>{children}</>;
  return (
    <LiveConnection key={`${user.id}:${url}`} url={url}>
      {children}
    </LiveConnection>
  );
}
