import type { TradeEvent } from '../../common/contracts/trading';

/** One Server-Sent Events block as a browser's EventSource would parse it (comments counted apart). */
export type SseBlock = { event: string; id: string | null; data: string | null; retry: number | null };

function parseBlock(block: string): SseBlock | 'comment' {
  const parsed: SseBlock = { event: 'message', id: null, data: null, retry: null };
  let fields = 0;
  for (const line of block.split('\n')) {
    if (line.startsWith(':')) continue;
    const colon = line.indexOf(':');
    const name = colon === -1 ? line : line.slice(0, colon);
    const value = colon === -1 ? '' : line.slice(colon + 1).replace(/^ /, '');
    fields += 1;
    if (name === 'event') parsed.event = value;
    else if (name === 'id') parsed.id = value;
    else if (name === 'data') parsed.data = parsed.data === null ? value : `${parsed.data}\n${value}`;
    else if (name === 'retry') parsed.retry = Number(value);
  }
  return fields === 0 ? 'comment' : parsed;
}

/**
 * A raw SSE reader over fetch (no EventSource in Node): the response, every block received so
 * far, and waits on them. `close()` aborts the connection as a dropped network would.
 */
export async function openEventStream(url: string, headers: Record<string, string>) {
  const controller = new AbortController();
  const response = await fetch(url, {
    headers: { accept: 'text/event-stream', ...headers },
    signal: controller.signal,
  });
  const blocks: SseBlock[] = [];
  let comments = 0;
  let ended = false;
  let wake = () => {};
  const changed = () => wake();

  if (response.ok && response.body) {
    const reader = response.body.getReader();
    const decoder = new TextDecoder();
    void (async () => {
      let buffer = '';
      try {
        for (;;) {
          const { done, value } = await reader.read();
          if (done) break;
          buffer += decoder.decode(value, { stream: true }).replace(/\r\n?/g, '\n');
          for (let end = buffer.indexOf('\n\n'); end !== -1; end = buffer.indexOf('\n\n')) {
            const block = parseBlock(buffer.slice(0, end));
            buffer = buffer.slice(end + 2);
            if (block === 'comment') comments += 1;
            else blocks.push(block);
          }
          changed();
        }
      } catch {
        // aborted
      }
      ended = true;
      changed();
    })();
  }

  const events = () =>
    blocks
      .filter((block) => block.event === 'message' && block.data !== null)
      .map((block) => JSON.parse(block.data ?? '') as TradeEvent);

  /** Resolves once `check` holds, else fails after `timeoutMs` with what was received. */
  async function until(check: () => boolean, what: string, timeoutMs = 10_000) {
    const deadline = Date.now() + timeoutMs;
    while (!check()) {
      if (Date.now() > deadline) {
        throw new Error(`timed out waiting for ${what}; received ids ${events().map((event) => event.id)}`);
      }
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, 50);
        wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
    }
  }

  return {
    response,
    blocks,
    events,
    eventIds: () => events().map((event) => event.id),
    comments: () => comments,
    ended: () => ended,
    /** The position the server announced in its `ready` event. */
    readyPosition: () => {
      const ready = blocks.find((block) => block.event === 'ready');
      return ready?.id === null || ready === undefined ? null : Number(ready.id);
    },
    until,
    untilReady: () => until(() => blocks.some((block) => block.event === 'ready'), 'the ready event'),
    untilIds: (ids: readonly number[]) =>
      until(() => ids.every((id) => events().some((event) => event.id === id)), `ids ${ids}`),
    close: () => controller.abort(),
  };
}

export type EventStream = Awaited<ReturnType<typeof openEventStream>>;
