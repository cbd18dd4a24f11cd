// What a Policy's preview learns from the objects it depends on (part of the kind's `check.remote`, ../kind.ts):
//
// - `controls.<identifier>` must name a velocity control that exists (live in the organization) or is planned (a
//   VelocityControl resource of this deployment checked before this policy, ../../deployment.ts); another
//   identifier is an error naming the nearest one, as the service refuses such a policy
//   (docs/service-behaviour.md#velocity-controls).
// - A condition that pins `eth.tx.to` and reads `eth.tx.function_name`, `function_signature` or
//   `contract_call_args` with no interface (ABI) live or planned for that address gets a warning naming the
//   missing interface: the service leaves those fields empty, so the condition never matches. A function name the
//   ABI lacks is an error with the nearest name (docs/service-behaviour.md#smart-contract-interfaces).
// - The policy linter (docs/policy-lint.md) at the level `walletinfra:policyLint` sets: warnings, errors or off;
//   `lint-ignore: <rule>` in the notes silences one rule for this policy.
//
// Limits: a check sees only the resources the engine registered before this policy (the engine checks one at a
// time, in registration order), so a control or interface declared later in the program is unknown to it until it
// exists; declaring it first, or building the condition from its output (`controls.${control.identifier}`), orders
// them. Objects of other organizations and other stacks count once they are live.
import type { Policy as ServicePolicy, SmartContractInterface as ServiceInterface } from '@walletinfra/sdk/schemas';
import {
  checkContractCalls,
  checkPolicy,
  lintContext,
  lintIgnores,
  lintPolicies,
  readPaths,
  type ContractCallDiagnostic,
  type ContractInterfaceInput,
  type LintPolicy,
  type OrganizationView,
  type PolicyLintFinding,
} from '@walletinfra/sdk/policy';
import { findingPlace, findingText, severityAt } from '../../policy-lint/findings';
import { organizationView, type OrganizationFacts } from '../../policy-lint/view';
import type { ProviderContext } from '../../context';
import type { CheckedResource, Deployment } from '../../deployment';
import type { OrgSession } from '../../session';
import type { ServiceList } from '../../session/object-lists';
import { containsUnknown } from '../../wire';
import type { CheckFailure } from '../common/check';
import { selectorOf } from '../common/inputs';
import { canonicalInterface } from '../smartContractInterface/spec';
import { expressionReason } from './expressions';
import { POLICIES, ROOT_QUORUM, SMART_CONTRACT_INTERFACES, USERS, USER_TAGS, VELOCITY_CONTROLS } from '../../session/lists';

type Values = Record<string, unknown>;

/** What a policy's dependencies say: failures fail the preview, warnings are shown by the engine. */
export interface DependencyFindings {
  failures: CheckFailure[];
  warnings: string[];
}

/** The checked inputs of the deployment's resources of `kind` in one organization (../../deployment.ts). */
function plannedOf(ctx: ProviderContext, kind: string, organizationId: unknown): Values[] {
  return ctx.deployment
    .declared(kind)
    .map((p) => p.inputs)
    .filter((i) => i.organizationId === organizationId);
}

const ABI_FIELDS = ['eth.tx.function_name', 'eth.tx.function_signature', 'eth.tx.contract_call_args'];

/** The policy's own fields, when every one is known. */
function policyOf(inputs: Values): (LintPolicy & { time?: string }) | undefined {
  const fields = ['policyName', 'effect', 'condition', 'consensus', 'notes', 'time'] as const;
  if (fields.some((f) => containsUnknown(inputs[f]))) return undefined;
  const text = (f: (typeof fields)[number]): string => (typeof inputs[f] === 'string' ? inputs[f] : '');
  return {
    policyName: text('policyName'),
    effect: text('effect'),
    condition: text('condition'),
    consensus: text('consensus'),
    notes: text('notes'),
    time: text('time'),
  };
}

/** Whether the state already holds this policy in this organization (a new resource's `olds` are empty). */
function unchanged(policy: LintPolicy & { time?: string }, inputs: Values, olds: Values): boolean {
  if (Object.keys(olds).length === 0 || olds.organizationId !== inputs.organizationId) return false;
  return JSON.stringify(policyOf(olds)) === JSON.stringify(policy);
}

