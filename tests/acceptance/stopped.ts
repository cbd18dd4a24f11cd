// What an interrupted run says before it exits: where it stopped, the processes it stopped (and any still
// running), the objects named with its prefix that it left, kind by kind, how to inspect the stack it kept, and
// the exact command that deletes what it left.
import type { AnyKind } from '@walletinfra/pulumi/resources/kind';
import { KINDS } from '@walletinfra/pulumi/resources/kinds';
import { messageOf } from '@walletinfra/pulumi/errors';
import type { Interruption } from './interrupt';
import { inventory, sweepables, type Found } from './inventory';
import { STEPS } from './journal';
import type { Env } from './options';
import { ownedByRun } from './prefix';

/** The sweep that deletes what one run left, and nothing of any other run. */
export function sweepCommand(runId: string): string {
  return `npm run sweep -- --run-id ${runId} --yes`;
}

/** Objects by kind: `Policy: 2 (wiacc-…-policy-main, wiacc-…-policy-adopted)`. */
export function byKind(found: readonly Found[]): string[] {
  const kinds = [...new Set(found.map((f) => f.type))];
  return kinds.map((type) => {
    const mine = found.filter((f) => f.type === type);
    const stays = mine.some((f) => f.cannotDelete !== undefined) ? ', which the service cannot delete' : '';
    return `  ${type}: ${mine.length}${stays} (${mine.map((f) => f.name).join(', ')})`;
  });
}

function processesLine(interruption: Interruption): string {
  if (interruption.stopped.length === 0) return 'No Pulumi command was running.';
  const survivors = interruption.survivors();
  const stopped = interruption.stopped.map((s) => `${s.what} and the ${s.pids.length - 1} processes it had started`).join('; ');
  return survivors.length === 0
    ? `Stopped ${stopped}; none is still running.`
    : `Stopped ${stopped}; still running, kill them: kill -9 ${survivors.join(' ')}`;
}

export async function whatWasLeft(env: Env, step: string, interruption: Interruption): Promise<string[]> {
  const { plan, settings, session, deps, project } = env;
  const index = STEPS.indexOf(step as (typeof STEPS)[number]) + 1;
  const lines = [
    `acceptance: interrupted by ${interruption.signal ?? 'a signal'} during step ${index}/${STEPS.length}, ${step}: the run started nothing more.`,
    processesLine(interruption),
  ];
  try {
    const left = (await inventory(session, sweepables(KINDS as readonly AnyKind[]))).filter((f) => ownedByRun(plan.run.prefix, f.name));
    lines.push(
      left.length === 0
        ? `Nothing named ${plan.run.prefix}... is left in organization ${settings.organizationId}.`
        : `Left in organization ${settings.organizationId}: ${left.length} object${left.length === 1 ? '' : 's'} named ${plan.run.prefix}...`,
      ...byKind(left),
    );
  } catch (error) {
    lines.push(`What the run left could not be listed (${messageOf(error)}); the sweep below lists it.`);
  }
  if (project !== undefined) {
    lines.push(
      "The run's Pulumi project is kept with its state and the passphrase of its secrets; its stack:",
      `  ${project.inspectCommand()}`,
    );
  }
  if (deps.disposableService !== undefined) lines.push(`${deps.disposableService}: nothing needs deleting.`);
  else lines.push('Delete what it left, with the same WALLETINFRA_* settings:', `  ${sweepCommand(plan.run.id)}`);
  return lines;
}
