import type { HttpBindings } from '@hono/node-server';
import type { Context, MiddlewareHandler } from 'hono';
import type { secureHeaders } from 'hono/secure-headers';
import { type ForwardedHeader, peerAddress, requestIdOf, resolveClientAddress, type TrustedProxies } from './client-ip';
import { runWithRequestContext } from './request-context';

/** What the security headers depend on: the captcha's and the analytics' origins, and production's HSTS. */
/** The options Hono's `secureHeaders()` takes (the type itself is not exported). */
type SecureHeadersOptions = NonNullable<Parameters<typeof secureHeaders>[0]>;

export type SecurityHeaderSettings = {
  recaptcha: boolean;
  analyticsOrigin: string | null;
  strictTransportSecurity: boolean;
};

/**
 * The policy, in the shape of Hono's `secureHeaders()` options: tests/unit/request-frame.test.ts
 * checks that `securityHeaderList` sets exactly what that middleware set with them.
 */
export function securityHeaderOptions(settings: SecurityHeaderSettings) {
  return {
    contentSecurityPolicy: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'", ...(settings.recaptcha ? ['https://www.google.com', 'https://www.gstatic.com'] : [])],
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:'],
      connectSrc: ["'self'", ...(settings.analyticsOrigin ? [settings.analyticsOrigin] : [])],
      workerSrc: ["'self'", 'blob:'],
      frameSrc: settings.recaptcha ? ['https://www.google.com'] : ["'none'"],
      frameAncestors: ["'none'"],
      objectSrc: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
    },
    strictTransportSecurity: settings.strictTransportSecurity ? 'max-age=31536000; includeSubDomains' : false,
    // A response that sets its own policy keeps it: an uploaded logo is served with a stricter one.
    overwrite: false,
  } satisfies SecureHeadersOptions;
}

const kebabCase = (name: string) => name.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`);

/** The headers of `securityHeaderOptions`, worked out once per app instead of once per request. */
export function securityHeaderList(options: ReturnType<typeof securityHeaderOptions>): [string, string][] {
  const policy = Object.entries(options.contentSecurityPolicy)
    .map(([directive, sources]) => [kebabCase(directive), ...sources].join(' '))
    .join('; ');
  return [
    ['Cross-Origin-Resource-Policy', 'same-origin'],
    ['Cross-Origin-Opener-Policy', 'same-origin'],
    ['Origin-Agent-Cluster', '?1'],
    ['Referrer-Policy', 'no-referrer'],
    ...(options.strictTransportSecurity
      ? [['Strict-Transport-Security', options.strictTransportSecurity] as [string, string]]
      : []),
    ['X-Content-Type-Options', 'nosniff'],
    ['X-DNS-Prefetch-Control', 'off'],
    ['X-Download-Options', 'noopen'],
    ['X-Frame-Options', 'SAMEORIGIN'],
    ['X-Permitted-Cross-Domain-Policies', 'none'],
    ['X-XSS-Protection', '0'],
    ['Content-Security-Policy', policy],
  ];
}

/** The Node response this request is answered on; absent when the app is called without a listener (app.request). */
function nodeResponseOf(c: Context) {
  return (c.env as Partial<HttpBindings> | undefined)?.outgoing;
}

/**
 * Everything the portal does around each request, in one middleware (ADR 032, 033, 048):
 * - the request id (a trusted proxy's, else a new one) and the client's address, in `c.var` and
 *   in reach of the logger for the rest of the request;
 * - the security headers and `X-Request-Id` on every answer, a header the answer sets itself
 *   winning (an uploaded logo's stricter policy);
 * - `Connection: close` while the process drains.
 *
 * Why one middleware and why on Node's response: each middleware layer costs promises, and the
 * headers set on the answer's web `Headers` after the handler cost a check and a write each
 * (about thirty operations per answer): with the request id's address checks, a tenth of the
 * session read's CPU (profile in ADR 048). Set once on Node's
 * `ServerResponse` before the handler runs, @hono/node-server's `writeHead` then writes the
 * answer's own headers over them, so the answer keeps its own, as `secureHeaders({ overwrite:
 * false })` did. Called without a Node response (tests' `app.request`), the same headers go on
 * the answer's `Headers`, as before.
 */
export function requestFrame(settings: {
  securityHeaders: SecurityHeaderSettings;
  trustedProxies: TrustedProxies;
  forwardedHeader: ForwardedHeader;
  isDraining: () => boolean;
}): MiddlewareHandler {
  const headers = securityHeaderList(securityHeaderOptions(settings.securityHeaders));
  const { trustedProxies, forwardedHeader, isDraining } = settings;
  return async (c, next) => {
    const peer = peerAddress(c);
    const requestId = requestIdOf(c, peer, trustedProxies);
    const clientIp = resolveClientAddress({
      peer,
      // Several header lines of one name arrive joined with ", ", which both formats read as more hops.
      forwarded: trustedProxies.entries.length === 0 ? undefined : c.req.header(forwardedHeader),
      header: forwardedHeader,
      trusted: trustedProxies,
    });
    c.set('requestId', requestId);
    c.set('clientAddress', clientIp);
    const outgoing = nodeResponseOf(c);
    if (outgoing) {
      for (const [name, value] of headers) outgoing.setHeader(name, value);
      outgoing.setHeader('X-Request-Id', requestId);
    }
    await runWithRequestContext({ requestId, clientIp }, next);
    if (outgoing) {
      if (isDraining() && !outgoing.headersSent) outgoing.setHeader('Connection', 'close');
      return;
    }
    const answer = c.res.headers;
    for (const [name, value] of headers) if (!answer.has(name)) answer.set(name, value);
    if (!answer.has('X-Request-Id')) answer.set('X-Request-Id', requestId);
    if (isDraining()) answer.set('Connection', 'close');
  };
}