/** The identifiers a policy reads as `controls.<identifier>`. */
function controlsRead(policy: LintPolicy): string[] {
  const reads = [...readPaths(policy.condition ?? ''), ...readPaths(policy.consensus ?? '')];
  return [...new Set(reads.filter((r) => r.startsWith('controls.')).map((r) => r.split('.')[1] as string))];
}

/**
 * Reads of the organization's lists for one check, through the deployment's coalesced lists. Without credentials
 * (a preview may run with the organization id alone) nothing is read and the client is never loaded; a read that
 * the linter alone wants is then skipped quietly, one a dependency check needs is reported.
 */
class Reads {
  private session: OrgSession | undefined;
  private credentials: string | undefined;
  readonly problems: string[] = [];

  constructor(
    private readonly ctx: ProviderContext,
    private readonly inputs: Values,
  ) {}

  async list<T>(list: ServiceList<T>, what: string, forLint = false): Promise<T[] | undefined> {
    if (this.session === undefined) {
      try {
        this.ctx.settings(selectorOf(this.inputs));
      } catch (error) {
        this.credentials ??= error instanceof Error ? error.message : String(error);
        if (!forLint) this.problems.push(`could not read the organization's ${what} (${this.credentials})`);
        return undefined;
      }
    }
    try {
      this.session ??= this.ctx.session(selectorOf(this.inputs));
      return await this.session.list(list);
    } catch (error) {
      this.problems.push(`could not read the organization's ${what} (${error instanceof Error ? error.message : String(error)})`);
      return undefined;
    }
  }

  /**
   * A list for the linter as this deployment first found it: read once per deployment and organization, like the
   * stack-access check's (./stack-access.ts). The deployment's own policies replace the live ones by name, so a read
   * after its own writes (each create invalidates the list) would add nothing but a list request per checked policy.
   */
  async found<T>(list: ServiceList<T>, what: string): Promise<T[] | undefined> {
    let lists = foundLists.get(this.ctx.deployment);
    if (lists === undefined) foundLists.set(this.ctx.deployment, (lists = new Map<string, unknown[]>()));
    const key = `${JSON.stringify(selectorOf(this.inputs))} ${list.name}`;
    const known = lists.get(key) as T[] | undefined;
    if (known !== undefined) return known;
    const read = await this.list(list, what, true);
    if (read !== undefined) lists.set(key, read);
    return read;
  }
}

/** The lists `Reads.found` read, per deployment. */
const foundLists = new WeakMap<Deployment, Map<string, unknown[]>>();

const ORDER_HINT =
  'a velocity control of this program is known here once the engine registered it before this policy: ' +
  'declare it first, or build the condition from its output, e.g. pulumi.interpolate`controls.${control.identifier} && …`';

/** `controls.<identifier>` against the controls live and planned: failures for unknown identifiers. */
async function controlFailures(policy: LintPolicy & { time?: string }, inputs: Values, ctx: ProviderContext, reads: Reads) {
  if (controlsRead(policy).length === 0) return [];
  const planned = plannedOf(ctx, 'VelocityControl', inputs.organizationId).map((c) => c.identifier);
  // A planned identifier only known at apply could be any of them.
  if (planned.some((id) => typeof id !== 'string' || containsUnknown(id))) return [];
  const live = await reads.list(VELOCITY_CONTROLS, 'velocity controls');
  if (live === undefined) return [];
  const known = [...new Set([...(planned as string[]), ...live.map((c) => c.identifier)])].sort();
  const expressions = { condition: policy.condition ?? '', consensus: policy.consensus ?? '', time: policy.time ?? '' };
  const failures: CheckFailure[] = [];
  for (const { field, diagnostics } of checkPolicy(expressions, { velocityControls: known })) {
    if (diagnostics.length === 0) continue;
    failures.push({ property: field, reason: `${expressionReason(expressions[field], diagnostics)}; ${ORDER_HINT}` });
  }
  return failures;
}

/** The interfaces planned in this deployment and live in the organization, or undefined when one is unknown or unreadable. */
async function interfacesFor(inputs: Values, ctx: ProviderContext, reads: Reads): Promise<ContractInterfaceInput[] | undefined> {
  const planned = plannedOf(ctx, 'SmartContractInterface', inputs.organizationId);
  if (planned.some((i) => containsUnknown([i.smartContractAddress, i.type, i.smartContractInterface]))) return undefined;
  const live = await reads.list<ServiceInterface>(SMART_CONTRACT_INTERFACES, 'smart-contract interfaces');
  if (live === undefined) return undefined;
  return [...planned, ...live].map((i) => ({
    smartContractAddress: String(i.smartContractAddress),
    type: String(i.type),
    smartContractInterface: String(canonicalInterface(i.smartContractInterface)),
  }));
}

