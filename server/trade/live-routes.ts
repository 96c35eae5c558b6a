import { type Context, Hono } from 'hono';
import { streamSSE } from 'hono/streaming';
import { MEMBER_ROLE_OF_KIND } from '../../common/contracts/auth';
import type { ServerDeps } from '../context';
import type { AccessChange } from '../http/access-changes';
import { ApiRefusal } from '../http/respond';
import type { MemberEnv, SessionAccess } from '../http/session-access';
import { currentSessionUser, presentedSessionHash } from '../http/sessions';
import type { LiveCloseReason, LiveMessage, LiveStart } from './live-hub';

/** How long a browser waits before reconnecting after the stream ended (the SSE `retry:` field). */
export const LIVE_RETRY_MS = 3000;

/**
 * Unsent messages a stream may hold before it is ended: a client that stopped reading reconnects
 * and resumes from the log instead of piling up memory here.
 */
const MAX_BACKLOG = 2000;

/**
 * Where a stream resumes: `Last-Event-ID` (sent by a reconnecting EventSource) before `?after=`
 * (a fresh EventSource cannot set headers); null when neither is given. Anything but a whole
 * number is a translated 400.
 */
function resumePosition(c: Context) {
  const raw = c.req.header('last-event-id') || c.req.query('after');
  if (raw === undefined || raw === '') return null;
  if (!/^\d{1,15}$/.test(raw)) throw new ApiRefusal(400, 'invalidRequest');
  return Number(raw);
}

/** Seconds a client refused for too many open streams is asked to wait (one of its streams may close meanwhile). */
const TOO_MANY_STREAMS_RETRY_SECONDS = 30;

/**
 * What a stream's access rests on (ADR 045): its session (or API key), the user behind it and the
 * organisation. An access change naming one of them ends the stream at once (a deleted session)
 * or has `stillAllowed` asked again (a user, an organisation, a key changed; after a listener
 * outage, every stream).
 */
export type StreamAccess = {
  sessionIdHash: string | null;
  apiKeyId: number | null;
  userId: number | null;
  stillAllowed: () => Promise<boolean>;
};

/** What an access change means for one stream: end it now, ask again, or nothing. */
export function accessChangeVerdict(
  change: AccessChange,
  access: StreamAccess,
  organisationId: number,
): 'end' | 'check' | null {
  switch (change.kind) {
    case 'session':
      return change.idHash === access.sessionIdHash ? 'end' : null;
    case 'user':
      return change.id === access.userId ? 'check' : null;
    case 'organisation':
      return change.id === organisationId ? 'check' : null;
    case 'apiKey':
      return change.id === access.apiKeyId ? 'check' : null;
    case 'everything':
      return 'check';
  }
}

/** The SSE block that opens a stream (`ready`), preceded by `reload` when the client must read its data again. */
function startBlocks(position: number, how: LiveStart) {
  const data = JSON.stringify({ last_event_id: position });
  const ready = `event: ready\nid: ${position}\ndata: ${data}\n\n`;
  return how === 'reload' ? `event: reload\nid: ${position}\ndata: ${data}\n\n${ready}` : ready;
}

/**
 * The trade events a reader may see as Server-Sent Events (ADR 024, ADR 045), event id = the
 * organisation's own position of the event (1, 2, 3 …; never the log id). A resume (`Last-Event-ID`,
 * else `?after=`) replays the organisation's events after that position, then the stream goes live
 * (beyond the horizon or ahead of its newest: `reload`, then live from its newest). At most
 * `liveLimits` streams per session or key and per organisation are open in a process; beyond
 * that a translated 429 with Retry-After. An access change (ADR 043) that ends or narrows the
 * stream's access ends it at once with `event: ended`; besides, a comment every
 * `liveHeartbeatMs` keeps proxies from closing it and `stillAllowed` is asked again every
 * `liveSessionCheckMs` (a safety net should an announcement be lost).
 */
