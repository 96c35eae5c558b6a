import { AsyncLocalStorage } from 'node:async_hooks';

/** What every log line written while a request is handled carries (ADR 032). */
export type RequestLogContext = { requestId: string; clientIp: string };

const storage = new AsyncLocalStorage<RequestLogContext>();

/** The context of the request being handled, if any (the logger's mixin reads it). */
export function currentRequestContext(): RequestLogContext | undefined {
  return storage.getStore();
}

/**
 * Runs the rest of the request with its id and client address in reach of the logger, so a log
 * line deep in a service names the request without every call passing them on.
 */
export function runWithRequestContext<T>(context: RequestLogContext, rest: () => T): T {
  return storage.run(context, rest);
}