/** A contract-call diagnostic as the linter's finding, so the lint level and `lint-ignore` apply to its warnings. */
function asFinding(d: ContractCallDiagnostic, policyName: string): PolicyLintFinding {
  return {
    rule: 'contract-call-interface',
    severity: d.severity,
    policyName,
    policyIndex: 0,
    field: 'condition',
    position: d.position,
    message: d.message,
  };
}

/** The deployment's policy names and planned DENYs in one organization, over its first `count` declared policies. */
interface PlannedForLint {
  count: number;
  rechecked: number;
  names: Set<unknown>;
  denies: LintPolicy[];
}

/** Per deployment and organization, kept up to date by each check (see `plannedForLint`). */
const plannedLists = new WeakMap<Deployment, Map<unknown, PlannedForLint>>();

/**
 * The deployment's policy names and planned DENYs in the organization. Every check reads them, so they are kept and
 * only the policies declared since the last check are added; a policy checked again (its entry replaced) builds them
 * afresh.
 */
function plannedForLint(ctx: ProviderContext, organizationId: unknown): PlannedForLint {
  let byOrganization = plannedLists.get(ctx.deployment);
  if (byOrganization === undefined) plannedLists.set(ctx.deployment, (byOrganization = new Map<unknown, PlannedForLint>()));
  const declared = ctx.deployment.declared('Policy');
  const rechecked = ctx.deployment.rechecked('Policy');
  let known = byOrganization.get(organizationId);
  if (known === undefined || known.rechecked !== rechecked || known.count > declared.length) {
    known = { count: 0, rechecked, names: new Set(), denies: [] };
    byOrganization.set(organizationId, known);
  }
  for (let i = known.count; i < declared.length; i += 1) {
    const p = (declared[i] as CheckedResource).inputs;
    if (p.organizationId !== organizationId) continue;
    known.names.add(p.policyName);
    if (p.effect !== 'EFFECT_DENY') continue;
    const deny = policyOf(p);
    if (deny !== undefined) known.denies.push(deny);
  }
  known.count = declared.length;
  return known;
}

/** `lintContext` of each list answer, built once per answer. */
const liveContexts = new WeakMap<readonly ServicePolicy[], LintPolicy[]>();

/**
 * The other policies of the organization after this deployment that the linter reads beside this one (`lintContext`:
 * its DENYs): planned here, else live; this one left out. Only those are built, so a check costs as much in an
 * organization of a thousand ALLOWs as in an empty one, and as much after a thousand planned policies as after one.
 */
async function contextPolicies(policy: LintPolicy, inputs: Values, ctx: ProviderContext, reads: Reads): Promise<LintPolicy[]> {
  const live = (await reads.found<ServicePolicy>(POLICIES, 'policies')) ?? [];
  // the plan as this check sees it once the list is in: nothing below waits
  const planned = plannedForLint(ctx, inputs.organizationId);
  const denies = planned.denies.filter((p) => p.policyName !== policy.policyName);
  let liveDenies = liveContexts.get(live);
  if (liveDenies === undefined) liveContexts.set(live, (liveDenies = lintContext(live)));
  return [...denies, ...liveDenies.filter((p) => p.policyName !== policy.policyName && !planned.names.has(p.policyName))];
}

/** The users, tags and root quorum, read only when the consensus asks who can approve. */
async function approverFacts(policy: LintPolicy, reads: Reads): Promise<OrganizationFacts> {
  if ((policy.consensus ?? '').trim() === '') return {};
  const users = await reads.list(USERS, 'users', true);
  if (users === undefined) return {};
  const [userTags, quorum] = await Promise.all([reads.list(USER_TAGS, 'user tags', true), reads.list(ROOT_QUORUM, 'root quorum', true)]);
  return {
    users,
    ...(userTags !== undefined ? { userTags } : {}),
    ...(quorum?.[0] !== undefined ? { rootQuorum: quorum[0] } : {}),
  };
}

