import { type ReactNode, useEffect, useState } from 'react';
import type { PublicUser } from '../../common/contracts/auth';
import { createLiveEventSource, liveEventsUrl } from './live-event-source';
import { LiveEventsProvider } from './live-events';

type AccessCheck = { onAccessEnded: () => void };

function LiveConnection({ url, onAccessEnded, children }: { url: string; children: ReactNode } & AccessCheck) {
  const [source] = useState(() =>
    createLiveEventSource({ url, EventSource: window.EventSource, network: window, onAccessEnded }),
  );
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
 * user gets a connection of their own. When the server ends the stream for lost access,
 * `onAccessEnded` checks the session (a 401 signs out, as any 401 does).
 */
export function MemberLiveEvents({
  user,
  onAccessEnded,
  children,
}: { user: PublicUser; children: ReactNode } & AccessCheck) {
  const url = liveEventsUrl(user.role);
  if (!url || typeof window.EventSource !== 'function') return <>{children}</>;
  return (
    <LiveConnection key={`${user.id}:${url}`} url={url} onAccessEnded={onAccessEnded}>
      {children}
    </LiveConnection>
  );
}
