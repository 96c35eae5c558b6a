import { type Context, Hono } from 'hono';
import { streamSSE } from 'hono/streaming';
import type { ServerDeps } from '../context';
import { ApiRefusal } from '../http/respond';
import type { MemberEnv, SessionAccess } from '../http/session-access';
import { currentSessionUser } from '../http/sessions';
import type { LiveCloseReason, LiveMessage } from './live-hub';

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

/**
 * The trade events a reader may see as Server-Sent Events (ADR 024), event id = log id. A resume
 * (`Last-Event-ID`, else `?after=`) replays the log after that id, then the stream goes live; a
 * comment every `liveHeartbeatMs` keeps proxies from closing it, and `stillAllowed` is asked again
 * every `liveSessionCheckMs` (the stream ends once it says no: a logged-out member, a revoked key).
 */
export function streamTradeEvents(
  c: Context,
  deps: ServerDeps,
  reader: { kind: 'workshop' | 'dealer'; organisationId: number },
  stillAllowed: () => Promise<boolean>,
) {
  const { liveHub, config } = deps;
  const { kind, organisationId } = reader;
  const after = resumePosition(c);
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
    function end() {
      if (ended) return;
      ended = true;
      for (const timer of timers) clearInterval(timer);
      registration?.remove();
      finish();
    }
    stream.onAbort(end);

    write(`retry: ${LIVE_RETRY_MS}\n\n`);
    registration = liveHub.add(
      {
        reader: { kind, organisationId },
        // The position the stream starts from, so that a client that connected without one
        // can resume from it after a drop even if no event arrived in between.
        start: (position: number) =>
          write(`event: ready\nid: ${position}\ndata: ${JSON.stringify({ last_event_id: position })}\n\n`),
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
    timers.push(
      setInterval(() => {
        stillAllowed()
          .then((allowed) => {
            if (!allowed) end();
          })
          .catch(() => {
            // The database is unreachable: the stream stays; the next check decides.
          });
      }, config.liveSessionCheckMs),
    );
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
    return streamTradeEvents(c, deps, { kind, organisationId }, async () => {
      const user = await currentSessionUser(c, db, access.cookieSettings);
      return user !== null && user.id === userId && user.organisation?.id === organisationId;
    });
  });

  return routes;
}
