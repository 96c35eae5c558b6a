import { lookup } from 'node:dns/promises';
import ipaddr from 'ipaddr.js';

/** Resolves a host name to all its addresses (injected in tests to play a host that changes its answer). */
export type ResolveHost = (hostname: string) => Promise<string[]>;

export const resolveWithDns: ResolveHost = async (hostname) =>
  (await lookup(hostname, { all: true, verbatim: true })).map((entry) => entry.address);

/**
 * Whether an address may receive a webhook. Only public unicast space passes: private (10/8,
 * 172.16/12, 192.168/16), loopback, link-local (169.254/16 with the cloud metadata address,
 * fe80::/10), unique-local (fc00::/7), multicast, unspecified, carrier-grade NAT, reserved and
 * the IPv6 forms that embed an IPv4 address (mapped, 6to4, Teredo, NAT64) are refused; an
 * IPv4-mapped IPv6 address is judged as the IPv4 address it carries. `allowLoopback` (development
 * and tests, WEBHOOK_ALLOW_LOOPBACK) lets 127.0.0.0/8 through, nothing else.
 */
export function isAllowedWebhookAddress(address: string, allowLoopback: boolean): boolean {
  if (!ipaddr.isValid(address)) return false;
  // process() turns ::ffff:10.0.0.1 (in any spelling) into 10.0.0.1, so a mapped address cannot hide a private one.
  const parsed = ipaddr.process(address);
  const range = parsed.range();
  if (range === 'unicast') return true;
  return allowLoopback && parsed.kind() === 'ipv4' && range === 'loopback';
}

export type WebhookTarget =
  | { ok: true; url: URL; address: string }
  | { ok: false; reason: 'schemeRefused' | 'hostUnknown' | 'addressRefused' };

/**
 * Checks a webhook URL right before it is used (at registration and again at every delivery: a
 * name may resolve elsewhere tomorrow) and picks the address to connect to. Every address the
 * name resolves to must be allowed, not just the first, so a mixed answer cannot slip a private
 * address through on a later connection; the request then goes to the checked address only.
 */
export async function resolveWebhookTarget(
  rawUrl: string,
  policy: { allowLoopback: boolean; allowHttp: boolean },
  resolve: ResolveHost = resolveWithDns,
): Promise<WebhookTarget> {
  const url = new URL(rawUrl);
  if (url.protocol !== 'https:' && !(policy.allowHttp && url.protocol === 'http:')) {
    return { ok: false, reason: 'schemeRefused' };
  }
  // URL keeps IPv6 literals in brackets.
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
  let addresses: string[];
  if (ipaddr.isValid(host)) {
    addresses = [host];
  } else {
    try {
      addresses = await resolve(host);
    } catch {
      return { ok: false, reason: 'hostUnknown' };
    }
  }
  const [first] = addresses;
  if (first === undefined) return { ok: false, reason: 'hostUnknown' };
  if (!addresses.every((address) => isAllowedWebhookAddress(address, policy.allowLoopback))) {
    return { ok: false, reason: 'addressRefused' };
  }
  return { ok: true, url, address: first };
}
