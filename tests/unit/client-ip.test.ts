import { expect, test } from 'vitest';
import { loadServerConfig } from '../../server/config';
import {
  addressOfNode,
  type ForwardedHeader,
  forwardedHops,
  normalizeAddress,
  parseTrustedProxies,
  resolveClientAddress,
} from '../../server/http/client-ip';

const trusted = parseTrustedProxies('127.0.0.1, 10.0.0.0/8, fd00::/8, ::1');

function client(peer: string, forwarded: string | undefined, header: ForwardedHeader = 'x-forwarded-for') {
  return resolveClientAddress({ peer, forwarded, header, trusted });
}

test('addresses are compared in one form: v4-mapped IPv6 is IPv4, IPv6 compressed and lower-case', () => {
  expect(normalizeAddress('::ffff:10.1.2.3')).toBe('10.1.2.3');
  expect(normalizeAddress('::FFFF:7f00:1')).toBe('127.0.0.1');
  expect(normalizeAddress('0:0:0:0:0:ffff:192.0.2.1')).toBe('192.0.2.1');
  expect(normalizeAddress('2001:DB8:0:0:0:0:0:1')).toBe('2001:db8::1');
  expect(normalizeAddress('fe80::1%eth0')).toBe('fe80::1');
  expect(normalizeAddress('example.org')).toBeNull();
  expect(normalizeAddress('999.1.1.1')).toBeNull();
});

test('TRUSTED_PROXIES takes addresses and ranges of both families and names a bad entry', () => {
  const list = parseTrustedProxies(' 192.168.0.0/16,2001:db8::/32  ::ffff:172.16.0.0/108 ');
  expect(list.entries).toHaveLength(3);
  expect(list.list.check('192.168.44.1', 'ipv4')).toBe(true);
  expect(list.list.check('2001:db8:1::9', 'ipv6')).toBe(true);
  expect(list.list.check('172.16.9.9', 'ipv4')).toBe(true);
  expect(list.list.check('172.32.0.1', 'ipv4')).toBe(false);
  for (const bad of ['10.0.0.0/33', 'proxy.local', '10.0.0.1/8/1', '::1/129', '10.0.0.0/x', '1.2.3']) {
    expect(() => parseTrustedProxies(bad), bad).toThrow(bad);
  }
  expect(parseTrustedProxies('').entries).toEqual([]);
});

test('a bad TRUSTED_PROXIES or TRUSTED_PROXY_HEADER stops the start naming the setting', () => {
  expect(() => loadServerConfig({ TRUSTED_PROXIES: '10.0.0.1, nginx' })).toThrow(/TRUSTED_PROXIES: .*"nginx"/);
  expect(() => loadServerConfig({ TRUSTED_PROXY_HEADER: 'x-real-ip' })).toThrow('TRUSTED_PROXY_HEADER');
  expect(loadServerConfig({}).trustedProxies.entries).toEqual([]);
  expect(loadServerConfig({}).metrics).toBeNull();
  expect(loadServerConfig({ METRICS_PORT: '9464' }).metrics).toEqual({ port: 9464, host: '127.0.0.1' });
});

test('nodes as proxies write them: ports, brackets, quotes; anything else is no address', () => {
  expect(addressOfNode('192.0.2.60:4711')).toBe('192.0.2.60');
  expect(addressOfNode('[2001:db8:cafe::17]:4711')).toBe('2001:db8:cafe::17');
  expect(addressOfNode('"[2001:db8:cafe::17]"')).toBe('2001:db8:cafe::17');
  expect(addressOfNode(' 2001:db8::17 ')).toBe('2001:db8::17');
  for (const garbage of ['unknown', '_hidden', '', '[192.0.2.1]', '1.2.3.4:port', '<script>', '[::1', '"1.2.3.4']) {
    expect(addressOfNode(garbage), garbage).toBeNull();
  }
});

test('without a trusted peer the forwarded headers are ignored', () => {
  expect(client('203.0.113.9', '198.51.100.1')).toBe('203.0.113.9');
  expect(client('203.0.113.9', 'for=198.51.100.1', 'forwarded')).toBe('203.0.113.9');
  expect(
    resolveClientAddress({
      peer: '127.0.0.1',
      forwarded: '198.51.100.1',
      header: 'x-forwarded-for',
      trusted: parseTrustedProxies(''),
    }),
  ).toBe('127.0.0.1');
  expect(client('::ffff:203.0.113.9', '198.51.100.1')).toBe('203.0.113.9');
});

