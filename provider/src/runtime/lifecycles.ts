// Each kind's lifecycle (../resources/lifecycle.ts) over one provider context: the one both providers serve (the
// dynamic resources' serialized providers through ./providers.ts, the native plugin through ../native/server.ts).
//
// - check: the shared check (../resources/common/check-kind.ts) with the kind's own rules and the checks of the
//   whole deployment that kinds bring; diff: the kind's normal forms compared field by field.
// - create, read, update, delete: the kind's own steps where it writes them (../resources/kinds.ts `STEPS`), the
//   shared steps of a listed kind for the rest (../resources/common/listed.ts), loaded on the first call that needs
//   them (a preview, check and diff, loads neither, nor through them the sdk's client and HTTP stack).
// - every error in the words of the configuration, printed once (./report.ts). For a listed kind the objects are
//   owned (../ownership.ts): check and diff record what the program declares, deleting an object another resource
//   still declares only releases it, and an update settles a rename that others may wait for.
import { InvalidRequestError } from '@walletinfra/sdk/errors';
import type { ProviderContext } from '../context';
import { checkKind } from '../resources/common/check-kind';
import { compareFields, type FieldDiff } from '../resources/common/diff';
import type * as ListedModule from '../resources/common/listed';
import { normalize, type AnyKind, type DeploymentCheck } from '../resources/kind';
import { KINDS, STEPS, type KindMember } from '../resources/kinds';
import { stepsOver, type DiffResult, type Lifecycle, type Steps, type Values } from '../resources/lifecycle';
import { guarded, guardedCheck } from './report';
import { warningsDelivered } from './process/warnings';

/** What a kind's diff compares (its normal form on both sides), and which changes replace the object. */
export function diffKind(kind: AnyKind, olds: Values, news: Values): FieldDiff {
  const d = compareFields(normalize(kind, olds), normalize(kind, news), kind.diffKeys, kind.replaceKeys);
  const extra = kind.diff?.extra?.(olds, news) ?? [];
  return extra.length === 0 ? d : { changed: [...d.changed, ...extra], replaces: d.replaces };
}

/** The checks of the whole deployment that kinds bring, run after every resource's own check (../resources/kind.ts). */
const DEPLOYMENT_CHECKS: readonly DeploymentCheck[] = (KINDS as readonly AnyKind[]).flatMap((k) =>
  k.check?.deployment !== undefined ? [k.check.deployment] : [],
);

/** The kind's create, read, update and delete: its own steps, and the shared steps of a listed kind for the rest. */
function stepsOf(ctx: ProviderContext, kind: AnyKind): Steps {
  const load = (STEPS as Partial<Record<string, (typeof STEPS)[keyof typeof STEPS]>>)[kind.member];
  const own = stepsOver(ctx, load?.().steps ?? {});
  if (kind.shape !== 'listed') return own as Steps;
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded on the first call that reaches the service (see above)
  const { listedSteps } = require('../resources/common/listed') as typeof ListedModule;
  return { ...listedSteps(ctx, kind), ...own };
}

/** A kept object is declared; an object whose unique value a diff renames frees the old value once the update lands. */
function noteDiff(ctx: ProviderContext, kind: AnyKind, id: string, d: FieldDiff, olds: Values, news: Values): void {
  const kept = d.replaces.length === 0;
  ctx.ownership.diffed(kind.type, id, news, kept);
  const unique = kind.unique?.property;
  if (kept && unique !== undefined && d.changed.includes(unique) && typeof olds[unique] === 'string') {
    ctx.ownership.renaming(kind.type, id, olds[unique]);
  }
}

/** One kind's lifecycle over `ctx`. */
export function kindLifecycle(ctx: ProviderContext, kind: AnyKind): Lifecycle {
  let loaded: Steps | undefined;
  const steps = (): Steps => (loaded ??= stepsOf(ctx, kind));
  const owned = kind.shape === 'listed';
  return {
    check: async (olds, news) => {
      const checked = await guardedCheck(ctx, news, () => checkKind(kind, ctx, news, olds, DEPLOYMENT_CHECKS));
      if (owned) ctx.ownership.checkedInputs(kind.type, checked.inputs);
      // the check's warnings (a policy's missing contract interface, lint findings) reach the engine before it moves on
      await warningsDelivered();
      return checked;
    },
    diff: async (id, olds, news): Promise<DiffResult> => {
      const d = diffKind(kind, olds, news);
      if (owned) noteDiff(ctx, kind, id, d, olds, news);
      const refuseReplace = kind.diff?.refuseReplace;
      if (d.replaces.length > 0 && refuseReplace !== undefined) {
        const refused = await guarded(ctx, olds, () => refuseReplace(ctx, id, olds, news, d.replaces));
        if (refused !== undefined) await guarded(ctx, olds, () => Promise.reject(new InvalidRequestError(refused)));
      }
      const deleteFirst = d.replaces.length > 0 && kind.diff?.deleteBeforeReplace?.(normalize(kind, olds), normalize(kind, news)) === true;
      return deleteFirst ? { ...d, deleteBeforeReplace: true } : d;
    },
    create: (inputs) => guarded(ctx, inputs, () => steps().create(inputs)),
    read: (id, props) => guarded(ctx, props, () => steps().read(id, props)),
    update: async (id, olds, news) => {
      try {
        return await guarded(ctx, news, () => steps().update(id, olds, news));
      } finally {
        if (owned) ctx.ownership.settled(kind.type, id);
      }
    },
    delete: async (id, props) => {
      if (owned && ctx.ownership.releases(kind.type, id)) return;
      await guarded(ctx, props, () => steps().delete(id, props));
      await warningsDelivered();
    },
  };
}

/** Every kind's lifecycle over `ctx`, by member name. */
export function kindLifecycles(ctx: ProviderContext): Record<KindMember, Lifecycle> {
  return Object.fromEntries(KINDS.map((kind) => [kind.member, kindLifecycle(ctx, kind)])) as Record<KindMember, Lifecycle>;
}
