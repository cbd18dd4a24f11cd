// What a run will do, worked out before it starts (the dry run prints it), the refusal rules, and the checks the
// run makes of the engine's plan and of the live objects.
import type { AnyKind } from '@walletinfra/pulumi/resources/kind';
import { KINDS } from '@walletinfra/pulumi/resources/kinds';
import { policy } from '@walletinfra/pulumi/resources/policy/spec';
import { buildPlan, describePlan, FIXTURE_USER_ID, prefixedNames, withFixtureUser } from '../../acceptance/plan';
import { ownedByRun, parseRunId } from '../../acceptance/prefix';
import { plannedOps } from '../../acceptance/pulumi';
import { differences } from '../../acceptance/checks';
import { refusals } from '../../acceptance/preflight';
import { scenariosOf } from '../../acceptance/kinds';

const run = parseRunId('20260314t091500-k3f9');
const kinds = KINDS as readonly AnyKind[];

describe('the plan', () => {
  test('every object it creates, changes, deletes or leaves is named with the run prefix', () => {
    const plan = buildPlan(kinds, { run, includeSingletons: true });
    const objects = [...plan.creates, ...plan.changes, ...plan.deletes, ...plan.leavesInPlace];
    expect(objects.filter((o) => !ownedByRun(run.prefix, o.name))).toEqual([]);
    // A singleton declared exactly as the organization holds it (never written) is the one object without it.
    const asItIs = plan.resources.filter((r) => r.scenario.singleton !== undefined && r.scenario.singleton.occupied === undefined);
    expect(plan.asItIs.map((o) => o.name)).toEqual(asItIs.map((r) => r.scenario.singleton?.what));
    for (const r of plan.resources.filter((x) => !asItIs.includes(x))) {
      // A singleton's object has no name of its own: its rules' labels carry the prefix.
      expect([r.name, prefixedNames(r.create, run.prefix).length > 0, prefixedNames(r.then, run.prefix).length > 0]).toEqual([
        r.name,
        true,
        true,
      ]);
    }
  });

  test('the kinds that would change an object without a prefix are left out unless asked for, saying how to include them', () => {
    const plan = buildPlan(kinds, { run, includeSingletons: false });
    expect(plan.leftOut).toEqual(
      [
        {
          scenario: 'IpAllowlist (organization)',
          why: "the organization's IP allowlist cannot carry the run prefix; include it with --include-singletons (the run then starts only when it is empty)",
        },
        {
          scenario: 'RootQuorum',
          why:
            "the organization's root quorum cannot carry the run prefix; include it with --include-singletons (the run then declares it " +
            'exactly as it is, writes nothing, and leaves it in place)',
        },
      ].filter((l) => scenariosOf(kinds).some((ks) => ks.scenario.name === l.scenario)),
    );
    // Every singleton, and nothing else, is left out by default.
    expect(plan.leftOut.map((l) => l.scenario)).toEqual(
      scenariosOf(kinds)
        .filter((ks) => ks.scenario.singleton !== undefined)
        .map((ks) => ks.scenario.name),
    );
    expect(plan.resources.map((r) => r.name)).not.toContain('ip-allowlist-org-adopted');
    expect(buildPlan(kinds, { run, includeSingletons: true }).resources.map((r) => r.name)).toContain('ip-allowlist-org-adopted');
  });

  test("the fixture user's id is filled in wherever a sample names it, and nothing else changes", () => {
    const plan = buildPlan(kinds, { run, includeSingletons: false });
    const args = { userId: plan.sample.fixtureUserId, nested: [{ userIds: [plan.sample.fixtureUserId, 'user-2'] }], name: 'x' };
    expect(withFixtureUser(args, 'user-1')).toEqual({ userId: 'user-1', nested: [{ userIds: ['user-1', 'user-2'] }], name: 'x' });
    expect(args.userId).toBe(FIXTURE_USER_ID);
  });

  test('--only keeps the named kinds and says why the others are left out', () => {
    const plan = buildPlan(kinds, { run, includeSingletons: false, only: ['Policy'] });
    expect(plan.resources.map((r) => [r.name, r.change])).toEqual([
      ['policy-main', 'update'],
      ['policy-adopted', 'restore'],
    ]);
    expect(plan.leftOut.map((l) => [l.scenario, l.why])).toContainEqual(['WebhookEndpoint', 'not named by --only']);
    expect(plan.apiKeys).toEqual([]);
  });

  test('the dry run lists each object with how the run touches it', () => {
    const plan = buildPlan(kinds, { run, includeSingletons: false, only: ['Policy', 'SessionProfile'] });
    expect(describePlan(plan, 'org-1').split('\n')).toEqual([
      'Acceptance run 20260314t091500-k3f9 in organization org-1; every object it makes is named wiacc-20260314t091500-k3f9-...',
      'Would create:',
      '  Policy                       wiacc-20260314t091500-k3f9-policy-main  (by pulumi up)',
      '  Policy                       wiacc-20260314t091500-k3f9-policy-adopted  (by hand through the sdk, then adopted by pulumi up)',
      '  SessionProfile               wiacc-20260314t091500-k3f9-session-profile-replaced  (by pulumi up)',
      '  SessionProfile               wiacc-20260314t091500-k3f9-session-profile-replaced  (by pulumi up, replacing wiacc-20260314t091500-k3f9-session-profile-replaced (expirationSeconds))',
      '  SessionProfile               wiacc-20260314t091500-k3f9-session-profile-adopted  (by hand through the sdk, then adopted by pulumi up)',
      '  User                         wiacc-20260314t091500-k3f9-user  (through the sdk (the sdk step), with an example.com email and a fictional phone number)',
      '  UserTag                      wiacc-20260314t091500-k3f9-user-tag  (through the sdk (the sdk step))',
      '  ApiKey                       wiacc-20260314t091500-k3f9-user-key  (through the sdk (the sdk step), on that user)',
      '  SmartContractInterface       wiacc-20260314t091500-k3f9-contract  (through the sdk (the sdk step))',
      '  VelocityControl              wiacc-20260314t091500-k3f9-velocity-control  (through the sdk (the sdk step))',
      'Would change (only objects it created):',
      '  Policy                       wiacc-20260314t091500-k3f9-policy-main  (updated in place (notes))',
      '  Policy                       wiacc-20260314t091500-k3f9-policy-adopted  (changed by hand through the sdk (drift), then restored by pulumi up)',
      '  User                         wiacc-20260314t091500-k3f9-user  (renamed, new email and phone number (the sdk step))',
      '  UserTag                      wiacc-20260314t091500-k3f9-user-tag  (renamed, member removed (the sdk step))',
      'Would delete (only objects it created):',
      '  Policy                       wiacc-20260314t091500-k3f9-policy-main  (by pulumi destroy)',
      '  Policy                       wiacc-20260314t091500-k3f9-policy-adopted  (by pulumi destroy)',
      '  ApiKey                       wiacc-20260314t091500-k3f9-user-key  (through the sdk (the sdk step))',
      '  UserTag                      wiacc-20260314t091500-k3f9-user-tag-renamed  (through the sdk (the sdk step))',
      '  User                         wiacc-20260314t091500-k3f9-user-named  (through the sdk (the sdk step))',
      '  SmartContractInterface       wiacc-20260314t091500-k3f9-contract  (through the sdk (the sdk step))',
      '  VelocityControl              wiacc-20260314t091500-k3f9-velocity-control  (through the sdk (the sdk step))',
      'Would leave in place (named with the prefix):',
      '  SessionProfile               wiacc-20260314t091500-k3f9-session-profile-replaced  (replaced; the service cannot delete it)',
      '  SessionProfile               wiacc-20260314t091500-k3f9-session-profile-replaced  (pulumi destroy leaves it: the service cannot delete session profiles)',
      '  SessionProfile               wiacc-20260314t091500-k3f9-session-profile-adopted  (pulumi destroy leaves it: the service cannot delete session profiles)',
      'Left out:',
      // Every other scenario of KINDS, in their order.
      ...scenariosOf(kinds)
        .map(({ scenario }) => scenario.name)
        .filter((name) => name !== 'Policy' && name !== 'SessionProfile')
        .map((name) => `  ${name.padEnd(28)} not named by --only`),
    ]);
  });

  test('sample secrets are random per run and never repeat between runs', () => {
    const a = buildPlan(kinds, { run, includeSingletons: false });
    const b = buildPlan(kinds, { run, includeSingletons: false });
    expect(a.secrets().length).toBeGreaterThan(0);
    expect(a.secrets().filter((s) => b.secrets().includes(s))).toEqual([]);
  });
});

