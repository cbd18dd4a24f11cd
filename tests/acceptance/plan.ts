// What a run will do, worked out before it does anything: the scenarios it includes and those it leaves out
// (with why), the fixtures, every resource of the program in each step, and so every object it will create,
// change, delete or leave in place. The dry run prints this; the run follows it, so the two cannot differ.
import { randomBytes } from 'node:crypto';
import { generateApiKeyPair } from '@walletinfra/sdk/crypto';
import { normalize, type AnyKind } from '@walletinfra/pulumi/resources/kind';
import {
  deletable,
  rolesOf,
  scenariosOf,
  stepOf,
  type FixtureApiKey,
  type KindScenario,
  type Role,
  type SampleContext,
  type Scenario,
} from './kinds';
import { EXAMPLE_DOMAINS, liveProblems as kindLiveProblems, type LiveContext } from './kinds/live';
import { ownedByRun, type RunId } from './prefix';

export const DEFAULT_WEBHOOK_URL = 'https://example.com/walletinfra-acceptance';

/** What samples name the fixture user by until it exists (`SampleContext.fixtureUserId`). */
export const FIXTURE_USER_ID = '<the fixture user id>';

export interface PlanOptions {
  run: RunId;
  /** Include the kinds that would change an object without the prefix (after checking it is empty). */
  includeSingletons: boolean;
  /** Only these scenarios (by name or kind type); default all. */
  only?: readonly string[];
  webhookUrl?: string;
}

/** One resource of the program. */
export interface PlannedResource {
  /** The program's resource name: `policy-main`. */
  name: string;
  kind: AnyKind;
  scenario: Scenario;
  role: Role;
  /** Inputs in the first `up` (an adopted one adds `adopt: { id }` once the hand-made object exists). */
  create: Record<string, unknown>;
  /** Inputs in the second `up`: the update, the replacement, or the same. */
  then: Record<string, unknown>;
  /** What the second `up` does to it. */
  change: 'update' | 'replace' | 'restore' | 'none';
}

/** An object the run creates, changes or deletes, for the dry run. */
export interface PlannedObject {
  type: string;
  name: string;
  how: string;
}

export interface Plan {
  run: RunId;
  sample: SampleContext;
  included: KindScenario[];
  leftOut: Array<{ scenario: string; why: string }>;
  fixtureUser: string;
  /** Whether the run makes the fixture user (a scenario needs its API keys or the user itself). */
  needsFixtureUser: boolean;
  apiKeys: Array<FixtureApiKey & { privateKey: string }>;
  resources: PlannedResource[];
  creates: PlannedObject[];
  changes: PlannedObject[];
  deletes: PlannedObject[];
  leavesInPlace: PlannedObject[];
  /** Singletons declared exactly as the organization holds them (no prefix, never written). */
  asItIs: PlannedObject[];
  /** The sample secrets (never sent in plain text). */
  secrets(): string[];
  /** The hosts the run's webhook endpoints may name: the reserved example domains, and `--webhook-url`'s. */
  webhookHosts: string[];
  /** Every public key the samples were made with (fixture keys, and keys whose private half was discarded). */
  runKeys(): string[];
}

/** The names carrying the prefix in a resource's inputs (its name, a rule's label, a publishable key). */
export function prefixedNames(args: unknown, prefix: string): string[] {
  if (typeof args === 'string') return ownedByRun(prefix, args) ? [args] : [];
  if (Array.isArray(args)) return args.flatMap((a) => prefixedNames(a, prefix));
  if (args !== null && typeof args === 'object') return Object.values(args).flatMap((v) => prefixedNames(v, prefix));
  return [];
}

/** Every string of a value at least `min` characters long. */
function strings(value: unknown, min: number): string[] {
  if (typeof value === 'string') return value.length >= min ? [value] : [];
  if (Array.isArray(value)) return value.flatMap((v) => strings(v, min));
  if (value !== null && typeof value === 'object') return Object.values(value).flatMap((v) => strings(v, min));
  return [];
}