test('behind a trusted proxy the rightmost untrusted hop is the client; a spoofed leftmost one is not believed', () => {
  expect(client('127.0.0.1', '198.51.100.1')).toBe('198.51.100.1');
  expect(client('::ffff:127.0.0.1', '6.6.6.6, 198.51.100.1')).toBe('198.51.100.1');
  expect(client('127.0.0.1', '6.6.6.6, 198.51.100.1, 10.0.0.5')).toBe('198.51.100.1');
  expect(client('127.0.0.1', '198.51.100.1,10.0.0.5 , 10.1.1.1')).toBe('198.51.100.1');
  // Two header lines arrive joined with ", ".
  expect(client('10.0.0.2', '6.6.6.6, 198.51.100.1, 10.0.0.5')).toBe('198.51.100.1');
});

test('a trusted peer without the header, and a chain of trusted proxies only, end at the last known hop', () => {
  expect(client('127.0.0.1', undefined)).toBe('127.0.0.1');
  expect(client('127.0.0.1', '')).toBe('127.0.0.1');
  expect(client('127.0.0.1', '10.0.0.9, 10.0.0.5')).toBe('10.0.0.9');
});

test('garbage in the chain stops the walk at the trusted proxy that wrote it', () => {
  expect(client('127.0.0.1', 'garbage')).toBe('127.0.0.1');
  expect(client('127.0.0.1', '198.51.100.1, unknown, 10.0.0.5')).toBe('10.0.0.5');
  expect(client('127.0.0.1', ',,,')).toBe('127.0.0.1');
  expect(client('127.0.0.1', '\u0000\u00ff;;==')).toBe('127.0.0.1');
  expect(client('127.0.0.1', '198.51.100.1, ')).toBe('127.0.0.1');
  // Garbage left of the client does not matter: it is never looked at.
  expect(client('127.0.0.1', 'garbage, 198.51.100.1')).toBe('198.51.100.1');
});

test('many hops: the walk stays bounded and never goes past the first untrusted one', () => {
  const spoofed = Array.from({ length: 5000 }, (_, index) => `6.6.${(index >> 8) & 255}.${index & 255}`).join(', ');
  expect(client('127.0.0.1', `${spoofed}, 198.51.100.1`)).toBe('198.51.100.1');
  const trustedChain = Array.from({ length: 100 }, (_, index) => `10.0.0.${index % 250}`).join(', ');
  expect(client('127.0.0.1', `198.51.100.1, ${trustedChain}`)).toMatch(/^10\.0\.0\.\d+$/);
});

test('IPv6 peers, proxies and clients', () => {
  expect(client('::1', '2001:db8::7')).toBe('2001:db8::7');
  expect(client('fd00::2', '2001:DB8::7, fd12::1')).toBe('2001:db8::7');
  expect(client('::1', '[2001:db8::7]:51000')).toBe('2001:db8::7');
  expect(client('2001:db8::99', '198.51.100.1')).toBe('2001:db8::99');
});

test('RFC 7239 Forwarded: for= with quotes, IPv6 in brackets, ports, other pairs and case', () => {
  expect(client('127.0.0.1', 'for=192.0.2.60;proto=http;by=203.0.113.43', 'forwarded')).toBe('192.0.2.60');
  expect(client('127.0.0.1', 'For="[2001:db8:cafe::17]:4711"', 'forwarded')).toBe('2001:db8:cafe::17');
  expect(client('127.0.0.1', 'for=6.6.6.6, for=198.51.100.1;proto=https, for=10.0.0.5', 'forwarded')).toBe(
    '198.51.100.1',
  );
  // A quoted value may carry separators: they do not split the element.
  expect(forwardedHops('forwarded', 'for="6.6.6.6, for=1.1.1.1";by=x, for=198.51.100.1')).toEqual([
    null,
    '198.51.100.1',
  ]);
  expect(client('127.0.0.1', 'for=unknown', 'forwarded')).toBe('127.0.0.1');
  expect(client('127.0.0.1', 'proto=https;by=10.0.0.1', 'forwarded')).toBe('127.0.0.1');
  expect(client('127.0.0.1', 'for=_gazonk', 'forwarded')).toBe('127.0.0.1');
  expect(client('127.0.0.1', 'for="\\"', 'forwarded')).toBe('127.0.0.1');
});

test('only the configured header counts: the other one is ignored even from a trusted proxy', () => {
  expect(client('127.0.0.1', 'for=198.51.100.1', 'x-forwarded-for')).toBe('127.0.0.1');
  expect(forwardedHops('forwarded', '198.51.100.1')).toEqual([null]);
});
