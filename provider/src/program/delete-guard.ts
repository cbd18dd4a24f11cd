// The guard of a resource whose delete would lock the stack out (today: an ApiKey holding the key the stack
// signs with), in the program. A resource removed from the program gets neither `check` nor `diff`, and the
// engine plans its delete without asking the provider, so a refusal in the provider's delete comes only at `up`,
// after the rest of it. The program registers such a resource with a before-delete resource hook that runs at
// preview too (`onDryRun`, https://www.pulumi.com/docs/iac/concepts/options/hooks/): the engine calls it before
// any delete of the resource, and it applies the kind's own delete refusal (../resources/common/lockout.ts, the same words
// as the provider's) with this run's settings. What the user sees is then the walletinfra rule and its way out,
// not Pulumi's "protected" text about a `protect` flag the program does not have. `pulumi destroy` runs no
// program: the engine refuses to start it while a resource has delete hooks, naming this hook, and
// `pulumi destroy --run-program` shows the refusal itself.
import * as pulumi from '@pulumi/pulumi';
import { WalletInfraError } from '@walletinfra/sdk/errors';
import { programContext } from './process';
import type { AnyKind, AnyListedKind } from '../resources/kind';
import { selectorOf } from '../resources/common/inputs';

/** The hook's name, which the engine shows when `pulumi destroy` runs without the program. */
export const DELETE_GUARD_HOOK = 'walletinfra-lockout-guard';

/** The kinds whose deletes have a refusal, by type (each class registers its kind when it is defined). */
const guarded = new Map<string, AnyListedKind>();
/** The resources this run of the program declares, by kind type and name: a delete of one of them is a replacement. */
const declared = new Set<string>();
let hook: pulumi.ResourceHook | undefined;

const keyOf = (type: string, name: string) => `${type}::${name}`;

async function beforeDelete(args: pulumi.ResourceHookArgs): Promise<void> {
  // `pulumi-nodejs:dynamic/walletinfra:ApiKey` -> `ApiKey`
  const type = args.type.split(':').pop() ?? args.type;
  const deletes = guarded.get(type)?.writes.delete;
  // A replacement: the program declares the resource again, and diff applied the rules to its new declaration.
  if (deletes?.refuse === undefined || declared.has(keyOf(type, args.name))) return;
  const state = (args.oldOutputs ?? {}) as Record<string, unknown>;
  const ctx = programContext();
  let reason: string | undefined;
  try {
    reason = await deletes.refuse(ctx, ctx.session(selectorOf(state)), args.id, state);
  } catch (error) {
    // The organization cannot be read now: the provider's delete applies the rule before it writes.
    if (error instanceof WalletInfraError) return;
    throw error;
  }
  if (reason !== undefined) throw new Error(`${type} "${args.name}": ${reason}`);
}

/** Registers a kind whose deletes the guard refuses as its provider would (called when its class is defined). */
export function guardKind(kind: AnyKind): void {
  if (kind.shape === 'listed' && kind.writes.delete?.refuse !== undefined) guarded.set(kind.type, kind);
}

/**
 * Whether the engine the program runs under takes resource hooks. Pulumi's mocks (`pulumi.runtime.setMocks`) do
 * not: their monitor has no registerResourceHook, and a hook registered there would fail the program.
 */
function hooksSupported(): boolean {
  const monitor = pulumi.runtime.getMonitor() as { registerResourceHook?: unknown } | undefined;
  return typeof monitor?.registerResourceHook === 'function';
}

/**
 * The hook, registered with the engine once per program run by the first resource: the engine needs it whenever
 * it may delete a guarded resource, which is also after the program stopped declaring it. Records that this run
 * declares resource `name` of `kind`. Undefined where the engine takes no hooks (mocks), which delete nothing.
 */
export function deleteGuard(kind: AnyKind, name: string): pulumi.ResourceHook | undefined {
  declared.add(keyOf(kind.type, name));
  if (hook === undefined && hooksSupported()) hook = new pulumi.ResourceHook(DELETE_GUARD_HOOK, beforeDelete, { onDryRun: true });
  return hook;
}
