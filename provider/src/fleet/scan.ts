// `walletinfra-fleet scan`: every selected sub-organization of the parent, read with the parent's read-only key and
// classified against the template, without the Pulumi engine. The parent's sub-organization ids are listed first
// (`list_suborgs`, 100 a page); those of this shard (./shard.ts) are then scanned a few at a time: `whoami` (the
// name, for the selector and the template), one request per list the kinds read, the template's desired state for
// it (./template/evaluate.ts), the comparison (./classify.ts). Each sub-organization's result is kept small (its
// findings only) and its objects dropped; it is handed on as soon as it is classified (`scanFleetEach`), so memory
// does not grow with the fleet. A sub-organization that cannot be read, or for which the template fails, is reported
// as such and the others go on.
import { MISSING_DELEGATED_USER, type SubOrganizationFacts } from './template-config';
import type { PlannedChange } from '../resources/common/lockout';
import type { Classification } from './classify';
import { classify } from './classify';
import type { FleetConnection } from './connection';
import type { Enrollment } from './enrollment';
import { stackNameFor } from './enrollment';
import { inReportOrder, kindNamed, readKinds, userHoldingKey, type AccessNeed, type FleetKind } from './kinds';
import type { IgnoreRule } from './options';
import type { Progress } from './progress';
import type { ReportSubOrganization, UNREACHABLE_CAUSES } from './report/schema';
import { nothingSelected, type SubOrganizationSelector } from './selector';
import { inShard, type Shard } from './shard';
import type { TemplateEvaluator } from './template/evaluate';
import { WalletInfraError } from '@walletinfra/sdk/errors';
import { messageOf } from '../errors';

export interface ScanInput {
  connection: FleetConnection;
  template: TemplateEvaluator;
  selector: SubOrganizationSelector;
  /** Where the selector came from, for its error. */
  selectorSource: string;
  shard?: Shard;
  /** The delegated key's public half: the user holding it is the delegated user. */
  delegatedPublicKey: string;
  /** The kinds whose undeclared objects are reported. */
  unmanagedKinds: readonly FleetKind[];
  ignore: readonly IgnoreRule[];
  enrollment: Enrollment;
  progress: Progress;
  /** Sub-organizations in flight at once (their requests are limited by the connection). */
  inFlight: number;
  /** The retry budget, for the rate-limit message. */
  retryBudgetMs: number;
}

/** What a scan found besides its entries. */
export interface ScanOutcome {
  /** The kinds read in every sub-organization. */
  kindsRead: FleetKind[];
  orphanStacks: string[];
}

export interface ScanResult extends ScanOutcome {
  entries: ReportSubOrganization[];
}

type Cause = (typeof UNREACHABLE_CAUSES)[number];

/** Why a sub-organization could not be read, in words and as a cause: the service's own words, not which request said them. */
export function unreachable(error: unknown, retryBudgetMs: number): { reason: string; cause: Cause } {
  const e = error instanceof WalletInfraError ? error : undefined;
  const said = e?.serviceMessage !== undefined ? `${e.status ?? ''} ${e.serviceMessage}`.trim() : messageOf(error);
  const attempts = e?.attempts !== undefined && e.attempts > 1 ? ` after ${e.attempts} attempts` : '';
  switch (e?.code) {
    case 'NOT_FOUND':
      return { cause: 'deleted', reason: `deleted since it was listed (${said})` };
    case 'UNAUTHENTICATED':
    case 'PERMISSION_DENIED':
    case 'POLICY_DENIED':
      return {
        cause: 'forbidden',
        reason: `the parent's key may not read it (${said}); check that the parent credentials are the parent organization's`,
      };
    case 'RATE_LIMITED':
      return {
        cause: 'rate-limited',
        reason: `rate limited for the whole retry budget (${Math.round(retryBudgetMs / 1000)} s${attempts}; ${said}): lower concurrency or raise retryBudgetMs`,
      };
    case 'SERVER_ERROR':
      return { cause: 'server-error', reason: `server errors${attempts} (${said})` };
    case 'CONNECTION_ERROR':
    case 'TIMEOUT':
      return { cause: 'network', reason: `${messageOf(error)}${attempts}` };
    default:
      return { cause: 'other', reason: messageOf(error) };
  }
}

