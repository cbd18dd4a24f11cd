// What a sub-organization's stack already records, read before its stack starts without running the engine: the
// objects its state holds that the template no longer declares are the deletes its `up` would make, and the check
// before the stack (./preflight.ts) judges them by the lock-out rules with the template's other changes.
//
// A file backend's checkpoint is read in place (`<root>/.pulumi/stacks/[<project>/]<stack>.json[.gz]`, the layout of
// ../enrollment.ts; https://www.pulumi.com/docs/iac/concepts/state-and-backends/#using-a-diy-backend): one file read
// per sub-organization. Other backends are asked through the Automation API (`exportStack`, `pulumi stack export`).
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { declaredObjects } from '../../drift/unmanaged/declared';
import type { PlannedChange } from '../../resources/common/lockout';
import { KINDS } from '../../resources/kinds';
import type { DeploymentLike } from '../../stack/events';
import { fileBackendRoot, projectScoped } from '../enrollment';

/** A stack's state (`pulumi stack export`'s shape), undefined when the stack does not exist yet. */
export type StackStateReader = (stack: string) => Promise<DeploymentLike | undefined>;

/** The latest checkpoint of a stack in a file backend, as `pulumi stack export` prints it; undefined without one. */
export function fileBackendState(backend: string, project: string, stack: string): DeploymentLike | undefined {
  const root = fileBackendRoot(backend);
  const dir = projectScoped(root, project) ? join(root, '.pulumi', 'stacks', project) : join(root, '.pulumi', 'stacks');
  for (const name of [`${stack}.json`, `${stack}.json.gz`]) {
    const file = join(dir, name);
    if (!existsSync(file)) continue;
    const bytes = readFileSync(file);
    const text = name.endsWith('.gz') ? gunzipSync(bytes).toString('utf8') : bytes.toString('utf8');
    const checkpoint = JSON.parse(text) as { version?: number; checkpoint?: { latest?: DeploymentLike['deployment'] } };
    return {
      ...(checkpoint.version !== undefined ? { version: checkpoint.version } : {}),
      deployment: checkpoint.checkpoint?.latest ?? null,
    };
  }
  return undefined;
}

/**
 * The deletes a stack's `up` would make: each object of our kinds its state records under a resource name the
 * template no longer declares (by type and name), with the `allowLockout` the state recorded.
 */
export function plannedDeletes(state: DeploymentLike, declared: ReadonlyArray<{ type: string; name: string }>): PlannedChange[] {
  const kept = new Set(declared.map((d) => `${d.type}/${d.name}`));
  return declaredObjects('', state, KINDS)
    .filter((o) => !kept.has(`${o.kind.type}/${o.name}`))
    .map((o) => ({
      type: o.kind.type,
      resource: o.name,
      objectId: o.id,
      desired: { allowLockout: o.allowLockout },
      replaces: [],
      deletes: true,
    }));
}
