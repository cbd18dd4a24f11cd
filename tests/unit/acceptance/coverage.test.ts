// The acceptance run covers everything the packages offer, and says so when something new arrives: every kind
// in KINDS has safe samples (or a reason for each step it skips), every data source a lookup, and every
// operation of the sdk's registry a call, the lifecycle that sends it, or the reason the run never does.
import { z } from 'zod';
import * as walletinfra from '@walletinfra/pulumi';
import { createDataSources } from '@walletinfra/pulumi/datasources';
import type { AnyKind } from '@walletinfra/pulumi/resources/kind';
import { KINDS } from '@walletinfra/pulumi/resources/kinds';
import { policy } from '@walletinfra/pulumi/resources/policy/spec';
import { operations } from '@walletinfra/sdk/operations';
import { LOOKUPS, outputFunctionOf } from '../../acceptance/datasources';
import { ACCEPTANCE, rolesOf, scenarioProblems, scenariosOf, stepOf } from '../../acceptance/kinds';
import { OPERATIONS, SDK_CALLS } from '../../acceptance/operations';

const kinds = KINDS as readonly AnyKind[];

describe('resource kinds', () => {
  test.each(kinds.map((k) => [k.type, k] as const))('%s has acceptance data, complete and without contradictions', (_type, kind) => {
    const scenarios = ACCEPTANCE[kind.type] ?? [];
    expect(scenarios.length).toBeGreaterThan(0);
    expect(scenarios.flatMap((s) => scenarioProblems(kind, s))).toEqual([]);
  });

  test('a kind without acceptance data stops the run before it starts, naming the kind and where its data goes', () => {
    const newcomer = { ...policy, type: 'Newcomer' } as unknown as AnyKind;
    expect(() => scenariosOf([...kinds, newcomer])).toThrow(
      'resource kind Newcomer has no acceptance data: add safe samples (create, update, replace, hand-made, drift, or the reason a step ' +
        'does not apply) to tests/acceptance/kinds/index.ts',
    );
  });

  test('a step with neither a sample nor a reason is a problem, and so is one with both', () => {
    const [scenario] = ACCEPTANCE.Policy ?? [];
    if (scenario === undefined) throw new Error('no Policy scenario');
    expect(scenarioProblems(policy as unknown as AnyKind, { ...scenario, notApplicable: {} })).toEqual([
      'Policy: replace has neither a sample nor a reason (notApplicable.replace)',
    ]);
    expect(
      scenarioProblems(policy as unknown as AnyKind, { ...scenario, notApplicable: { ...scenario.notApplicable, update: 'no' } }),
    ).toEqual(['Policy: update has a sample and a reason not to apply']);
  });

  test('every kind is created, updated or replaced, adopted and deleted by some scenario, or says why not', () => {
    const summary = scenariosOf(kinds).map(({ kind, scenario }) => ({
      scenario: scenario.name,
      roles: rolesOf(scenario),
      skipped: (['update', 'replace', 'adopt', 'drift', 'delete'] as const).filter((s) => !stepOf(kind, scenario, s).applies),
    }));
    expect(summary).toEqual(
      [
        { scenario: 'Policy', roles: ['main', 'adopted'], skipped: ['replace'] },
        { scenario: 'WebhookEndpoint', roles: ['main', 'replaced', 'adopted'], skipped: [] },
        { scenario: 'FiatOnRampCredential', roles: ['main', 'adopted'], skipped: ['replace'] },
        { scenario: 'IpAllowlist', roles: ['main', 'replaced', 'adopted'], skipped: [] },
        { scenario: 'IpAllowlist (organization)', roles: ['adopted'], skipped: ['update', 'replace'] },
        { scenario: 'PrivateKeyTag', roles: ['main', 'adopted'], skipped: ['replace'] },
        { scenario: 'SessionProfile', roles: ['replaced', 'adopted'], skipped: ['update', 'drift', 'delete'] },
        { scenario: 'UserTag', roles: ['main', 'adopted'], skipped: ['replace'] },
        { scenario: 'User', roles: ['main', 'adopted'], skipped: ['replace'] },
        { scenario: 'ApiKey', roles: ['replaced', 'adopted'], skipped: ['update', 'drift'] },
        { scenario: 'RootQuorum', roles: ['main'], skipped: ['update', 'replace', 'adopt', 'drift', 'delete'] },
        { scenario: 'SmartContractInterface', roles: ['replaced', 'adopted'], skipped: ['update', 'drift'] },
        { scenario: 'VelocityControl', roles: ['replaced', 'adopted'], skipped: ['update', 'drift'] },
      ].filter((row) => summary.some((s) => s.scenario === row.scenario)),
    );
    expect(summary.map((s) => s.scenario)).toEqual(kinds.flatMap((k) => (ACCEPTANCE[k.type] ?? []).map((s) => s.name)));
  });

  test("the samples are valid inputs of their kind (the kind's own argument schema)", () => {
    const sample = {
      prefix: 'wiacc-20260314t091500-k3f9-',
      name: (s: string) => `wiacc-20260314t091500-k3f9-${s}`,
      secret: (l: string) => `sk_test_${l}`,
      webhookUrl: (s: string) => `https://example.com/walletinfra-acceptance/${s}`,
      apiKey: (role: string) => ({ role, apiKeyName: `key-${role}`, publicKey: `02${'ab'.repeat(32)}` }),
      publicKey: (label: string) => `03${label.length.toString(16).padStart(2, '0').repeat(32)}`,
      fixtureUserId: '<the fixture user id>',
    };
    for (const { kind, scenario } of scenariosOf(kinds)) {
      for (const role of rolesOf(scenario)) {
        const args = scenario.create(sample, role);
        const variants = [
          args,
          ...(scenario.update ? [scenario.update(sample, args)] : []),
          ...(scenario.replace ? [scenario.replace(sample, args)] : []),
        ];
        for (const v of variants)
          expect([scenario.name, role, kind.args.safeParse(v).error?.issues ?? []]).toEqual([scenario.name, role, []]);
      }
    }
  });
});

