// The webhook-destination rule, run from the shared table through the provider's `check` (the emulator runs
// the same table over HTTP in tests/integration/emulator/webhook-destinations.test.ts), plus the rule's
// own address table.
import { nonPublicAddress, REFUSED_RANGES } from '@walletinfra/sdk/rules';
import { createRuntime } from '@walletinfra/pulumi/runtime/providers';
import { DESTINATION_CASES } from '../../../support/webhook-destination-cases';

const PROVIDER_HINT =
  '; to accept loopback receivers, set walletinfra:allowLoopbackWebhookUrls to true (local emulator only; env WALLETINFRA_ALLOW_LOOPBACK_WEBHOOK_URLS)';

function runtime(allowLoopback: boolean) {
  const config: Record<string, string> = allowLoopback ? { 'walletinfra:allowLoopbackWebhookUrls': 'true' } : {};
  return createRuntime({ config: (k) => config[k], env: { WALLETINFRA_ORGANIZATION_ID: 'org-default' } });
}

test.each(DESTINATION_CASES.map((c) => [c.url, c.allowLoopback, c] as const))(
  'provider check: %s (allowLoopback=%s)',
  async (_url, _allow, c) => {
    const { failures } = await runtime(c.allowLoopback).webhookEndpoint.check({}, { url: c.url, name: 'ops' });
    const expected = c.problem === undefined ? undefined : [{ property: 'url', reason: c.problem + (c.namesSetting ? PROVIDER_HINT : '') }];
    expect(failures).toEqual(expected);
  },
);

test.each([
  ['127.0.0.1', 'a loopback address'],
  ['10.20.30.40', 'a private address'],
  ['172.32.0.1', undefined],
  ['8.8.8.8', undefined],
  ['::ffff:7f00:1', 'an IPv4-mapped IPv6 address carrying a loopback address (127.0.0.1)'],
  ['::7f00:1', 'an IPv4-compatible IPv6 address carrying a loopback address (127.0.0.1)'],
  ['64:ff9b::a9fe:a9fe', 'a NAT64 address carrying a cloud metadata address (169.254.169.254)'],
  ['fe80::1%eth0', 'a zoned (interface-scoped) address'],
  ['hooks.example.com', undefined],
])('nonPublicAddress(%s) = %s', (address, expected) => {
  expect(nonPublicAddress(address)).toBe(expected);
});

test('every row of the refused-range table is reached: its first address is refused as that row', () => {
  // A row shadowed by an earlier, broader row would never name its kind; list the ones that are.
  const shadowed = REFUSED_RANGES.map((row) => ({ row, got: nonPublicAddress(row.cidr.split('/')[0] as string) })).filter(
    ({ row, got }) => got === undefined || !got.endsWith(`${row.kind} address`),
  );
  expect(shadowed).toEqual([]);
});
