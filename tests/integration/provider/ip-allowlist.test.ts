// IpAllowlist through the provider's own methods against the emulator: check (CIDRs by index, duplicates,
// limits, lockout guard), create on an empty scope, normalised no-op diffs, whole-list update, refusal to
// take over a hand-written list without adopt, adoption, drift, per-API-key lists, delete.
import { expect } from '@jest/globals';
import { AdminUser, generatedKey } from '../../support/emulator';
import { checkedInputs, failure, useHarness, present } from '../../support/provider-harness';

const h = useHarness();
let otherKey: string;
beforeAll(async () => {
  const user = await h.admin('POST', '/users', { userName: 'ci', generateApiKey: true });
  otherKey = generatedKey(AdminUser.parse(user.json)).publicKey;
});

const DECLARED = {
  enabled: true,
  rules: [
    { cidr: '203.0.113.77/24', label: 'office' },
    { cidr: '2001:DB8::1/48', label: 'vpn' },
  ],
};

function checked(news: Record<string, unknown>): Promise<Record<string, unknown>> {
  return checkedInputs(h.runtime.ipAllowlist, news);
}

describe('IpAllowlist check', () => {
  test.each([
    [
      { rules: [] },
      [
        {
          property: 'enabled',
          reason: 'required for the organization-level list: true enforces the rules, false keeps them without enforcing',
        },
      ],
    ],
    [
      { enabled: true, rules: [] },
      [
        {
          property: 'enabled',
          reason:
            'an enabled organization-level list without rules refuses every API key, including the one running pulumi; add rules, set enabled: false, or set allowLockout: true if locking API access out is what you want',
        },
      ],
    ],
    [
      { enabled: false, rules: [{ cidr: '10.0.0.300/24' }, { cidr: '10.0.0.0/8' }] },
      [
        { property: 'rules', reason: 'rules[0].cidr: invalid CIDR "10.0.0.300/24"' },
        { property: 'rules', reason: 'rules[1].cidr: "10.0.0.0/8" is broader than the maximum /20 for IPv4' },
      ],
    ],
    [
      { enabled: false, rules: [{ cidr: '192.168.1.100/24' }, { cidr: '192.168.1.0/24', label: 'again' }] },
      [
        {
          property: 'rules',
          reason: 'rules[1].cidr: 192.168.1.0/24 repeats rules[0]; the service keeps only the first, so list each network once',
        },
      ],
    ],
    [
      { enabled: false, rules: Array.from({ length: 11 }, (_, i) => ({ cidr: `198.51.${i}.0/24` })) },
      [{ property: 'rules', reason: 'rules[10].cidr: "198.51.10.0/24" is IPv4 CIDR number 11: at most 10 IPv4 CIDRs are allowed' }],
    ],
    [
      { publicKey: 'abc', enabled: true, rules: [] },
      [
        {
          property: 'enabled',
          reason:
            'only the organization-level list has it (a per-key list applies while the organization-level list is enabled); remove enabled or publicKey',
        },
      ],
    ],
    [
      { enabled: false, rules: [{ cidr: 5 }], onEvaluationError: 'MAYBE' },
      [
        { property: 'rules', reason: 'rules[0].cidr: must be a string, got number 5' },
        { property: 'onEvaluationError', reason: 'must be one of ALLOW, DENY, got string "MAYBE"' },
      ],
    ],
  ])('%j fails with exact reasons', async (news, failures) => {
    expect((await h.runtime.ipAllowlist.check({}, news)).failures).toEqual(failures);
  });

  test('an empty enabled list passes with allowLockout, and a list with unknown rules is not judged at preview', async () => {
    expect((await h.runtime.ipAllowlist.check({}, { enabled: true, rules: [], allowLockout: true })).failures).toBeUndefined();
    expect(
      (await h.runtime.ipAllowlist.check({}, { enabled: true, rules: '04da6b54-80e4-46f7-96ec-b56ff0331ba9' })).failures,
    ).toBeUndefined();
  });
});