/**
 * What a resource's requests mention, for the report's request ids: its id (for an id naming a scope, the scope:
 * an API key's IP allowlist is `apiKey:<public key>`, its requests name the key), the names it declares with the
 * run prefix, and for an object of the organization's own (a singleton: its id, `organization` or `rootQuorum`,
 * is no id of the service) the values it declares (the root quorum's users).
 */
export function needlesOf(r: PlannedResource, ids: ReadonlyArray<string | undefined>, args: unknown, prefix: string): string[] {
  const known = ids.filter((id): id is string => id !== undefined && id !== '');
  const scopes = known.flatMap((id) => /^[A-Za-z]+:(.+)$/.exec(id)?.[1] ?? []);
  const declared = r.scenario.singleton !== undefined ? strings(args, 16) : [];
  return [...new Set([...known, ...scopes, ...prefixedNames(args, prefix), ...declared])];
}

function matches(scenario: Scenario, kind: AnyKind, only: readonly string[] | undefined): boolean {
  return only === undefined || only.includes(scenario.name) || only.includes(kind.type);
}

export function buildPlan(kinds: readonly AnyKind[], options: PlanOptions): Plan {
  const { prefix } = options.run;
  const secrets = new Map<string, string>();
  const keys = new Map<string, FixtureApiKey & { privateKey: string }>();
  const publicKeys = new Map<string, string>();
  const webhookBase = (options.webhookUrl ?? DEFAULT_WEBHOOK_URL).replace(/\/+$/, '');
  const sample: SampleContext = {
    prefix,
    name: (suffix) => `${prefix}${suffix}`,
    secret(label) {
      let value = secrets.get(label);
      if (value === undefined) {
        value = `sk_test_${randomBytes(18).toString('hex')}`;
        secrets.set(label, value);
      }
      return value;
    },
    webhookUrl: (suffix) => `${webhookBase}/${prefix}${suffix}`,
    apiKey(role) {
      let key = keys.get(role);
      if (key === undefined) {
        const pair = generateApiKeyPair();
        key = { role, apiKeyName: `${prefix}key-${role}`, publicKey: pair.publicKey, privateKey: pair.privateKey };
        keys.set(role, key);
      }
      return key;
    },
    publicKey(label) {
      let key = publicKeys.get(label);
      if (key === undefined) {
        key = generateApiKeyPair().publicKey;
        publicKeys.set(label, key);
      }
      return key;
    },
    fixtureUserId: FIXTURE_USER_ID,
  };

  const included: KindScenario[] = [];
  const leftOut: Plan['leftOut'] = [];
  for (const ks of scenariosOf(kinds)) {
    if (!matches(ks.scenario, ks.kind, options.only)) leftOut.push({ scenario: ks.scenario.name, why: 'not named by --only' });
    else if (ks.scenario.singleton !== undefined && !options.includeSingletons) {
      leftOut.push({
        scenario: ks.scenario.name,
        why: `${ks.scenario.singleton.what} cannot carry the run prefix; include it with --include-singletons (${ks.scenario.singleton.whenIncluded})`,
      });
    } else included.push(ks);
  }

  const resources: PlannedResource[] = [];
  for (const { kind, scenario } of included) {
    for (const key of scenario.apiKeys ?? []) sample.apiKey(key);
    for (const role of rolesOf(scenario)) {
      const create = scenario.create(sample, role);
      let then = create;
      let change: PlannedResource['change'] = 'none';
      if (role === 'main' && scenario.update !== undefined) [then, change] = [scenario.update(sample, create), 'update'];
      if (role === 'replaced' && scenario.replace !== undefined) [then, change] = [scenario.replace(sample, create), 'replace'];
      if (role === 'adopted' && stepOf(kind, scenario, 'drift').applies) change = 'restore';
      resources.push({ name: `${scenario.stem}-${role}`, kind, scenario, role, create, then, change });
    }
  }

  const fixtureUser = `${prefix}fixture-user`;
  const creates: PlannedObject[] = [];
  const changes: PlannedObject[] = [];
  const deletes: PlannedObject[] = [];
  const leavesInPlace: PlannedObject[] = [];
  const asItIs: PlannedObject[] = [];
  const nameOf = (args: Record<string, unknown>, r: PlannedResource) =>
    prefixedNames(args, prefix)[0] ?? r.scenario.singleton?.what ?? '(no name)';
  const needsFixtureUser = keys.size > 0 || included.some((ks) => ks.scenario.fixtureUser === true);
  if (needsFixtureUser) {
    creates.push({
      type: 'User',
      name: fixtureUser,
      how: keys.size > 0 ? `through the sdk, with API keys ${[...keys.values()].map((k) => k.apiKeyName).join(', ')}` : 'through the sdk',
    });
    deletes.push({ type: 'User', name: fixtureUser, how: 'through the sdk at the end, with its API keys' });
  }
  for (const r of resources) {
    const finalArgs = r.then;
    const type = r.scenario.name;
    const keep = !deletable(r.kind, r.scenario);
    if (r.scenario.singleton !== undefined && r.scenario.singleton.occupied === undefined) {
      // Declared exactly as the organization holds it: nothing is created, changed or deleted.
      asItIs.push({ type, name: nameOf(finalArgs, r), how: `pulumi up writes nothing; ${r.scenario.notApplicable?.delete ?? 'kept'}` });
      continue;
    }
    creates.push({
      type,
      name: nameOf(r.create, r),
      how: r.role === 'adopted' ? 'by hand through the sdk, then adopted by pulumi up' : 'by pulumi up',
    });
    if (r.change === 'update')
      changes.push({ type, name: nameOf(r.create, r), how: `updated in place (${changedKeys(r.kind, r.create, r.then).join(', ')})` });
    if (r.change === 'restore')
      changes.push({ type, name: nameOf(r.create, r), how: 'changed by hand through the sdk (drift), then restored by pulumi up' });
    if (r.change === 'replace') {
      creates.push({
        type,
        name: nameOf(r.then, r),
        how: `by pulumi up, replacing ${nameOf(r.create, r)} (${changedKeys(r.kind, r.create, r.then).join(', ')})`,
      });
      (keep ? leavesInPlace : deletes).push({
        type,
        name: nameOf(r.create, r),
        how: keep ? 'replaced; the service cannot delete it' : 'by pulumi up, once replaced',
      });
    }
    (keep ? leavesInPlace : deletes).push({
      type,
      name: nameOf(finalArgs, r),
      how: keep ? `pulumi destroy leaves it: the service cannot delete ${r.kind.plural}` : 'by pulumi destroy',
    });
  }
  creates.push(
    {
      type: 'User',
      name: sample.name('user'),
      how: 'through the sdk (the sdk step), with an example.com email and a fictional phone number',
    },
    { type: 'UserTag', name: sample.name('user-tag'), how: 'through the sdk (the sdk step)' },
    { type: 'ApiKey', name: sample.name('user-key'), how: 'through the sdk (the sdk step), on that user' },
    { type: 'SmartContractInterface', name: sample.name('contract'), how: 'through the sdk (the sdk step)' },
    { type: 'VelocityControl', name: sample.name('velocity-control'), how: 'through the sdk (the sdk step)' },
  );
  changes.push(
    { type: 'User', name: sample.name('user'), how: 'renamed, new email and phone number (the sdk step)' },
    { type: 'UserTag', name: sample.name('user-tag'), how: 'renamed, member removed (the sdk step)' },
  );
  deletes.push(
    { type: 'ApiKey', name: sample.name('user-key'), how: 'through the sdk (the sdk step)' },
    { type: 'UserTag', name: sample.name('user-tag-renamed'), how: 'through the sdk (the sdk step)' },
    { type: 'User', name: sample.name('user-named'), how: 'through the sdk (the sdk step)' },
    { type: 'SmartContractInterface', name: sample.name('contract'), how: 'through the sdk (the sdk step)' },
    { type: 'VelocityControl', name: sample.name('velocity-control'), how: 'through the sdk (the sdk step)' },
  );

  return {
    run: options.run,
    sample,
    included,
    leftOut,
    fixtureUser,
    needsFixtureUser,
    apiKeys: [...keys.values()],
    resources,
    creates,
    changes,
    deletes,
    leavesInPlace,
    asItIs,
    secrets: () => [...secrets.values()],
    webhookHosts: [...EXAMPLE_DOMAINS, ...(options.webhookUrl !== undefined ? [new URL(options.webhookUrl).hostname.toLowerCase()] : [])],
    runKeys: () => [...[...keys.values()].map((k) => k.publicKey), ...publicKeys.values()],
  };
}

