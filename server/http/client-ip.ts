import { BlockList, isIPv4, isIPv6 } from 'node:net';
import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context } from 'hono';

/** Which header a trusted proxy writes the client's address into (ADR 032). */
export const FORWARDED_HEADERS = ['x-forwarded-for', 'forwarded'] as const;
export type ForwardedHeader = (typeof FORWARDED_HEADERS)[number];

/** The proxies whose forwarded header is believed, parsed once at start (TRUSTED_PROXIES). */
export type TrustedProxies = { readonly list: BlockList; readonly entries: readonly string[] };

declare module 'hono' {
  interface ContextVariableMap {
    /** The client's address as resolved by `resolveClientAddress` (ADR 032). */
    clientAddress: string;
  }
}

/**
 * Hops looked at from the right: a longer chain than this is not a real proxy chain, and the
 * walk stops here (the hop reached so far stands) rather than parsing a header of any length.
 */
const MAX_HOPS = 32;

/** An address in one canonical form: IPv4-mapped IPv6 becomes IPv4, IPv6 compressed and lower-case, no zone. */
export function normalizeAddress(address: string): string | null {
  const trimmed = address.trim();
  if (isIPv4(trimmed)) return trimmed;
  const withoutZone = trimmed.replace(/%[\w.-]+$/, '');
  if (!isIPv6(withoutZone)) return null;
  // The URL parser writes IPv6 in its canonical compressed form ("::ffff:1.2.3.4" → "::ffff:102:304").
  const canonical = new URL(`http://[${withoutZone}]/`).hostname.slice(1, -1);
  const mapped = /^::ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(canonical);
  if (mapped?.[1] && mapped[2]) {
    const high = Number.parseInt(mapped[1], 16);
    const low = Number.parseInt(mapped[2], 16);
    return [high >> 8, high & 255, low >> 8, low & 255].join('.');
  }
  return canonical;
}

/**
 * Parses TRUSTED_PROXIES: addresses and CIDR ranges, IPv4 and IPv6, separated by commas or
 * whitespace. Throws with the offending entry named, so a typo stops the start.
 */
export function parseTrustedProxies(value: string): TrustedProxies {
  const list = new BlockList();
  const entries = value
    .split(/[\s,]+/)
    .map((entry) => entry.trim())
    .filter(Boolean);
  for (const entry of entries) {
    const [rawAddress = '', rawPrefix, ...rest] = entry.split('/');
    const address = normalizeAddress(rawAddress);
    if (!address || rest.length > 0) throw new Error(`"${entry}" is not an IP address or CIDR range`);
    const family = isIPv4(address) ? 'ipv4' : 'ipv6';
    if (rawPrefix === undefined) {
      list.addAddress(address, family);
      continue;
    }
    if (!/^\d{1,3}$/.test(rawPrefix)) throw new Error(`"${entry}" has an invalid prefix length`);
    let prefix = Number(rawPrefix);
    // "::ffff:10.0.0.0/104" names IPv4 addresses: kept as the IPv4 range they are.
    if (family === 'ipv4' && !isIPv4(rawAddress.trim())) prefix -= 96;
    if (prefix < 0 || prefix > (family === 'ipv4' ? 32 : 128)) {
      throw new Error(`"${entry}" has an invalid prefix length`);
    }
    list.addSubnet(address, prefix, family);
  }
  return { list, entries };
}

function isTrusted(proxies: TrustedProxies, address: string) {
  return proxies.list.check(address, isIPv4(address) ? 'ipv4' : 'ipv6');
}

/** Removes the quotes (and backslash escapes) of an RFC 7230 quoted-string; anything else as it is. */
function unquote(value: string) {
  const trimmed = value.trim();
  if (trimmed.length >= 2 && trimmed.startsWith('"') && trimmed.endsWith('"')) {
    return trimmed.slice(1, -1).replace(/\\(.)/g, '$1');
  }
  return trimmed;
}

/**
 * A node as proxies write it: "192.0.2.1", "192.0.2.1:4711", "[2001:db8::1]", "[2001:db8::1]:4711",
 * "2001:db8::1". Null for anything else ("unknown", obfuscated names, garbage).
 */
export function addressOfNode(node: string): string | null {
  const value = unquote(node);
  const bracketed = /^\[([^\]]+)\](?::\d{1,5})?$/.exec(value);
  if (bracketed?.[1]) return isIPv6(bracketed[1].replace(/%[\w.-]+$/, '')) ? normalizeAddress(bracketed[1]) : null;
  const withPort = /^(\d{1,3}(?:\.\d{1,3}){3}):\d{1,5}$/.exec(value);
  return normalizeAddress(withPort?.[1] ?? value);
}

