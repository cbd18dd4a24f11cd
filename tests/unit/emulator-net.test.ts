// CIDR parsing and normalisation (facts §4.4) and the webhook URL rules (facts §4.2), as tables.
import { formatIp, nonPublicKind, normalizeCidr, parseCidr, parseIp } from '@walletinfra/emulator/net';
import { webhookUrlProblem } from '@walletinfra/emulator/webhooks/url-rules';
import { normalizeRules } from '@walletinfra/emulator/handlers/ip-allowlist';

test.each([
  ['192.168.1.100/24', '192.168.1.0/24'],
  ['10.0.0.1', '10.0.0.1/32'],
  ['2001:DB8::1/64', '2001:db8::/64'],
  ['2001:db8:0:0:0:0:0:1', '2001:db8::1/128'],
  ['::ffff:192.0.2.1/128', '::ffff:c000:201/128'],
  ['fe80::1:0:0:1/48', 'fe80::/48'],
  ['1:0:0:2:0:0:0:3/128', '1:0:0:2::3/128'],
])('normalizeCidr(%s) = %s', (input, expected) => {
  const parsed = parseCidr(input);
  expect(parsed && normalizeCidr(parsed)).toBe(expected);
});

test.each(['10.0.0.300/24', '10.0.0.0/33', '1.2.3', '01.2.3.4', '::1::2', '2001:db8::/129', 'abc', '10.0.0.0/-1', 'fe80::1%eth0'])('parseCidr(%s) is undefined', (input) => {
  expect(parseCidr(input)).toBeUndefined();
});

test.each([
  ['127.0.0.1', 'loopback'],
  ['10.20.30.40', 'private'],
  ['172.31.255.255', 'private'],
  ['172.32.0.1', undefined],
  ['169.254.169.254', 'link-local'],
  ['100.64.0.1', 'private'],
  ['224.0.0.251', 'multicast'],
  ['0.0.0.0', 'unspecified'],
  ['8.8.8.8', undefined],
  ['::1', 'loopback'],
  ['::', 'unspecified'],
  ['fd12::1', 'private'],
  ['fe80::1', 'link-local'],
  ['ff02::1', 'multicast'],
  ['::ffff:127.0.0.1', 'loopback'],
  ['2606:4700::1111', undefined],
])('nonPublicKind(%s) = %s', (ip, kind) => {
  expect(nonPublicKind(parseIp(ip)!)).toBe(kind);
});

test('formatIp round-trips', () => {
  expect(formatIp(parseIp('2001:0db8:0000:0000:0000:ff00:0042:8329')!)).toBe('2001:db8::ff00:42:8329');
  expect(formatIp(parseIp('192.0.2.33')!)).toBe('192.0.2.33');
});

test.each([
  ['https://hooks.example.com/x', false, undefined],
  ['http://hooks.example.com/x', false, 'must use https'],
  ['https://u@hooks.example.com/x', false, 'must not contain credentials (user info)'],
  ['https://127.0.0.1:8443/x', false, 'must not point to a loopback address'],
  ['https://127.0.0.1:8443/x', true, undefined],
  ['http://127.0.0.1:8080/x', true, undefined],
  ['http://localhost:8080/x', true, undefined],
  ['http://10.0.0.1/x', true, 'must use https'],
  ['https://10.0.0.1/x', true, 'must not point to a private address'],
  ['https://api.localhost/x', false, 'must not point to a loopback address'],
  ['https://metadata.google.internal/computeMetadata', false, 'must not point to a loopback address'],
  ['ftp://hooks.example.com', false, 'must use https'],
  ['/relative', false, 'is not a valid absolute URL'],
])('webhookUrlProblem(%s, allowLoopback=%s) = %s', (url, allow, problem) => {
  expect(webhookUrlProblem(url, allow)).toBe(problem);
});

test('IP allowlist rules: de-duplicated after normalisation, first label kept, IPv6 counted apart', () => {
  expect(
    normalizeRules([
      { cidr: '203.0.113.9/24', label: 'a' },
      { cidr: '203.0.113.0/24', label: 'b' },
      { cidr: '2001:db8::/48' },
    ]),
  ).toEqual([
    { cidr: '203.0.113.0/24', label: 'a' },
    { cidr: '2001:db8::/48', label: '' },
  ]);
  const ten = Array.from({ length: 10 }, (_, i) => ({ cidr: `198.51.${i}.0/24` }));
  const tenV6 = Array.from({ length: 10 }, (_, i) => ({ cidr: `2001:db8:${i}::/48` }));
  expect(normalizeRules([...ten, ...tenV6])).toHaveLength(20);
  expect(() => normalizeRules([...tenV6, { cidr: '2001:db8:99::/48' }])).toThrow('invalid request body: parameters.rules: at most 10 IPv6 CIDRs are allowed');
  expect(() => normalizeRules([{ cidr: '2001:db8::/32' }])).toThrow('invalid request body: parameters.rules[0].cidr: "2001:db8::/32" is broader than the maximum /48 for IPv6');
});