/**
 * Why the plan would write something live (./kinds/live.ts), resource by resource: each input of the first and
 * the second `up` (a hand-made object is made from the first), and a singleton declared as the organization
 * holds it must be read from it (`resolve`) and never change. Empty when the run may write it all.
 */
export function liveProblems(plan: Plan, fixtureUserId?: string): string[] {
  const ctx: LiveContext = {
    prefix: plan.run.prefix,
    webhookHosts: plan.webhookHosts,
    runKeys: new Set(plan.runKeys()),
    fixtureUser: new Set([FIXTURE_USER_ID, ...(fixtureUserId !== undefined ? [fixtureUserId] : [])]),
  };
  const out: string[] = [];
  for (const r of plan.resources) {
    const steps =
      r.then === r.create
        ? ([['', r.create]] as const)
        : ([
            [' (first up)', r.create],
            [' (second up)', r.then],
          ] as const);
    for (const [when, args] of steps)
      for (const p of kindLiveProblems(r.kind.type, args, ctx)) out.push(`${r.scenario.name} ${r.name}${when}: ${p}`);
    if (r.scenario.singleton !== undefined && r.scenario.singleton.occupied === undefined) {
      if (r.scenario.resolve === undefined)
        out.push(`${r.scenario.name} ${r.name}: declared as it is, but not read from the organization (resolve)`);
      if (JSON.stringify(r.create) !== JSON.stringify(r.then))
        out.push(`${r.scenario.name} ${r.name}: declared as it is, but changed by the second up`);
    }
  }
  return out;
}

