import type { TradeEvent } from '../../common/contracts/trading';

/**
 * An EventSource as a browser runs it against the portal (ADR 024): on every end of the stream
 * (a stopped process) it waits the server's `retry:` hint and reconnects with `Last-Event-ID`,
 * through the proxy, so it lands on whichever process is up. Counts what it receives: every event
 * id, duplicates, reconnects, and the upstream each connection reached (nginx's X-Upstream).
 */
export function startLiveClient(url: string, headers: Record<string, string>) {
  const received = new Map<number, TradeEvent>();
  let duplicates = 0;
  let connections = 0;
  let lastEventId: string | null = null;
  let retryMs = 3000;
  let stopped = false;
  let controller = new AbortController();
  const upstreams: string[] = [];
  const failedConnects: string[] = [];
  let ready = false;
  let resolveReady = () => {};
  const firstReady = new Promise<void>((resolve) => {
    resolveReady = resolve;
  });

  function handleBlock(block: string) {
    let event = 'message';
    let id: string | null = null;
    let data: string | null = null;
    for (const line of block.split('\n')) {
      if (line.startsWith(':')) continue;
      const colon = line.indexOf(':');
      const name = colon === -1 ? line : line.slice(0, colon);
      const value = colon === -1 ? '' : line.slice(colon + 1).replace(/^ /, '');
      if (name === 'event') event = value;
      else if (name === 'id') id = value;
      else if (name === 'data') data = data === null ? value : `${data}\n${value}`;
      else if (name === 'retry' && /^\d+$/.test(value)) retryMs = Number(value);
    }
    if (id !== null) lastEventId = id;
    if (event === 'ready') {
      if (!ready) {
        ready = true;
        resolveReady();
      }
      return;
    }
    if (event !== 'message' || data === null) return;
    const parsed = JSON.parse(data) as TradeEvent;
    if (received.has(parsed.id)) duplicates += 1;
    else received.set(parsed.id, parsed);
  }

  async function connectOnce() {
    controller = new AbortController();
    const response = await fetch(url, {
      headers: {
        accept: 'text/event-stream',
        ...headers,
        ...(lastEventId === null ? {} : { 'last-event-id': lastEventId }),
      },
      signal: controller.signal,
    });
    if (!response.ok || !response.body) {
      failedConnects.push(String(response.status));
      await response.body?.cancel();
      return;
    }
    connections += 1;
    upstreams.push(response.headers.get('x-upstream') ?? 'unknown');
    const reader = response.body.getReader();
    const decoder = new TextDecoder();
    let buffer = '';
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      buffer += decoder.decode(value, { stream: true }).replace(/\r\n?/g, '\n');
      for (let end = buffer.indexOf('\n\n'); end !== -1; end = buffer.indexOf('\n\n')) {
        handleBlock(buffer.slice(0, end));
        buffer = buffer.slice(end + 2);
      }
    }
  }

  const running = (async () => {
    while (!stopped) {
      try {
        await connectOnce();
      } catch (error) {
        if (!stopped) failedConnects.push(String(error).slice(0, 80));
      }
      if (!stopped) await new Promise((resolve) => setTimeout(resolve, retryMs));
    }
  })();

  return {
    firstReady,
    received,
    duplicates: () => duplicates,
    /** Connections that delivered a stream (the first one plus every reconnect). */
    connections: () => connections,
    upstreams,
    failedConnects,
    async stop() {
      stopped = true;
      controller.abort();
      await running;
    },
  };
}

export type LiveClient = ReturnType<typeof startLiveClient>;