describe('IpAllowlist lifecycle (organization level)', () => {
  let inputs: Record<string, unknown>;
  let outs: Record<string, unknown>;

  test('create on an empty scope sets the normalised list', async () => {
    inputs = await checked(DECLARED);
    const created = await h.runtime.ipAllowlist.create(inputs);
    expect(created.id).toBe('organization');
    outs = created.outs;
    expect(outs).toEqual({
      enabled: true,
      rules: [
        { cidr: '2001:db8::/48', label: 'vpn' },
        { cidr: '203.0.113.0/24', label: 'office' },
      ],
      onEvaluationError: 'DENY',
      allowLockout: false,
      organizationId: h.org,
    });
    const live = (await h.client.getIpAllowlist({})).allowlist;
    expect([live.enabled, live.rules.map((r) => [r.cidr, r.label])]).toEqual([
      true,
      [
        ['2001:db8::/48', 'vpn'],
        ['203.0.113.0/24', 'office'],
      ],
    ]);
  });

  test('read equals the state; no diff for the program as written, in another order, or with host bits set', async () => {
    const read = present(await h.newRuntime().ipAllowlist.read('organization', outs));
    expect(read).toEqual({ id: 'organization', props: outs, inputs: outs });
    expect(await h.runtime.ipAllowlist.diff('organization', read.props, inputs)).toEqual({ changes: false });
    expect(await h.runtime.ipAllowlist.diff('organization', read.props, { ...DECLARED, organizationId: h.org })).toEqual({
      changes: false,
    });
    const reordered = {
      ...DECLARED,
      rules: [
        { cidr: '2001:db8::/48', label: 'vpn' },
        { cidr: '203.0.113.1/24', label: 'office' },
      ],
      organizationId: h.org,
    };
    expect(await h.runtime.ipAllowlist.diff('organization', read.props, reordered)).toEqual({ changes: false });
  });

  test('changing a rule is an in-place update that sends the whole list', async () => {
    const news = await checked({ ...DECLARED, rules: [...DECLARED.rules, { cidr: '198.51.100.0/24' }], onEvaluationError: 'ALLOW' });
    expect(await h.runtime.ipAllowlist.diff('organization', outs, news)).toEqual({ changes: undefined });
    h.resetRequests();
    const updated = await h.newRuntime().ipAllowlist.update('organization', outs, news);
    expect(h.requests()).toEqual([
      '/public/v1/query/get_ip_allowlist',
      '/public/v1/query/list_activities',
      '/public/v1/submit/set_ip_allowlist',
    ]);
    outs = updated.outs!;
    inputs = news;
    const live = (await h.client.getIpAllowlist({})).allowlist;
    expect([live.onEvaluationError, live.rules.length]).toEqual(['ALLOW', 3]);
    h.resetRequests();
    expect(await h.newRuntime().ipAllowlist.update('organization', outs, news)).toEqual({ outs });
    expect(h.requests()).toEqual(['/public/v1/query/get_ip_allowlist']);
  });

  test('a list changed by hand shows as drift on read, and update restores the declared list', async () => {
    await h.client.setIpAllowlist({ enabled: false, rules: [{ cidr: '192.0.2.0/24' }] });
    const read = present(await h.newRuntime().ipAllowlist.read('organization', outs));
    expect(read.props).toEqual({ ...outs, enabled: false, rules: [{ cidr: '192.0.2.0/24', label: '' }], onEvaluationError: 'DENY' });
    expect(await h.runtime.ipAllowlist.diff('organization', read.props, inputs)).toEqual({ changes: undefined });
    await h.newRuntime().ipAllowlist.update('organization', read.props, inputs);
    expect((await h.newRuntime().ipAllowlist.read('organization', outs)).props).toEqual(outs);
  });

  test('delete removes the list; the scope then reads back empty and a new resource may create it', async () => {
    await h.newRuntime().ipAllowlist.delete('organization', outs);
    const live = (await h.client.getIpAllowlist({})).allowlist;
    expect([live.rules, live.enabled]).toEqual([[], false]);
  });

  test('a list written by hand is not taken over without adopt; with adopt it is, in one write', async () => {
    await h.client.setIpAllowlist({ enabled: true, rules: [{ cidr: '192.0.2.0/24', label: 'by hand' }] });
    const news = await checked(DECLARED);
    expect(await failure(h.newRuntime().ipAllowlist.create(news))).toEqual({
      code: 'INVALID_REQUEST',
      message: `invalid request for create the IP allowlist of organization ${h.org}: adopt: the scope already has a list (1 rule(s), enabled) that this resource would replace; add adopt: { id: "organization" } to manage it (the declared rules then replace the current ones)`,
    });
    expect((await h.client.getIpAllowlist({})).allowlist.rules.map((r) => r.label)).toEqual(['by hand']);
    expect(await failure(h.newRuntime().ipAllowlist.create(await checked({ ...DECLARED, adopt: { id: 'apiKey:02ab' } })))).toEqual({
      code: 'INVALID_REQUEST',
      message: `invalid request for adopt the IP allowlist of organization ${h.org}: adopt.id: is "apiKey:02ab", but this resource declares the list "organization"; use adopt: { id: "organization" } or change publicKey`,
    });
    const adopted = await h.newRuntime().ipAllowlist.create(await checked({ ...DECLARED, adopt: { id: 'organization' } }));
    expect(adopted.id).toBe('organization');
    expect((await h.client.getIpAllowlist({})).allowlist.rules.map((r) => r.label)).toEqual(['vpn', 'office']);
    await h.newRuntime().ipAllowlist.delete('organization', adopted.outs);
  });
});

describe('IpAllowlist per API key', () => {
  test('a per-key list lives beside the organization list; changing publicKey replaces', async () => {
    const inputs = await checked({ publicKey: otherKey.toUpperCase(), rules: [{ cidr: '198.51.100.7' }] });
    expect(inputs.publicKey).toBe(otherKey);
    const created = await h.newRuntime().ipAllowlist.create(inputs);
    expect(created.id).toBe(`apiKey:${otherKey}`);
    expect(created.outs).toEqual({
      publicKey: otherKey,
      enabled: false,
      rules: [{ cidr: '198.51.100.7/32', label: '' }],
      onEvaluationError: 'DENY',
      allowLockout: false,
      organizationId: h.org,
    });
    expect((await h.client.getIpAllowlist({ publicKey: otherKey })).allowlist.rules.map((r) => r.cidr)).toEqual(['198.51.100.7/32']);
    expect((await h.client.getIpAllowlist({})).allowlist.rules).toEqual([]);
    expect(
      await h.runtime.ipAllowlist.diff(created.id, created.outs, { ...inputs, publicKey: h.emulator.credentials.apiPublicKey }),
    ).toEqual({
      changes: undefined,
      replaces: ['publicKey'],
    });
    await h.newRuntime().ipAllowlist.delete(created.id, created.outs);
    expect((await h.client.getIpAllowlist({ publicKey: otherKey })).allowlist.rules).toEqual([]);
  });

  test('a key that is not in the organization fails with the service error, naming the key', async () => {
    const inputs = await checked({ publicKey: '02' + 'c'.repeat(64), rules: [{ cidr: '198.51.100.7' }] });
    expect(await failure(h.newRuntime().ipAllowlist.create(inputs))).toEqual({
      code: 'NOT_FOUND',
      message: expect.stringContaining(`no API key found with public key 02${'c'.repeat(64)} in this organization`),
    });
  });
});