/** `args` with the fixture user's id in place of `FIXTURE_USER_ID`, wherever a sample names it. */
export function withFixtureUser(args: Record<string, unknown>, fixtureUserId: string): Record<string, unknown> {
  const fill = (value: unknown): unknown => {
    if (value === FIXTURE_USER_ID) return fixtureUserId;
    if (Array.isArray(value)) return value.map(fill);
    if (value !== null && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, fill(v)]));
    return value;
  };
  return fill(args) as Record<string, unknown>;
}

/** The service fields whose normal forms differ between two inputs. */
export function changedKeys(kind: AnyKind, from: Record<string, unknown>, to: Record<string, unknown>): string[] {
  const a = normalize(kind, from);
  const b = normalize(kind, to);
  return [...new Set([...Object.keys(a), ...Object.keys(b)])].filter((k) => JSON.stringify(a[k]) !== JSON.stringify(b[k]));
}

/** The plan in words: what the run creates, changes, deletes and leaves, and what it leaves out. */
export function describePlan(plan: Plan, organizationId: string): string {
  const section = (title: string, objects: readonly PlannedObject[]) =>
    objects.length === 0 ? [] : [`${title}:`, ...objects.map((o) => `  ${o.type.padEnd(28)} ${o.name}  (${o.how})`)];
  return [
    `Acceptance run ${plan.run.id} in organization ${organizationId}; every object it makes is named ${plan.run.prefix}...`,
    ...section('Would create', plan.creates),
    ...section('Would change (only objects it created)', plan.changes),
    ...section('Would delete (only objects it created)', plan.deletes),
    ...section('Would leave in place (named with the prefix)', plan.leavesInPlace),
    ...section('Would declare as it is, without writing it', plan.asItIs),
    ...(plan.leftOut.length > 0 ? ['Left out:', ...plan.leftOut.map((l) => `  ${l.scenario.padEnd(28)} ${l.why}`)] : []),
  ].join('\n');
}
