// Policy impact: replays a corpus of requests — the organization's recent activities (from
// list_activities, bounded by count and age) and the repository's policy test cases — through the
// current and the planned policy sets, and lists every request whose decision changes. A request that
// cannot be rebuilt faithfully (a field the activity does not record that a policy reads) is reported as
// not evaluable, with the reason; it never gets a guessed decision.
import {
  IMPLICIT_PERMISSION_DESCRIPTIONS,
  pathWithin,
  policyRequestFromActivity,
  readPaths,
  type PolicyContext,
} from '@walletinfra/sdk/policy';
import type { Activity } from '@walletinfra/sdk/schemas';
import { withApprovers, type ApprovalState } from './approvals';
import { decide, type Decision, type ReviewPolicy } from './decide';
import type { TestCase } from './files';
import type { OrganizationReader } from './organization';
import { controlProblems, toPolicyContext } from './request';

export interface ImpactOptions {
  /** At most this many recent activities (default 200). */
  maxActivities: number;
  /** Only activities younger than this (default 7 days). */
  maxAgeMs: number;
  nowMs: number;
}

export const DEFAULT_IMPACT_OPTIONS = { maxActivities: 200, maxAgeMs: 7 * 24 * 3600 * 1000 } as const;

export interface ImpactDecision {
  decision: Decision;
  /** `name (OUTCOME_X)` of the policies that decided it, or `implicit permission (…)`; empty for an implicit deny. */
  decidedBy: string[];
}

export interface ImpactEntry {
  source: 'activity' | 'test';
  /** Activity: `ACTIVITY_TYPE_… <id>`; test: `file:line case`. */
  label: string;
  activityType: string;
  activityId?: string;
  /** The activity's status (activities only). */
  status?: string;
  /** Approver user ids, the submitter first. */
  approvers: string[];
  before: ImpactDecision;
  after: ImpactDecision;
  /** `ALLOW → DENY` */
  transition: string;
}

export interface NotEvaluable {
  source: 'activity' | 'test';
  label: string;
  reason: string;
}

export interface PolicyImpact {
  /** Requests replayed (evaluable ones). */
  evaluated: number;
  /** Activities read from the organization, and the window they were read in. */
  activitiesRead: number;
  window: { maxActivities: number; maxAgeMs: number };
  changed: ImpactEntry[];
  notEvaluable: NotEvaluable[];
  /** Activities the organization did in the window that the planned policies would deny. */
  newlyDenied: number;
  /** Activities that reached consensus and would now wait for more approvals (REQUIRES_CONSENSUS). */
  lostConsensus: number;
  /** Requests the planned policies would allow that the current ones do not. */
  newlyAllowed: number;
}

interface Request {
  source: 'activity' | 'test';
  label: string;
  activityType: string;
  activityId?: string;
  status?: string;
  context: PolicyContext;
  notRecorded: readonly string[];
}

function describe(policies: readonly ReviewPolicy[], context: PolicyContext): ImpactDecision {
  const r = decide(policies, context);
  const decidedBy =
    r.implicitPermission !== undefined
      ? [`implicit permission (${IMPLICIT_PERMISSION_DESCRIPTIONS[r.implicitPermission]})`]
      : r.deciding.map((e) => `${e.policyName ?? e.policyId} (${e.outcome})`);
  return { decision: r.decision, decidedBy };
}

function millis(t: unknown): number | undefined {
  if (t !== null && typeof t === 'object' && 'seconds' in t) return Number(t.seconds) * 1000;
  if (typeof t === 'string') return Date.parse(t);
  return undefined;
}

/** The fields a policy set reads that the request does not record, as `policy: path`. */
function unrecordedReads(policies: readonly ReviewPolicy[], notRecorded: readonly string[]): string[] {
  if (notRecorded.length === 0) return [];
  const out: string[] = [];
  for (const p of policies) {
    for (const k of ['condition', 'consensus'] as const) {
      const source = p[k];
      if (source === undefined) continue;
      for (const read of readPaths(source)) {
        const hit = notRecorded.find((u) => pathWithin(read, u));
        if (hit !== undefined) out.push(`'${p.policyName}' reads ${read}`);
      }
    }
  }
  return [...new Set(out)];
}