export function streamTradeEvents(
  c: Context,
  deps: ServerDeps,
  reader: { kind: 'workshop' | 'dealer'; organisationId: number },
  access: StreamAccess,
) {
  const { liveHub, config, accessChanges } = deps;
  const { kind, organisationId } = reader;
  const { stillAllowed } = access;
  const after = resumePosition(c);
  const holderKey = access.apiKeyId !== null ? `apiKey:${access.apiKeyId}` : `session:${access.sessionIdHash}`;
  const release = liveHub.reserve({ key: holderKey, organisationId });
  if (!release) {
    throw new ApiRefusal(429, 'tooManyLiveStreams', {
      headers: { 'Retry-After': String(TOO_MANY_STREAMS_RETRY_SECONDS) },
    });
  }
  // Proxies (nginx) would otherwise hold the stream back in their buffers.
  c.header('X-Accel-Buffering', 'no');
  return streamSSE(c, async (stream) => {
    let ended = false;
    let backlog = 0;
    let writing: Promise<unknown> = Promise.resolve();
    let finish = () => {};
    const finished = new Promise<void>((resolve) => {
      finish = resolve;
    });

    // The stream's writer queues writes in order; `writing` is the last one, awaited at the end.
    const write = (chunk: string | Uint8Array) => {
      if (ended) return;
      backlog += 1;
      if (backlog > MAX_BACKLOG) {
        end();
        stream.abort();
        return;
      }
      writing = stream.write(chunk).then(() => {
        backlog -= 1;
      });
    };

    const timers: NodeJS.Timeout[] = [];
    let registration: { remove: () => void } | null = null;
    let unsubscribe = () => {};
    function end() {
      if (ended) return;
      ended = true;
      for (const timer of timers) clearInterval(timer);
      registration?.remove();
      unsubscribe();
      release?.();
      finish();
    }
    stream.onAbort(end);

    /** The access is gone: the client is told so (it stops reconnecting and checks its session). */
    const endForAccess = () => {
      write(`event: ended\ndata: ${JSON.stringify({ reason: 'access' })}\n\n`);
      end();
    };
    const check = () => {
      stillAllowed()
        .then((allowed) => {
          if (!allowed) endForAccess();
        })
        .catch(() => {
          // The database is unreachable: the stream stays; the next check decides.
        });
    };
    unsubscribe = accessChanges.subscribe((change) => {
      const verdict = accessChangeVerdict(change, access, organisationId);
      if (verdict === 'end') endForAccess();
      else if (verdict === 'check') check();
    });

    write(`retry: ${LIVE_RETRY_MS}\n\n`);
    registration = liveHub.add(
      {
        reader: { kind, organisationId },
        // The position the stream starts from, so that a client that connected without one
        // can resume from it after a drop even if no event arrived in between.
        start: (position: number, how: LiveStart) => write(startBlocks(position, how)),
        deliver: (messages: readonly LiveMessage[]) =>
          write(
            messages.length === 1
              ? (messages[0] as LiveMessage).bytes
              : Buffer.concat(messages.map((message) => message.bytes)),
          ),
        close: (reason: LiveCloseReason) => {
          // On shutdown the client is asked to come back soon (spread out, to another process).
          if (reason === 'shutdown') write(`retry: ${250 + Math.floor(Math.random() * 1000)}\n\n`);
          end();
        },
      },
      after,
    );

    timers.push(setInterval(() => write(': heartbeat\n\n'), config.liveHeartbeatMs));
    timers.push(setInterval(check, config.liveSessionCheckMs));
    if (ended) for (const timer of timers) clearInterval(timer);

    await finished;
    await writing;
  });
}

/** `GET /events` of a member service (ADR 024): the member's trade events; the session is checked again while it runs. */
export function createLiveEventRoutes(deps: ServerDeps, access: SessionAccess, kind: 'workshop' | 'dealer') {
  const { db } = deps.database;
  const routes = new Hono<MemberEnv>();

  routes.get('/events', access.requireMember(kind), (c) => {
    const organisationId = c.get('organisation').id;
    const userId = c.get('user').id;
    return streamTradeEvents(
      c,
      deps,
      { kind, organisationId },
      {
        sessionIdHash: presentedSessionHash(c, access.cookieSettings),
        apiKeyId: null,
        userId,
        stillAllowed: async () => {
          const user = await currentSessionUser(c, db, access.cookieSettings);
          // A role change or a move to another organisation ends the stream as a logout does.
          return (
            user !== null &&
            user.id === userId &&
            user.role === MEMBER_ROLE_OF_KIND[kind] &&
            user.organisation?.id === organisationId
          );
        },
      },
    );
  });

  return routes;
}
