// The acceptance run's one Pulumi program: it declares what ./plan.json lists (written by the run before each
// step), so one project and one stack serve every step, and each step is an edit of the plan. Resources are
// found by their type in the public entry (every kind's class), data sources by their Output form; a value
// `{ "$ref": name, "property"? }` is another resource's output (its id by default), so a lookup reads after
// that resource's step (and after those `after` names too). Every resource's id is exported as `ids`, each lookup's result as `lookup_<name>`.
import type * as pulumi from '@pulumi/pulumi';
import * as walletinfra from '@walletinfra/pulumi';
import { installRecordingFromEnv } from '@walletinfra/sdk/process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

// The lookups' own requests join the run's recording (the provider processes record theirs).
installRecordingFromEnv('program');

interface PlannedResource {
  name: string;
  type: string;
  args: Record<string, unknown>;
}
interface PlannedLookup {
  name: string;
  fn: string;
  args: Record<string, unknown>;
}
interface ProgramPlan {
  resources: PlannedResource[];
  lookups: PlannedLookup[];
}

type ResourceClass = new (name: string, args: Record<string, unknown>) => pulumi.CustomResource;
type LookupFn = (args: Record<string, unknown>) => pulumi.Output<unknown>;

const plan = JSON.parse(readFileSync(join(__dirname, 'plan.json'), 'utf8')) as ProgramPlan;
const library = walletinfra as unknown as Record<string, unknown>;
const resources: Record<string, pulumi.CustomResource> = {};

function resourceNamed(name: string): pulumi.CustomResource {
  const target = resources[name];
  if (target === undefined) throw new Error(`plan.json: $ref ${name} names no resource of the plan`);
  return target;
}

function resolve(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(resolve);
  if (value !== null && typeof value === 'object') {
    const ref = value as { $ref?: unknown; property?: unknown; after?: unknown };
    if (typeof ref.$ref === 'string') {
      const target = resourceNamed(ref.$ref);
      const property = typeof ref.property === 'string' ? ref.property : 'id';
      let out = (target as unknown as Record<string, pulumi.Output<unknown> | undefined>)[property];
      if (out === undefined) throw new Error(`plan.json: ${ref.$ref} has no output ${property}`);
      for (const name of Array.isArray(ref.after) ? (ref.after as string[]) : []) {
        const before: pulumi.Output<unknown> = out;
        out = resourceNamed(name).id.apply(() => before);
      }
      return out;
    }
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, resolve(v)]));
  }
  return value;
}

for (const r of plan.resources) {
  const Class = library[r.type] as ResourceClass | undefined;
  if (typeof Class !== 'function') throw new Error(`plan.json: ${r.type} is not a resource class of @walletinfra/pulumi`);
  resources[r.name] = new Class(r.name, resolve(r.args) as Record<string, unknown>);
}

export const ids = Object.fromEntries(Object.entries(resources).map(([name, r]) => [name, r.id]));

for (const l of plan.lookups) {
  const fn = library[l.fn] as LookupFn | undefined;
  if (typeof fn !== 'function') throw new Error(`plan.json: ${l.fn} is not a data source of @walletinfra/pulumi`);
  // One export per lookup: a secret in one (a credential's ciphertext) makes only that one secret.
  (module.exports as Record<string, unknown>)[`lookup_${l.name}`] = fn(resolve(l.args) as Record<string, unknown>);
}