/**
 * The linter's view of the organization, built once per set of lists read: the session shares a list while it is
 * unchanged, so every policy a deployment checks in between gets the same view, and the linter decides each consensus
 * against its users once (`approvalsOf` keeps its answers per list of users).
 */
const views = new WeakMap<object, { facts: OrganizationFacts; view: OrganizationView }>();

function viewOf(facts: OrganizationFacts): OrganizationView {
  if (facts.users === undefined) return organizationView(facts);
  const known = views.get(facts.users);
  if (known !== undefined && known.facts.userTags === facts.userTags && known.facts.rootQuorum === facts.rootQuorum) return known.view;
  const view = organizationView(facts);
  views.set(facts.users, { facts, view });
  return view;
}

/** The lint level for this policy's settings. */
function levelOf(inputs: Values, ctx: ProviderContext): 'warn' | 'error' | 'off' {
  return ctx.endpoints(selectorOf(inputs)).policyLint;
}

/** A finding as a warning line: `policy "x" condition (line 1, column 5): <rule>: <message> (…)`. */
function warningText(finding: PolicyLintFinding): string {
  const place = findingPlace(finding);
  return `walletinfra: policy ${JSON.stringify(finding.policyName)}${place !== '' ? ` ${place}` : ''}: ${findingText(finding)}`;
}

/**
 * What the policy's dependencies and the linter say about it. A policy the update leaves as it is (`olds`, the
 * state's inputs, hold the same fields) is not judged again: the service accepted it, a preview of an unchanged
 * stack reads nothing, and `walletinfra-policy lint` and the policy pack lint every policy.
 */
export async function policyDependencies(inputs: Values, ctx: ProviderContext, olds: Values = {}): Promise<DependencyFindings> {
  const policy = policyOf(inputs);
  if (policy === undefined || unchanged(policy, inputs, olds)) return { failures: [], warnings: [] };
  const reads = new Reads(ctx, inputs);
  const failures = await controlFailures(policy, inputs, ctx, reads);
  const level = levelOf(inputs, ctx);
  const ignored = lintIgnores(policy.notes);
  const findings: PolicyLintFinding[] = [];

  const abiReads = readPaths(policy.condition ?? '').filter((r) => ABI_FIELDS.some((f) => r === f || r.startsWith(`${f}.`)));
  if (abiReads.length > 0) {
    const interfaces = await interfacesFor(inputs, ctx, reads);
    if (interfaces !== undefined)
      findings.push(...checkContractCalls(policy.condition ?? '', interfaces).map((d) => asFinding(d, policy.policyName)));
  }
  if (level !== 'off') {
    // only an ALLOW can be shadowed by the others (a DENY always wins)
    const others = policy.effect === 'EFFECT_ALLOW' ? await contextPolicies(policy, inputs, ctx, reads) : [];
    const view = viewOf(await approverFacts(policy, reads));
    // contract calls were judged above, against the planned interfaces too
    findings.push(...lintPolicies([policy, ...others], view, { subjects: [0] }).filter((f) => f.rule !== 'contract-call-interface'));
  }

  const warnings: string[] = [];
  for (const finding of findings) {
    const severity = severityAt(finding, level === 'off' ? 'warn' : level);
    if (finding.severity === 'error') {
      // an ABI that lacks the function: an error whatever the level, like any other mistake in the condition
      const at = finding.position !== undefined ? ` (line ${finding.position.line}, column ${finding.position.column})` : '';
      failures.push({ property: finding.field ?? 'condition', reason: `${finding.message}${at}` });
    } else if (ignored.has(finding.rule) || level === 'off') continue;
    else if (severity === 'error') {
      failures.push({
        property: finding.field ?? 'condition',
        reason: `policy lint (walletinfra:policyLint is error): ${findingText(finding)}`,
      });
    } else warnings.push(warningText(finding));
  }
  // each read problem once per deployment, not once per policy
  const unsaid = reads.problems.filter((p) => ctx.deployment.once(`policy dependencies: ${p}`));
  if (unsaid.length > 0) {
    warnings.push(
      `walletinfra: policy ${JSON.stringify(policy.policyName)}: its dependencies and lint were checked without what could not be read: ${unsaid.join('; ')}`,
    );
  }
  return { failures, warnings };
}
