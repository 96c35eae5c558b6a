import type { Context, MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { MAX_OPENTRANS_DOCUMENT_BYTES } from '../../common/contracts/opentrans';
import { refusalBody } from './respond';

export const MAX_BODY_BYTES = 32 * 1024;
/**
 * The one route with a larger body: a dealer's logo (512 KB) as base64 in JSON, about 683 KB;
 * the route's own schema then refuses anything over 512 KB decoded with `logoTooLarge`.
 */
export const LOGO_UPLOAD_PATH = '/svc/part-dealer/organisation/logo';
export const MAX_LOGO_BODY_BYTES = 1024 * 1024;

/**
 * openTRANS documents (ADR 042): a dealer's ERP posts the XML itself to the API (1 MB at most,
 * `application/xml` or `text/xml`); the order page uploads the file's bytes as base64 in JSON.
 */
export const OPENTRANS_API_PATH = '/api/v1/dealer/documents';
const OPENTRANS_UPLOAD_PATH = /^\/svc\/part-dealer\/orders\/\d{1,9}\/opentrans$/;
const MAX_OPENTRANS_UPLOAD_BODY_BYTES = Math.ceil(MAX_OPENTRANS_DOCUMENT_BYTES / 3) * 4 + 1024;

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

const refuseLargeBody: MiddlewareHandler = bodyLimit({
  maxSize: MAX_BODY_BYTES,
  onError: (c) => c.json(refusalBody(c, 413, 'bodyTooLarge'), 413),
});

const refuseLargeLogoBody: MiddlewareHandler = bodyLimit({
  maxSize: MAX_LOGO_BODY_BYTES,
  onError: (c) => c.json(refusalBody(c, 413, 'bodyTooLarge'), 413),
});

const refuseLargeOpenTransBody: MiddlewareHandler = bodyLimit({
  maxSize: MAX_OPENTRANS_UPLOAD_BODY_BYTES,
  onError: (c) => c.json(refusalBody(c, 413, 'openTransTooLarge'), 413),
});

/**
 * Bodies over 32 KB are refused before they are read (ADR 004); only the logo upload may send up
 * to 1 MB. GET, HEAD and OPTIONS
 * routes read no body; asking bodyLimit about theirs would make @hono/node-server build a full
 * Request (headers, body stream, AbortController) on every read request just to find none.
 */
export const limitBody: MiddlewareHandler = (c, next) => {
  if (SAFE_METHODS.has(c.req.method)) return next();
  if (c.req.method === 'PUT' && c.req.path === LOGO_UPLOAD_PATH) return refuseLargeLogoBody(c, next);
  if (c.req.method === 'POST' && (c.req.path === OPENTRANS_API_PATH || OPENTRANS_UPLOAD_PATH.test(c.req.path))) {
    return refuseLargeOpenTransBody(c, next);
  }
  return refuseLargeBody(c, next);
};

/** A NUL character in the query (`%00`) cannot reach PostgreSQL text: refused up front. */
export const refuseNulInQuery: MiddlewareHandler = async (c, next) => {
  const query = c.req.url.split('?')[1] ?? '';
  if (/%00/.test(query)) return c.json(refusalBody(c, 400, 'invalidRequest'), 400);
  return next();
};

/**
 * Whether a state-changing request comes from another site, judged by Sec-Fetch-Site, else by
 * Origin. `requireSignal`: a request naming neither counts as foreign (plain form posts, whose
 * content type is no defence of its own); a JSON request without either is let through, since a
 * cross-site page cannot send JSON without a preflight this server never grants.
 */
function isForeignRequest(c: Context, allowedOrigins: readonly string[], requireSignal: boolean) {
  const fetchSite = c.req.header('sec-fetch-site');
  if (fetchSite && fetchSite !== 'same-origin' && fetchSite !== 'none') return true;
  const origin = c.req.header('origin');
  // A form post from a page under `Referrer-Policy: no-referrer` (ours) carries `Origin: null`;
  // its Sec-Fetch-Site, which no page can set, has then already said "same site".
  if (requireSignal && fetchSite && origin === 'null') return false;
  if (origin && origin !== new URL(c.req.url).origin && !allowedOrigins.includes(origin)) return true;
  return requireSignal && !fetchSite && !origin;
}

/**
 * CSRF defence for a JSON API: state-changing requests must be JSON (which a cross-site form
 * cannot send without a CORS preflight this server never grants) and must not come from another
 * site, judged by Sec-Fetch-Site, else by Origin. Hono's own csrf() only inspects form bodies.
 */
export function sameOriginJsonOnly(allowedOrigins: readonly string[]): MiddlewareHandler {
  return async (c, next) => {
    if (SAFE_METHODS.has(c.req.method)) return next();
    const contentType = c.req.header('content-type') ?? '';
    // The one XML body: an ERP's openTRANS document, posted server to server with an API key.
    const xmlAllowed = c.req.path === OPENTRANS_API_PATH && /^(application|text)\/xml\s*(;|$)/i.test(contentType);
    if (!xmlAllowed && !/^application\/json\s*(;|$)/i.test(contentType)) {
      return c.json(refusalBody(c, 415, 'unsupportedContentType'), 415);
    }
    if (isForeignRequest(c, allowedOrigins, false)) return c.json(refusalBody(c, 403, 'foreignOrigin'), 403);
    return next();
  };
}

/**
 * The same defence for the public pages' plain HTML form posts (ADR 046): only
 * `application/x-www-form-urlencoded`, and a browser's Sec-Fetch-Site or Origin must name this
 * site. Browsers send one of them on every form post, so a request with neither is refused.
 * `refuse` renders the refusal (the page with its translated message, not JSON).
 */
export function sameOriginFormOnly(
  allowedOrigins: readonly string[],
  refuse: (
    c: Context,
    status: 403 | 415,
    messageId: 'foreignOrigin' | 'unsupportedContentType',
  ) => Response | Promise<Response>,
): MiddlewareHandler {
  return async (c, next) => {
    if (SAFE_METHODS.has(c.req.method)) return next();
    const contentType = c.req.header('content-type') ?? '';
    if (!/^application\/x-www-form-urlencoded\s*(;|$)/i.test(contentType)) {
      return refuse(c, 415, 'unsupportedContentType');
    }
    if (isForeignRequest(c, allowedOrigins, true)) return refuse(c, 403, 'foreignOrigin');
    return next();
  };
}
