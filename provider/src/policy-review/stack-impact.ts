// The policy impact of one stack's preview, for `walletinfra-drift --preview`: only when the preview
// changes Policy resources. Never throws: a failure becomes a `not-evaluable` entry with the reason.
import type { CollectedStep } from '../drift/collect';
import type { StackRunner } from '../drift/run';
import { messageOf } from '../errors';
import { loadTestFiles } from './discover';
import { policyImpact, type ImpactOptions } from './impact';
import type { StackPolicyImpact } from './impact-report';
import type { clientReader } from './organization';
import { policyChanges } from './planned';
import { policySets, stackReader } from './stack';

export interface ImpactSettings extends ImpactOptions {
  /** Policy test files or directories whose cases join the corpus. */
  testPaths: readonly string[];
  env: Readonly<Record<string, string | undefined>>;
  makeReader?: typeof clientReader;
}

export async function stackPolicyImpact(
  runner: StackRunner,
  stack: string,
  workDir: string,
  steps: readonly CollectedStep[],
  settings: ImpactSettings,
): Promise<StackPolicyImpact | undefined> {
  let names: string[] = [];
  try {
    const changes = policyChanges(steps);
    if (changes.length === 0) return undefined;
    names = changes.map((c) => c.name);
    const cases = loadTestFiles(settings.testPaths);
    const reader = await stackReader(runner, stack, workDir, settings.env, settings.makeReader);
    const sets = await policySets(reader, changes);
    const impact = await policyImpact(sets.current, sets.planned, reader, cases, settings);
    return { status: 'evaluated', policyChanges: names, elsewhere: sets.elsewhere, impact };
  } catch (err) {
    if (names.length === 0)
      names = steps.filter((s) => s.type.endsWith('walletinfra:Policy') && s.op !== 'same').map((s) => s.urn.split('::').pop() ?? s.urn);
    if (names.length === 0) return undefined;
    return { status: 'not-evaluable', policyChanges: names, reason: messageOf(err) };
  }
}