/**
 * Pages through `list_suborgs` (one page held at a time) and keeps the ids of this shard the selector may include
 * (to scan them, and for the progress line's total), how many there were, and which of the ids the selector lists
 * and of the backend's stacks the parent has: not every id it has.
 */
async function listSubOrganizations(input: ScanInput): Promise<{ count: number; candidates: string[]; has: Set<string> }> {
  const wanted = new Set([...input.selector.listedIds, ...input.enrollment.stacks]);
  const has = new Set<string>();
  const candidates: string[] = [];
  let count = 0;
  for await (const id of input.connection.parent.iterateSuborgs({ paginationOptions: { limit: '100' } })) {
    count += 1;
    if (wanted.has(id)) has.add(id);
    if (inShard(id, input.shard) && input.selector.mayIncludeId(id)) candidates.push(id);
  }
  return { count, candidates, has };
}

function entry(
  id: string,
  name: string,
  fields: Partial<ReportSubOrganization> & Pick<ReportSubOrganization, 'status'>,
): ReportSubOrganization {
  return { id, name, classes: [], drift: [], unmanaged: [], ...fields };
}

/** One sub-organization as read: its report entry, and for a classified one what was read and what a stack would write. */
export interface SubOrganizationRead {
  entry: ReportSubOrganization;
  /** The live objects by kind type (classified ones only). */
  objects?: Readonly<Record<string, readonly unknown[]>>;
  /** The activities a stack would submit there (classified ones only). */
  writes?: AccessNeed[];
  /** What a stack would change there, resource by resource (classified ones only). */
  changes?: PlannedChange[];
  /** The template's resources there, by type and name (classified ones only): what its stack's state may hold beyond is deleted. */
  declared?: Array<{ type: string; name: string }>;
}

/** Reads and classifies one sub-organization at a time (`walletinfra-fleet up` reads each again just before its stack). */
export class SubOrganizationScan {
  constructor(
    private readonly input: Omit<ScanInput, 'progress' | 'inFlight' | 'shard' | 'selectorSource'>,
    private readonly kinds: FleetKind[],
  ) {}

  /** One sub-organization's entry; undefined when the selector leaves it out. */
  async run(id: string): Promise<ReportSubOrganization | undefined> {
    return (await this.read(id))?.entry;
  }

  /** One sub-organization, read and classified; undefined when the selector leaves it out. */
  async read(id: string): Promise<SubOrganizationRead | undefined> {
    const session = this.input.connection.session(id);
    let name = '';
    let objects: Record<string, readonly unknown[]>;
    try {
      name = (await session.client.whoami({})).organizationName;
      if (!this.input.selector.selects({ id, name })) return undefined;
      objects = await readKinds(session, this.kinds);
    } catch (error) {
      return { entry: entry(id, name, { status: 'unreachable', ...unreachable(error, this.input.retryBudgetMs) }) };
    }
    const delegated = userHoldingKey(objects.User ?? [], this.input.delegatedPublicKey);
    const facts: SubOrganizationFacts = {
      subOrganizationId: id,
      subOrganizationName: name,
      delegatedUserId: delegated?.id ?? MISSING_DELEGATED_USER,
      delegatedUserName: delegated?.name ?? MISSING_DELEGATED_USER,
    };
    const desired = await this.input.template.desiredFor(facts);
    if ('error' in desired)
      return { entry: entry(id, name, { status: 'template-error', delegatedUser: delegated ?? null, reason: desired.error }) };
    // An evaluation per sub-organization may declare kinds the first did not: read them too (one request per new list).
    const more = [...new Set(desired.resources.map((r) => r.type))]
      .map((t) => kindNamed(t) as FleetKind)
      .filter((k) => !(k.type in objects));
    if (more.length > 0) {
      try {
        objects = { ...objects, ...(await readKinds(session, more)) };
      } catch (error) {
        return { entry: entry(id, name, { status: 'unreachable', ...unreachable(error, this.input.retryBudgetMs) }) };
      }
    }
    const found: Classification = classify({
      organizationId: id,
      desired: desired.resources,
      objects,
      unmanagedKinds: this.input.unmanagedKinds,
      ignore: this.input.ignore,
    });
    const classes: ReportSubOrganization['classes'] = [];
    if (found.unmanaged.some((o) => o.status === 'unmanaged')) classes.push('unmanaged');
    if (found.drift.length > 0 || delegated === undefined) classes.push('drifted');
    if (this.input.enrollment.checked && !this.input.enrollment.stacks.has(stackNameFor(id))) classes.push('unenrolled');
    const status = classes[0] ?? 'conformant';
    return {
      entry: entry(id, name, { status, classes, delegatedUser: delegated ?? null, drift: found.drift, unmanaged: found.unmanaged }),
      objects,
      writes: found.writes,
      changes: found.changes,
      declared: desired.resources.map(({ type, name }) => ({ type, name })),
    };
  }
}

