// The checks of what the service holds after a step: a live object read back in normal form and compared with
// the inputs declared for it, field by field (the kind's field table), or found gone (or left in place, for a
// kind the service cannot delete).
import { normalize, readListed, type AnyKind } from '@walletinfra/pulumi/resources/kind';
import { messageOf } from '@walletinfra/pulumi/errors';
import { ids, type Journal } from './journal';
import { deletable, type HandContext } from './kinds';
import type { Env } from './options';
import type { PlannedResource } from './plan';

/** Canonical JSON, so two normal forms compare whatever their key order. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    return `{${Object.keys(value)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonical((value as Record<string, unknown>)[k])}`)
      .join(',')}}`;
  }
  return JSON.stringify(value);
}

/** The service fields where the live object differs from the declared inputs (both in normal form). */
export function differences(kind: AnyKind, declared: Record<string, unknown>, live: Record<string, unknown>): string[] {
  const wanted = normalize(kind, declared);
  const except = new Set(kind.diff?.except ?? []);
  return kind.table.fields
    .map((f) => f.field)
    .filter((field) => !except.has(field) && wanted[field] !== undefined && canonical(wanted[field]) !== canonical(live[field]))
    .map((field) => `${field} is ${canonical(live[field])}, declared ${canonical(wanted[field])}`);
}

export async function liveForm(
  env: Env,
  hand: HandContext,
  r: PlannedResource,
  id: string,
  args: Record<string, unknown>,
): Promise<Record<string, unknown> | undefined> {
  if (r.kind.shape !== 'listed') return r.scenario.read?.(hand, id, args);
  const { listing } = r.kind;
  const all: unknown[] = await readListed(listing, env.session, true);
  const live = all.find((item) => listing.idOf(item) === id);
  if (live === undefined) return undefined;
  const form: unknown = r.kind.fromLive(live, { organizationId: env.settings.organizationId, ...args });
  return form as Record<string, unknown>;
}

export async function checkLive(
  run: Journal,
  env: Env,
  hand: HandContext,
  r: PlannedResource,
  id: string,
  args: Record<string, unknown>,
  check: string,
  reqIds: string[],
): Promise<void> {
  try {
    const live = await liveForm(env, hand, r, id, args);
    const own = ids(run.collect());
    if (live === undefined) {
      run.add(`${r.scenario.name} ${r.name}`, check, 'fail', `the service has no object ${id}`, [...reqIds, ...own]);
      return;
    }
    const diff = differences(r.kind, args, live);
    run.add(`${r.scenario.name} ${r.name}`, check, diff.length === 0 ? 'pass' : 'fail', diff.length === 0 ? undefined : diff.join('; '), [
      ...reqIds,
      ...own,
    ]);
  } catch (error) {
    run.add(`${r.scenario.name} ${r.name}`, check, 'fail', messageOf(error), [...reqIds, ...ids(run.collect())]);
  }
}

export async function checkGone(
  run: Journal,
  env: Env,
  hand: HandContext,
  r: PlannedResource,
  id: string,
  args: Record<string, unknown>,
  what: string,
  reqIds: string[],
): Promise<void> {
  try {
    const live = await liveForm(env, hand, r, id, args);
    const own = ids(run.collect());
    if (!deletable(r.kind, r.scenario)) {
      run.add(
        `${r.scenario.name} ${r.name}`,
        `${what}: left in place`,
        live !== undefined ? 'pass' : 'fail',
        live !== undefined ? r.scenario.notApplicable?.delete : 'it is gone',
        [...reqIds, ...own],
      );
      return;
    }
    run.add(
      `${r.scenario.name} ${r.name}`,
      `${what}: gone from the service`,
      live === undefined ? 'pass' : 'fail',
      live === undefined ? undefined : `${id} is still there`,
      [...reqIds, ...own],
    );
  } catch (error) {
    run.add(`${r.scenario.name} ${r.name}`, `${what}: gone from the service`, 'fail', messageOf(error), [...reqIds, ...ids(run.collect())]);
  }
}