describe('data sources', () => {
  const dataSources = Object.keys(
    createDataSources(() => {
      throw new Error('not called');
    }),
  );

  test('every data source has a lookup, and no lookup names a data source that does not exist', () => {
    expect(Object.keys(LOOKUPS).sort()).toEqual([...dataSources].sort());
  });

  test.each(dataSources)('%s is read through its exported Output form', (name) => {
    expect(typeof (walletinfra as unknown as Record<string, unknown>)[outputFunctionOf(name)]).toBe('function');
    for (const op of LOOKUPS[name]?.operations ?? []) expect(Object.keys(operations)).toContain(op);
  });
});

describe('sdk operations', () => {
  test('every operation of the registry is called, covered by a lifecycle, or skipped with a reason', () => {
    expect(Object.keys(operations).filter((op) => OPERATIONS[op] === undefined)).toEqual([]);
    expect(Object.keys(OPERATIONS).filter((op) => !(op in operations))).toEqual([]);
  });

  test('the sdk step calls exactly the operations marked as its own, besides its probes of errors', () => {
    const own = Object.entries(OPERATIONS)
      .filter(([, use]) => 'sdk' in use)
      .map(([op]) => op)
      .sort();
    expect([...new Set(SDK_CALLS.filter((c) => c.expectError === undefined).map((c) => c.operation))].sort()).toEqual(own);
    expect(SDK_CALLS.filter((c) => c.expectError !== undefined).map((c) => c.operation)).toEqual(['get_policy', 'create_policy']);
  });

  test('a singleton scenario declares one object, as the organization has one', () => {
    for (const { scenario } of scenariosOf(kinds))
      if (scenario.singleton !== undefined) expect([scenario.name, rolesOf(scenario).length]).toEqual([scenario.name, 1]);
  });

  test('a lifecycle named as covering an operation sends it', () => {
    const sentByKinds = new Set(
      kinds.flatMap((k) =>
        k.shape === 'listed'
          ? [k.writes.create.operation, k.writes.update?.operation, k.writes.delete?.operation].filter((o) => o !== undefined)
          : [],
      ),
    );
    // IpAllowlist writes through steps of its own (set_ip_allowlist, remove_ip_allowlist).
    const ownSteps = ['set_ip_allowlist', 'remove_ip_allowlist'];
    const claimed = Object.entries(OPERATIONS)
      .filter(([, use]) => 'covered' in use && use.covered.includes('lifecycle'))
      .map(([op]) => op);
    expect(claimed.filter((op) => !sentByKinds.has(op) && !ownSteps.includes(op))).toEqual([]);
  });

  test('every reason to skip an operation is a sentence', () => {
    for (const [op, use] of Object.entries(OPERATIONS)) {
      if ('skip' in use) expect([op, z.string().min(10).safeParse(use.skip).success]).toEqual([op, true]);
    }
  });
});