describe('refusals', () => {
  test('nothing to refuse', () => {
    expect(
      refusals(
        {
          singletons: [{ scenario: 'IpAllowlist (organization)', what: "the organization's IP allowlist", occupied: undefined }],
          ownLeftovers: [],
        },
        run.prefix,
      ),
    ).toEqual([]);
  });

  test('a singleton that holds something, and objects already named with this run prefix, each say which and what to do', () => {
    expect(
      refusals(
        {
          singletons: [
            {
              scenario: 'IpAllowlist (organization)',
              what: "the organization's IP allowlist",
              occupied: '2 rules, enabled, onEvaluationError DENY',
            },
          ],
          ownLeftovers: [{ type: 'Policy', name: `${run.prefix}policy-main` }],
        },
        run.prefix,
      ),
    ).toEqual([
      "the organization's IP allowlist (IpAllowlist (organization)) holds 2 rules, enabled, onEvaluationError DENY; the run would replace it, " +
        'and it cannot carry the run prefix. Run against an organization where it is empty, or leave out --include-singletons',
      "the organization already holds 1 object(s) named with this run's prefix wiacc-20260314t091500-k3f9- (Policy wiacc-20260314t091500-k3f9-policy-main): " +
        'sweep them (npm run sweep -- --older-than 0 --yes) or use another --run-id',
    ]);
  });
});

