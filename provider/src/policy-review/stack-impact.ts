// The policy impact of one stack's preview, for `walletinfra-drift --preview`: only when the preview
// changes Policy resources or who may approve (user tag membership, the root quorum). Never throws: a
// failure becomes a `not-evaluable` entry with the reason.
import type { CollectedStep } from '../stack/collect';
import type { StackRunner } from '../stack/run';
import { messageOf } from '../errors';
import { typeOfToken } from '../tokens';
import { APPROVER_TYPES, approverChanges } from './approver-changes';
import { changesApprovers, plannedState, type PlannedApprovers } from './approvals';
import { loadTestFiles } from './discover';
import { policyImpact, type ApproverSides, type ImpactOptions } from './impact';
import type { StackPolicyImpact } from './impact-report';
import type { clientReader } from './organization';
import { isPolicyStep, policyChanges } from './planned';
import { policySets, stackReader } from './stack';

export interface ImpactSettings extends ImpactOptions {
  /** Policy test files or directories whose cases join the corpus. */
  testPaths: readonly string[];
  env: Readonly<Record<string, string | undefined>>;
  makeReader?: typeof clientReader;
}

async function sidesOf(reader: Awaited<ReturnType<typeof stackReader>>, plan: PlannedApprovers): Promise<ApproverSides | undefined> {
  if (!changesApprovers(plan)) return undefined;
  if (reader.approvalState === undefined) throw new Error('the organization reader cannot read users and the root quorum (approvalState)');
  const live = await reader.approvalState();
  return { live, planned: plannedState(live, plan) };
}

export async function stackPolicyImpact(
  runner: StackRunner,
  stack: string,
  workDir: string,
  steps: readonly CollectedStep[],
  settings: ImpactSettings,
): Promise<StackPolicyImpact | undefined> {
  let names: string[] = [];
  let approvers: string[] = [];
  try {
    const changes = policyChanges(steps);
    names = changes.map((c) => c.name);
    const plan = approverChanges(steps);
    approvers = plan.changes;
    if (changes.length === 0 && !changesApprovers(plan)) return undefined;
    const cases = loadTestFiles(settings.testPaths);
    const reader = await stackReader(runner, stack, workDir, settings.env, settings.makeReader);
    const sets = await policySets(reader, changes);
    const sides = await sidesOf(reader, plan);
    const impact = await policyImpact(sets.current, sets.planned, reader, cases, settings, sides);
    return { status: 'evaluated', policyChanges: names, approverChanges: approvers, elsewhere: sets.elsewhere, impact };
  } catch (err) {
    if (names.length === 0) names = steps.filter((s) => isPolicyStep(s) && s.op !== 'same').map((s) => s.urn.split('::').pop() ?? s.urn);
    if (approvers.length === 0) approvers = approverSteps(steps);
    if (names.length === 0 && approvers.length === 0) return undefined;
    return { status: 'not-evaluable', policyChanges: names, approverChanges: approvers, reason: messageOf(err) };
  }
}

/** The resources that may change who approves, by name, when their plan could not be read. */
function approverSteps(steps: readonly CollectedStep[]): string[] {
  return steps
    .filter((s) => APPROVER_TYPES.includes(typeOfToken(s.type) ?? '') && ['create', 'update', 'replace', 'delete'].includes(s.op))
    .map((s) => s.urn.split('::').pop() ?? s.urn);
}
