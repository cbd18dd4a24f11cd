// Nothing an acceptance run writes may be live: every kind has a rule saying what would be (the README's
// table is those rules' words), every sample of every kind passes it, and an input that breaks a rule is named
// with the resource, the step and why.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { AnyKind } from '@walletinfra/pulumi/resources/kind';
import { KINDS } from '@walletinfra/pulumi/resources/kinds';
import { documentationOnly, LIVE, liveProblems as kindProblems, type LiveContext } from '../../acceptance/kinds/live';
import { buildPlan, FIXTURE_USER_ID, liveProblems, type Plan } from '../../acceptance/plan';
import { parseRunId } from '../../acceptance/prefix';

const run = parseRunId('20260314t091500-k3f9');
const kinds = KINDS as readonly AnyKind[];
const README = readFileSync(join(__dirname, '..', '..', '..', 'README.md'), 'utf8');

const ctx: LiveContext = {
  prefix: run.prefix,
  webhookHosts: ['example.com', 'example.net', 'example.org'],
  runKeys: new Set([`02${'ab'.repeat(32)}`]),
  fixtureUser: new Set([FIXTURE_USER_ID]),
};

/** The plan with one resource's input of the second up edited. */
function edited(plan: Plan, name: string, edit: (args: Record<string, unknown>) => Record<string, unknown>): Plan {
  const r = plan.resources.find((x) => x.name === name);
  if (r === undefined) throw new Error(`no resource ${name}`);
  r.then = edit(r.then);
  return plan;
}