/** The kinds a scan reads in every sub-organization: the template's, the unmanaged kinds, and the users (the delegated user). */
export function kindsToRead(templateKinds: readonly string[], unmanagedKinds: readonly FleetKind[]): FleetKind[] {
  const declared = templateKinds.map((t) => kindNamed(t) as FleetKind);
  return inReportOrder([...declared, ...unmanagedKinds, kindNamed('User') as FleetKind]);
}

/** Runs `task` over `items`, at most `limit` at a time, in order of start. */
async function eachLimited<T>(items: readonly T[], limit: number, task: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < items.length) {
      const item = items[next] as T;
      next += 1;
      await task(item);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}

/**
 * Scans the fleet, handing each sub-organization's entry to `onEntry` as it is classified, in the order they finish
 * (nothing of it is kept here: the reports are written from what `onEntry` keeps, ./report/accumulate.ts).
 */
export async function scanFleetEach(input: ScanInput, onEntry: (entry: ReportSubOrganization) => void): Promise<ScanOutcome> {
  // The users are always read: the delegated user is the one holding the delegated key.
  const kinds = kindsToRead(input.template.kinds, input.unmanagedKinds);
  const { count, candidates, has } = await listSubOrganizations(input);
  input.progress.start(candidates.length);
  let selected = 0;
  const one = new SubOrganizationScan(input, kinds);
  await eachLimited(candidates, input.inFlight, async (id) => {
    const result = await one.run(id);
    if (result !== undefined) {
      selected += 1;
      onEntry(result);
    }
    input.progress.tick(result?.status);
  });
  input.progress.finish();
  for (const id of input.selector.listedIds) {
    if (inShard(id, input.shard) && !has.has(id)) {
      const reason = `${input.selectorSource}: ${id} is not a sub-organization of ${input.connection.settings.organizationId} (deleted, or a mistake in the selector's ids)`;
      selected += 1;
      onEntry(entry(id, '', { status: 'unreachable', cause: 'not-a-sub-organization', reason }));
    }
  }
  if (input.shard === undefined && selected === 0) {
    throw nothingSelected(input.selector, input.selectorSource, count, input.connection.settings.organizationId);
  }
  // A stack whose sub-organization the parent no longer has (each shard reports those of its own ids).
  const orphanStacks = [...input.enrollment.stacks].filter((s) => inShard(s, input.shard) && !has.has(s));
  return { kindsRead: kinds, orphanStacks };
}

/** Scans the fleet and keeps every entry (`walletinfra-fleet up` picks its targets from them). */
export async function scanFleet(input: ScanInput): Promise<ScanResult> {
  const entries: ReportSubOrganization[] = [];
  const outcome = await scanFleetEach(input, (e) => entries.push(e));
  return { entries, ...outcome };
}