/** Splits at `separator` outside quoted strings (a quoted value may contain commas and semicolons). */
function splitOutsideQuotes(text: string, separator: ',' | ';') {
  const parts: string[] = [];
  let current = '';
  let quoted = false;
  for (let index = 0; index < text.length; index++) {
    const character = text[index];
    if (quoted && character === '\\' && index + 1 < text.length) {
      current += character + text[index + 1];
      index++;
      continue;
    }
    if (character === '"') quoted = !quoted;
    if (character === separator && !quoted) {
      parts.push(current);
      current = '';
    } else {
      current += character;
    }
  }
  parts.push(current);
  return parts;
}

/** The hops a forwarded header names, left (the original client) to right (the last proxy's peer). */
export function forwardedHops(header: ForwardedHeader, value: string): (string | null)[] {
  if (header === 'x-forwarded-for') return value.split(',').map(addressOfNode);
  // RFC 7239: elements separated by commas, each a list of pairs separated by semicolons.
  return splitOutsideQuotes(value, ',').map((element) => {
    const forPair = splitOutsideQuotes(element, ';')
      .map((pair) => pair.trim())
      .find((pair) => /^for\s*=/i.test(pair));
    return forPair ? addressOfNode(forPair.slice(forPair.indexOf('=') + 1)) : null;
  });
}

/**
 * The client's address. The direct peer counts unless it is a trusted proxy; then the forwarded
 * header is walked from the right: each hop a trusted proxy vouches for is skipped, and the first
 * hop that is not trusted is the client. A hop that is not an address (garbage, "unknown") ends
 * the walk at the trusted proxy that wrote it; a chain of trusted proxies only ends at its leftmost.
 * Everything left of the client is whatever the client sent and is never believed.
 */
export function resolveClientAddress(options: {
  peer: string;
  forwarded: string | undefined;
  header: ForwardedHeader;
  trusted: TrustedProxies;
}): string {
  const peer = normalizeAddress(options.peer) ?? options.peer;
  if (options.trusted.entries.length === 0 || !isTrusted(options.trusted, peer)) return peer;
  if (!options.forwarded) return peer;
  const hops = forwardedHops(options.header, options.forwarded);
  let client = peer;
  for (let index = hops.length - 1, walked = 0; index >= 0 && walked < MAX_HOPS; index--, walked++) {
    const hop = hops[index];
    if (!hop) return client;
    client = hop;
    if (!isTrusted(options.trusted, hop)) return hop;
  }
  return client;
}

/** The TCP peer of this request (the proxy, when there is one). */
export function peerAddress(c: Context): string {
  try {
    return getConnInfo(c).remote.address ?? 'unknown';
  } catch {
    return 'unknown';
  }
}

/** What a proxy's request id may look like to be kept: short and plain, so a log line cannot be forged with it. */
const PROXY_REQUEST_ID = /^[\w=-]{1,128}$/;

/**
 * The request id (ADR 032): a trusted proxy's `X-Request-Id` when it is short and plain, else a new
 * UUID; echoed in the answer (server/http/request-frame.ts). A client's own id is not believed, so
 * nobody outside can make two requests share one id in the logs. Without trusted proxies nothing
 * is asked of the peer's address (a BlockList check per request cost more than the UUID).
 */
export function requestIdOf(c: Context, peer: string, trusted: TrustedProxies): string {
  if (trusted.entries.length === 0) return crypto.randomUUID();
  const offered = c.req.header('x-request-id');
  if (!offered || !PROXY_REQUEST_ID.test(offered)) return crypto.randomUUID();
  const address = normalizeAddress(peer);
  return address !== null && isTrusted(trusted, address) ? offered : crypto.randomUUID();
}

/** The client's address (ADR 032): the peer, or what a trusted proxy forwarded. */
export function clientIp(c: Context): string {
  return c.get('clientAddress') ?? peerAddress(c);
}

const LOOPBACK = new BlockList();
LOOPBACK.addSubnet('127.0.0.0', 8, 'ipv4');
LOOPBACK.addAddress('::1', 'ipv6');

/** Whether an address (as `clientIp` gives it) is this machine itself: 127.0.0.0/8 or ::1. */
export function isLoopbackAddress(address: string): boolean {
  const normalized = normalizeAddress(address);
  if (!normalized) return false;
  return LOOPBACK.check(normalized, isIPv4(normalized) ? 'ipv4' : 'ipv6');
}