describe('what would be live', () => {
  test('every kind has a rule, and the README says each in its words', () => {
    expect(kinds.map((k) => k.type).filter((t) => LIVE[t] === undefined)).toEqual([]);
    for (const [type, rule] of Object.entries(LIVE))
      expect([type, README.includes(`| \`${type}\` | ${rule.means} |`)]).toEqual([type, true]);
  });

  test.each([
    ['all kinds, singletons included', { includeSingletons: true }],
    ['all kinds, with --webhook-url', { includeSingletons: true, webhookUrl: 'https://hooks.acme.test/in' }],
    ['by default', { includeSingletons: false }],
  ])('every sample passes (%s)', (_what, options) => {
    const plan = buildPlan(kinds, { run, ...options });
    expect(plan.resources.length).toBeGreaterThan(20);
    expect(liveProblems(plan)).toEqual([]);
    // and once the fixture user exists, with its id in the samples
    expect(liveProblems(plan, 'u-fixture')).toEqual([]);
  });

  test('the on-ramp replacement that asked for a production credential is refused, naming the resource and the step', () => {
    const plan = edited(buildPlan(kinds, { run, includeSingletons: false }), 'onramp-main', (a) => ({ ...a, sandboxMode: false }));
    expect(liveProblems(plan)).toEqual([
      'FiatOnRampCredential onramp-main (second up): sandboxMode false: a production credential (only sandbox ones are written)',
    ]);
  });

  test('a root quorum declared as it is must be read from the organization and never change', () => {
    const plan = edited(buildPlan(kinds, { run, includeSingletons: true }), 'root-quorum-main', (a) => ({ ...a, threshold: 2 }));
    expect(liveProblems(plan)).toEqual(['RootQuorum root-quorum-main: declared as it is, but changed by the second up']);
  });

  // One live input per kind, and what the rule says about it.
  test.each([
    [
      'Policy',
      { effect: 'EFFECT_DENY', condition: 'false' },
      'a EFFECT_DENY policy with the condition false could decide activities (only an ALLOW with `false` decides none)',
    ],
    [
      'Policy',
      { effect: 'EFFECT_ALLOW', condition: 'true' },
      'a EFFECT_ALLOW policy with the condition true could decide activities (only an ALLOW with `false` decides none)',
    ],
    [
      'WebhookEndpoint',
      { url: 'https://hooks.acme.io/x', subscriptions: [{ eventType: 'ACTIVITY_UPDATES' }] },
      'url https://hooks.acme.io/x would receive deliveries outside example.com, example.net, example.org',
    ],
    [
      'WebhookEndpoint',
      { url: 'https://example.com/x', subscriptions: [{ eventType: 'ACTIVITY_UPDATES' }] },
      'a subscription to ACTIVITY_UPDATES, an event the run can cause',
    ],
    [
      'FiatOnRampCredential',
      { sandboxMode: true, publishableApiKey: 'pk_live_1', secretApiKey: 'sk_test_1' },
      'publishableApiKey is not a made-up key named with the run prefix',
    ],
    [
      'FiatOnRampCredential',
      { sandboxMode: true, publishableApiKey: `${run.prefix}x`, secretApiKey: 'sk_live_1' },
      'secretApiKey is not a made-up sk_test_ key',
    ],
    [
      'IpAllowlist',
      { enabled: true, rules: [{ cidr: '192.0.2.0/24' }] },
      "the organization's list would be enforced (enabled is not false)",
    ],
    ['IpAllowlist', { enabled: false, rules: [{ cidr: '192.0.0.0/16' }] }, 'rule 192.0.0.0/16 is not a documentation network'],
    ['IpAllowlist', { publicKey: `03${'cd'.repeat(32)}`, rules: [] }, `publicKey 03${'cd'.repeat(32)} is not a key the run made`],
    ['PrivateKeyTag', { privateKeyTagName: `${run.prefix}t`, privateKeyIds: ['k-1'] }, 'tags 1 private key(s)'],
    ['SessionProfile', { sessionProfileName: 'console login' }, 'sessionProfileName does not carry the run prefix'],
    ['UserTag', { userTagName: `${run.prefix}t`, userIds: ['u-1', 'u-2'] }, 'a tag carried by 2 user(s)'],
    ['User', { userName: 'x', apiKeys: [{ publicKey: 'k' }] }, 'apiKeys: a credential someone could act with'],
    ['User', { userName: 'x', userEmail: 'ops@acme.io' }, 'userEmail ops@acme.io could reach a mailbox'],
    ['User', { userName: 'x', userPhoneNumber: '+447700900' }, 'userPhoneNumber +447700900 could reach a phone'],
    ['ApiKey', { userId: 'u-root', publicKey: `02${'ab'.repeat(32)}` }, "userId u-root is not the run's fixture user"],
    [
      'ApiKey',
      { userId: FIXTURE_USER_ID, publicKey: `03${'cd'.repeat(32)}` },
      `publicKey 03${'cd'.repeat(32)} is not a key the run made and discarded`,
    ],
    [
      'SmartContractInterface',
      { smartContractAddress: '0xdAC17F958D2ee523a2206206994597C13D831ec7' },
      'smartContractAddress 0xdAC17F958D2ee523a2206206994597C13D831ec7 is not one the run reserves',
    ],
    ['VelocityControl', { identifier: 'daily_limit' }, 'identifier daily_limit does not carry the run prefix'],
  ] as const)('%s %j is live: %s', (type, args, problem) => {
    expect(kindProblems(type, args, ctx)).toContain(problem);
  });

  test('a kind without a rule is live by default', () => {
    expect(kindProblems('Wallet', {}, ctx)).toEqual(['Wallet has no rule saying what would be live (tests/acceptance/kinds/live.ts)']);
  });

  test.each([
    ['192.0.2.0/24', true],
    ['198.51.100.7', true],
    ['203.0.113.128/25', true],
    ['2001:db8:1::/48', true],
    ['192.0.2.0/23', false],
    ['10.0.0.0/8', false],
    ['2001::/16', false],
    ['not a cidr', false],
  ] as const)('documentation network: %s %s', (cidr, expected) => {
    expect(documentationOnly(cidr)).toBe(expected);
  });
});
