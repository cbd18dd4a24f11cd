// The sdk's CIDR and IP-allowlist rules (docs.turnkey.com/reference/ip-allowlisting), which the emulator
// applies on set_ip_allowlist and the provider at `check`: normal form, refusals, limits, with messages.
import { expect } from '@jest/globals';
import { normalizeIpAllowlistRules, parseCidr } from '@walletinfra/sdk/rules';
import { normalizeRules } from '@walletinfra/emulator/handlers/ip-allowlist';

test.each([
  ['192.168.1.100/24', '192.168.1.0/24'],
  ['10.0.0.1', '10.0.0.1/32'],
  ['2001:DB8::1/64', '2001:db8::/64'],
  ['2001:db8:0:0:0:0:0:1', '2001:db8::1/128'],
  ['fe80::1:0:0:1/48', 'fe80::/48'],
  ['1:0:0:2:0:0:0:3/128', '1:0:0:2::3/128'],
  ['0.0.0.0/0', '0.0.0.0/0'],
])('parseCidr(%s) normalises to %s', (input, expected) => {
  expect(parseCidr(input)).toEqual({ ok: true, cidr: expect.objectContaining({ normalized: expected }) });
});

test.each([
  ['10.0.0.300/24', 'invalid CIDR "10.0.0.300/24"'],
  ['10.0.0.0/33', 'invalid CIDR "10.0.0.0/33"'],
  ['1.2.3', 'invalid CIDR "1.2.3"'],
  ['01.2.3.4', 'invalid CIDR "01.2.3.4"'],
  ['0x7f.0.0.1', 'invalid CIDR "0x7f.0.0.1"'],
  ['::1::2', 'invalid CIDR "::1::2"'],
  ['2001:db8::/129', 'invalid CIDR "2001:db8::/129"'],
  ['abc', 'invalid CIDR "abc"'],
  ['10.0.0.0/-1', 'invalid CIDR "10.0.0.0/-1"'],
  ['10.0.0.0/08', 'invalid CIDR "10.0.0.0/08"'],
  ['10.0.0.0/8/8', 'invalid CIDR "10.0.0.0/8/8"'],
  ['fe80::1%eth0', 'invalid CIDR "fe80::1%eth0"'],
  ['::ffff:1.2.3.4/128', '"::ffff:1.2.3.4/128" is an IPv4-mapped IPv6 address; write the IPv4 CIDR 1.2.3.4/32 instead'],
  ['::ffff:c000:200/120', '"::ffff:c000:200/120" is an IPv4-mapped IPv6 address; write the IPv4 CIDR 192.0.2.0/24 instead'],
])('parseCidr(%s) is refused: %s', (input, problem) => {
  expect(parseCidr(input)).toEqual({ ok: false, problem });
});

test('allowlist rules: de-duplicated after normalisation, first label kept, IPv6 counted apart', () => {
  const { rules, problems } = normalizeIpAllowlistRules([
    { cidr: '203.0.113.9/24', label: 'a' },
    { cidr: '203.0.113.0/24', label: 'b' },
    { cidr: '2001:db8::/48' },
  ]);
  expect({ rules, problems }).toEqual({
    rules: [
      { cidr: '203.0.113.0/24', label: 'a' },
      { cidr: '2001:db8::/48', label: '' },
    ],
    problems: [],
  });
  const ten = Array.from({ length: 10 }, (_, i) => ({ cidr: `198.51.${i}.0/24` }));
  const tenV6 = Array.from({ length: 10 }, (_, i) => ({ cidr: `2001:db8:${i}::/48` }));
  expect(normalizeIpAllowlistRules([...ten, ...tenV6])).toEqual({ rules: expect.any(Array), problems: [], duplicates: [] });
  expect(normalizeIpAllowlistRules([...ten, ...tenV6]).rules).toHaveLength(20);
});

test('allowlist rules: duplicates (after normalisation) are reported with both indexes, the first kept', () => {
  expect(
    normalizeIpAllowlistRules([{ cidr: '203.0.113.9/24', label: 'a' }, { cidr: '2001:db8::/48' }, { cidr: '203.0.113.0/24', label: 'b' }])
      .duplicates,
  ).toEqual([{ index: 2, firstIndex: 0, cidr: '203.0.113.0/24' }]);
});

test('allowlist rules: every problem, each naming the rule', () => {
  const tenV6 = Array.from({ length: 10 }, (_, i) => ({ cidr: `2001:db8:${i}::/48` }));
  expect(normalizeIpAllowlistRules([{ cidr: '2001:db8::/32' }, { cidr: 'nope' }, ...tenV6, { cidr: '2001:db8:99::/48' }]).problems).toEqual(
    [
      { path: 'rules[0].cidr', message: '"2001:db8::/32" is broader than the maximum /48 for IPv6' },
      { path: 'rules[1].cidr', message: 'invalid CIDR "nope"' },
      { path: 'rules[12].cidr', message: '"2001:db8:99::/48" is IPv6 CIDR number 11: at most 10 IPv6 CIDRs are allowed' },
    ],
  );
  expect(normalizeIpAllowlistRules([{ cidr: '10.0.0.0/19' }]).problems).toEqual([
    { path: 'rules[0].cidr', message: '"10.0.0.0/19" is broader than the maximum /20 for IPv4' },
  ]);
});

test('the emulator answers the first problem in the service error shape', () => {
  const tenV6 = Array.from({ length: 10 }, (_, i) => ({ cidr: `2001:db8:${i}::/48` }));
  expect(() => normalizeRules([...tenV6, { cidr: '2001:db8:99::/48' }])).toThrow(
    'invalid request body: parameters.rules[10].cidr: "2001:db8:99::/48" is IPv6 CIDR number 11: at most 10 IPv6 CIDRs are allowed',
  );
  expect(() => normalizeRules([{ cidr: '2001:db8::/32' }])).toThrow(
    'invalid request body: parameters.rules[0].cidr: "2001:db8::/32" is broader than the maximum /48 for IPv6',
  );
  expect(() => normalizeRules([{ cidr: '::ffff:1.2.3.4/128' }])).toThrow(
    'invalid request body: parameters.rules[0].cidr: "::ffff:1.2.3.4/128" is an IPv4-mapped IPv6 address; write the IPv4 CIDR 1.2.3.4/32 instead',
  );
});
