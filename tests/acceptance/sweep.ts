// `npm run sweep`: lists the objects whose name carries an acceptance prefix older than `--older-than`, kind
// by kind, and with `--yes` deletes them, so an interrupted run never leaves an organization dirty. It only
// ever deletes an object whose name carries the prefix, checked again right before each delete.
import type { OrgSession } from '@walletinfra/pulumi/session';
import { messageOf } from '@walletinfra/pulumi/errors';
import { inventory, type Found, type Sweepable } from './inventory';
import { formatAge, ownedByRun, runOfName, sweepable } from './prefix';

export interface SweepOptions {
  olderThanMs: number;
  /** Only the objects of the run with this prefix (`--run-id`). */
  runPrefix?: string;
  /** Delete; without it the sweep only lists. */
  yes: boolean;
}

export interface SweepDeps {
  session: OrgSession;
  sources: readonly Sweepable[];
  now: () => Date;
  out: (line: string) => void;
}

export interface SweepResult {
  /** What was (or, without --yes, would be) deleted. */
  deleted: Found[];
  failed: Array<{ found: Found; error: string }>;
  kept: Found[];
}

function age(found: Found, now: Date): string {
  const run = runOfName(found.name);
  return run === undefined ? '?' : formatAge(Math.max(0, Math.floor((now.getTime() - run.startedAt.getTime()) / 1000) * 1000));
}

async function stillThere(source: Sweepable, session: OrgSession, found: Found): Promise<boolean> {
  try {
    return (await source.find(session)).some((f) => f.id === found.id);
  } catch {
    // Unable to tell: report the delete's own failure.
    return true;
  }
}

/** Lists, and with `yes` deletes, every prefixed object old enough; the result says what happened to each. */
export async function sweep(options: SweepOptions, deps: SweepDeps): Promise<SweepResult> {
  const { session, out } = deps;
  const result: SweepResult = { deleted: [], failed: [], kept: [] };
  const { runPrefix } = options;
  // Chosen by age, and by run when one is named; checked again at the moment of each delete.
  const chosen = (f: Found) =>
    sweepable(f.name, deps.now(), options.olderThanMs) && (runPrefix === undefined || ownedByRun(runPrefix, f.name));
  out(
    runPrefix !== undefined
      ? `Objects named with the prefix ${runPrefix} in organization ${session.organizationId}:`
      : `Objects named with an acceptance prefix older than ${formatAge(options.olderThanMs)} in organization ${session.organizationId}:`,
  );
  const all = (await inventory(session, deps.sources)).filter((f) => runPrefix === undefined || ownedByRun(runPrefix, f.name));
  for (const source of deps.sources) {
    const mine = all.filter((f) => f.type === source.type && f.noun === source.noun);
    const old = mine.filter(chosen);
    out(
      `  ${source.type} (${source.noun}): ${old.length} found${mine.length > old.length ? `, ${mine.length - old.length} younger kept` : ''}`,
    );
    for (const found of mine.filter((f) => !old.includes(f))) result.kept.push(found);
    for (const found of old) {
      const line = `    ${found.name}  ${found.id}  age ${age(found, deps.now())}`;
      if (found.cannotDelete !== undefined || found.remove === undefined) {
        out(`${line}  cannot be deleted: ${found.cannotDelete ?? 'no delete operation'}`);
        result.kept.push(found);
        continue;
      }
      if (!options.yes) {
        out(`${line}  would delete`);
        result.deleted.push(found);
        continue;
      }
      // Checked again at the moment of the delete: the name must still carry a prefix old enough.
      if (!chosen(found)) {
        result.kept.push(found);
        continue;
      }
      try {
        await found.remove(session.client);
        out(`${line}  deleted`);
        result.deleted.push(found);
      } catch (error) {
        // An object deleted with another one before it (a user's API keys with the user) is gone all the same.
        if (!(await stillThere(source, session, found))) {
          out(`${line}  gone (deleted with an object before it)`);
          result.deleted.push(found);
          continue;
        }
        out(`${line}  FAILED: ${messageOf(error)}`);
        result.failed.push({ found, error: messageOf(error) });
      }
    }
  }
  const cannot = result.kept.filter((f) => f.cannotDelete !== undefined);
  const verb = options.yes ? 'deleted' : 'to delete';
  out(
    `${result.deleted.length} ${verb}` +
      (result.failed.length > 0 ? `, ${result.failed.length} failed` : '') +
      (cannot.length > 0 ? `, ${cannot.length} the service cannot delete` : '') +
      (!options.yes && result.deleted.length > 0 ? '; run again with --yes to delete them' : ''),
  );
  return result;
}