async function activityRequests(
  reader: OrganizationReader,
  options: ImpactOptions,
): Promise<{ read: number; requests: Request[]; skipped: NotEvaluable[] }> {
  const activities = await reader.listActivities(options.maxActivities);
  const recent = activities.filter((a: Activity) => {
    const at = millis(a.createdAt);
    return at !== undefined && options.nowMs - at <= options.maxAgeMs;
  });
  const requests: Request[] = [];
  const skipped: NotEvaluable[] = [];
  for (const a of recent) {
    const label = `${a.type} ${a.id}`;
    if (a.type === 'ACTIVITY_TYPE_APPROVE_ACTIVITY' || a.type === 'ACTIVITY_TYPE_REJECT_ACTIVITY') continue;
    const built = policyRequestFromActivity(a);
    if (!built.evaluable) {
      skipped.push({ source: 'activity', label, reason: built.reason });
      continue;
    }
    // Root-quorum activities bypass policies now and after the change (UNCONFIRMED: an activity without
    // policy evaluations was decided by the root quorum; docs/service-behaviour.md#policy-impact).
    const decided = await reader.decidedByPolicies(a.id);
    const context: PolicyContext = decided ? built.context : { ...built.context, isRootQuorum: true };
    requests.push({
      source: 'activity',
      label,
      activityType: a.type,
      activityId: a.id,
      status: a.status,
      context,
      notRecorded: built.notRecorded,
    });
  }
  return { read: activities.length, requests, skipped };
}

/**
 * Who may approve before and after, when the plan changes it (tag membership, the root quorum): the
 * organization's activities are then replayed with each approver's tags and the root quorum of each side.
 */
export interface ApproverSides {
  live: ApprovalState;
  planned: ApprovalState;
}

export async function policyImpact(
  current: readonly ReviewPolicy[],
  planned: readonly ReviewPolicy[],
  reader: OrganizationReader | undefined,
  cases: readonly TestCase[],
  options: ImpactOptions,
  sides?: ApproverSides,
): Promise<PolicyImpact> {
  const fromActivities = reader !== undefined ? await activityRequests(reader, options) : { read: 0, requests: [], skipped: [] };
  const unresolved = (c: TestCase) => controlProblems(c.request, c.dependencies)[0]?.message;
  const requests: Request[] = [
    ...fromActivities.requests,
    ...cases
      .filter((c) => unresolved(c) === undefined)
      .map((c) => ({
        source: 'test' as const,
        label: `${c.file}:${c.line} ${c.name}`,
        activityType: c.request.activity.type,
        context: toPolicyContext(c.request, options.nowMs, c.dependencies),
        notRecorded: [],
      })),
  ];
  const notEvaluable: NotEvaluable[] = [
    ...fromActivities.skipped,
    ...cases.flatMap((c): NotEvaluable[] => {
      const reason = unresolved(c);
      return reason === undefined ? [] : [{ source: 'test', label: `${c.file}:${c.line} ${c.name}`, reason }];
    }),
  ];
  const changed: ImpactEntry[] = [];
  let evaluated = 0;
  for (const r of requests) {
    const reads = unrecordedReads([...current, ...planned], r.notRecorded);
    if (reads.length > 0) {
      notEvaluable.push({ source: r.source, label: r.label, reason: `the activity does not record what ${reads.join('; ')}` });
      continue;
    }
    evaluated += 1;
    // Test cases state their approvers' tags themselves; recorded activities take them from each side.
    const replay = sides !== undefined && r.source === 'activity';
    const before = describe(current, replay ? withApprovers(r.context, sides.live) : r.context);
    const after = describe(planned, replay ? withApprovers(r.context, sides.planned) : r.context);
    if (before.decision === after.decision) continue;
    const entry: ImpactEntry = {
      source: r.source,
      label: r.label,
      activityType: r.activityType,
      approvers: r.context.approvers.map((u) => u.id),
      before,
      after,
      transition: `${before.decision} → ${after.decision}`,
    };
    if (r.activityId !== undefined) entry.activityId = r.activityId;
    if (r.status !== undefined) entry.status = r.status;
    changed.push(entry);
  }
  return {
    evaluated,
    activitiesRead: fromActivities.read,
    window: { maxActivities: options.maxActivities, maxAgeMs: options.maxAgeMs },
    changed,
    notEvaluable,
    newlyDenied: changed.filter((c) => c.source === 'activity' && c.after.decision === 'DENY').length,
    lostConsensus: changed.filter(
      (c) => c.source === 'activity' && c.before.decision === 'ALLOW' && c.after.decision === 'REQUIRES_CONSENSUS',
    ).length,
    newlyAllowed: changed.filter((c) => c.after.decision === 'ALLOW').length,
  };
}