describe('the checks of a step', () => {
  test('a preview: each resource is created, updated, replaced, deleted or the same', () => {
    const urn = (type: string, name: string) =>
      `urn:pulumi:acceptance::walletinfra-acceptance::pulumi-nodejs:dynamic/walletinfra:${type}::${name}`;
    const preview = JSON.stringify({
      steps: [
        { op: 'same', urn: 'urn:pulumi:acceptance::walletinfra-acceptance::pulumi:pulumi:Stack::walletinfra-acceptance-acceptance' },
        { op: 'update', urn: urn('Policy', 'policy-main') },
        { op: 'create-replacement', urn: urn('WebhookEndpoint', 'webhook-replaced') },
        { op: 'replace', urn: urn('WebhookEndpoint', 'webhook-replaced') },
        { op: 'delete-replaced', urn: urn('WebhookEndpoint', 'webhook-replaced') },
        { op: 'refresh', urn: urn('Policy', 'policy-adopted') },
        { op: 'same', urn: urn('Policy', 'policy-adopted') },
        { op: 'create', urn: 'urn:pulumi:acceptance::walletinfra-acceptance::walletinfra:index:Policy::native' },
      ],
    });
    expect(plannedOps(preview)).toEqual({
      'policy-main': 'update',
      'webhook-replaced': 'replace',
      'policy-adopted': 'same',
      native: 'create',
    });
  });

  test('a live object against the declared inputs: every service field in normal form, secrets aside', () => {
    const kind = policy as unknown as AnyKind;
    const declared = { policyName: 'p', effect: 'EFFECT_ALLOW', condition: 'false', notes: 'n' };
    const live = {
      policyId: 'id',
      policyName: 'p',
      effect: 'EFFECT_ALLOW',
      condition: 'false',
      consensus: '',
      notes: 'n',
      time: '',
      organizationId: 'o',
    };
    expect(differences(kind, declared, live)).toEqual([]);
    expect(differences(kind, declared, { ...live, notes: 'changed', consensus: 'approvers.count() >= 2' })).toEqual([
      'consensus is "approvers.count() >= 2", declared ""',
      'notes is "changed", declared "n"',
    ]);
  });
});
