// The real ResourceProvider implementations, one per resource kind (../resources/kinds.ts). The serialized
// provider stored in state only requires the installed package and calls these (../resources/*/provider.ts),
// so refresh and destroy always run the installed code (https://www.pulumi.com/docs/iac/concepts/providers/dynamic-providers/
// "which code version runs where").
import type * as pulumi from '@pulumi/pulumi';
import { InvalidRequestError } from '@walletinfra/sdk/errors';
import { checkKind } from '../resources/common/check-kind';
import { compareFields, toDiffResult, type FieldDiff } from '../resources/common/diff';
import type * as LifecycleModuleTypes from '../resources/common/lifecycle';
import { normalize, type AnyKind, type DeploymentCheck, type OwnLifecycle, type OwnSteps } from '../resources/kind';
import { KINDS, type KindMember } from '../resources/kinds';
import { createContext, type ContextOptions, type OwnedContext, type ProviderContext } from '../context';
import { guarded, guardedCheck } from './report';
import { warningsDelivered } from './process/warnings';
import { isSecretEnvelope } from '../wire';
import type { CheckResult, CreateResult, ReadResult, UpdateResult } from '../resources/kind';

type Values = Record<string, unknown>;
/** A kind's per-property diff, and whether its replacement must delete the old object first. */
export type KindDiff = FieldDiff & { deleteBeforeReplace?: boolean };

/** One kind's provider: a dynamic provider's methods (https://www.pulumi.com/docs/iac/concepts/providers/dynamic-providers/), typed. */
export interface Provider {
  check: (olds: Values, news: Values) => Promise<CheckResult>;
  diff: (id: string, olds: Values, news: Values) => Promise<pulumi.dynamic.DiffResult>;
  /**
   * The same comparison, per property: what changed and what of it replaces the object (the native provider's
   * detailed diff), whether that replacement deletes first, or the lock-out rules' refusal. `diff` is this answer
   * in the dynamic shape; either records what the program declares.
   */
  diffFields: (id: string, olds: Values, news: Values) => Promise<KindDiff>;
  create: (inputs: Values) => Promise<CreateResult>;
  read: (id: string, props?: Values) => Promise<ReadResult>;
  update: (id: string, olds: Values, news: Values) => Promise<UpdateResult>;
  delete: (id: string, props?: Values) => Promise<void>;
}

export type Runtime = {
  /** Stores the stack configuration the engine hands to the dynamic provider (https://www.pulumi.com/docs/iac/concepts/providers/dynamic-providers/, `configure`). */
  configure: (req: pulumi.dynamic.ConfigureRequest) => Promise<void>;
  /** Each kind's provider by its member name. */
  kinds: Record<KindMember, Provider>;
  context: OwnedContext;
} & Record<KindMember, Provider>;

/** Structured config may arrive as objects, with nested secret envelopes (https://www.pulumi.com/docs/iac/concepts/secrets/); we read strings. */
function asText(value: unknown): string | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value === 'string') return value;
  const unwrap = (v: unknown): unknown =>
    Array.isArray(v)
      ? v.map(unwrap)
      : v !== null && typeof v === 'object'
        ? isSecretEnvelope(v)
          ? unwrap(v.value)
          : Object.fromEntries(Object.entries(v).map(([k, x]) => [k, unwrap(x)]))
        : v;
  const plain = unwrap(value);
  return typeof plain === 'string' ? plain : JSON.stringify(plain);
}

export type RuntimeOptions = ContextOptions;

type LifecycleModule = typeof LifecycleModuleTypes;

/** What a kind's diff compares (its normal form on both sides), and which changes replace the object. */
export function diffKind(kind: AnyKind, olds: Record<string, unknown>, news: Record<string, unknown>): FieldDiff {
  const d = compareFields(normalize(kind, olds), normalize(kind, news), kind.diffKeys, kind.replaceKeys);
  const extra = kind.diff?.extra?.(olds, news) ?? [];
  return extra.length === 0 ? d : { changed: [...d.changed, ...extra], replaces: d.replaces };
}

/**
 * The steps that reach the service, loaded on the first call that needs them (a preview, check and diff,
 * loads neither the shared lifecycle nor, through it, the sdk's client and HTTP stack): the kind's own
 * steps (its folder's `steps.ts`), and the shared ones for the rest.
 */
function lifecycleOf(kind: AnyKind): OwnLifecycle {
  /* eslint-disable @typescript-eslint/no-require-imports -- loaded on first use (see above) */
  const own: OwnSteps = kind.ownSteps === undefined ? {} : (require(`../resources/${kind.member}/steps`) as { steps: OwnSteps }).steps;
  if (kind.ownSteps?.length === 4) return own as OwnLifecycle;
  const { listedLifecycle } = require('../resources/common/lifecycle') as LifecycleModule;
  /* eslint-enable @typescript-eslint/no-require-imports */
  return { ...listedLifecycle(kind), ...own };
}

/** The checks of the whole deployment that kinds bring, run after every resource's own check (../resources/kind.ts). */
const DEPLOYMENT_CHECKS: readonly DeploymentCheck[] = (KINDS as readonly AnyKind[]).flatMap((k) =>
  k.check?.deployment !== undefined ? [k.check.deployment] : [],
);

export function createRuntime(options: RuntimeOptions = {}): Runtime {
  const ctx = createContext(options);
  /**
   * The engine's calls of one kind: every error in the words of the configuration, printed once (./report.ts).
   * For kinds listed by id, the objects are owned (../ownership.ts): check and diff record what the program
   * declares, deleting an object another resource still declares only releases it, and an update settles a
   * rename that others may wait for.
   */
  const provider = (kind: AnyKind): Provider => {
    let steps: OwnLifecycle | undefined;
    const remote = (): OwnLifecycle => (steps ??= lifecycleOf(kind));
    const owned = kind.listing !== undefined;
    const diffFields = async (id: string, olds: Values, news: Values): Promise<KindDiff> => {
      const d = diffKind(kind, olds, news);
      if (owned) noteDiff(ctx, kind, id, d, olds, news);
      const refuseReplace = kind.diff?.refuseReplace;
      if (d.replaces.length > 0 && refuseReplace !== undefined) {
        const refused = await guarded(ctx, olds, () => refuseReplace(ctx, id, olds, news, d.replaces));
        if (refused !== undefined) await guarded(ctx, olds, () => Promise.reject(new InvalidRequestError(refused)));
      }
      const deleteFirst = d.replaces.length > 0 && kind.diff?.deleteBeforeReplace?.(normalize(kind, olds), normalize(kind, news)) === true;
      return deleteFirst ? { ...d, deleteBeforeReplace: true } : d;
    };
    return {
      check: async (olds, news) => {
        const checked = await guardedCheck(ctx, news, () => checkKind(kind, ctx, news, olds, DEPLOYMENT_CHECKS));
        if (owned) ctx.ownership.checkedInputs(kind.type, checked.inputs);
        // the check's warnings (a policy's missing contract interface, lint findings) reach the engine before it moves on
        await warningsDelivered();
        return checked;
      },
      diffFields,
      diff: async (id, olds, news) => {
        const d = await diffFields(id, olds, news);
        return toDiffResult(d, d.deleteBeforeReplace === true);
      },
      create: (inputs) => guarded(ctx, inputs, () => remote().create(ctx, inputs)),
      read: (id, props) => guarded(ctx, props, () => remote().read(ctx, id, props ?? {})),
      update: async (id, olds, news) => {
        try {
          return await guarded(ctx, news, () => remote().update(ctx, id, olds, news));
        } finally {
          if (owned) ctx.ownership.settled(kind.type, id);
        }
      },
      delete: async (id, props) => {
        if (owned && ctx.ownership.releases(kind.type, id)) return;
        await guarded(ctx, props, () => remote().delete(ctx, id, props ?? {}));
        await warningsDelivered();
      },
    };
  };
  const kinds = Object.fromEntries(KINDS.map((kind) => [kind.member, provider(kind)])) as Record<KindMember, Provider>;
  return {
    configure: (req) => {
      // The shim's Config keeps the engine's values in `rawConfig` (cmd/dynamic-provider/config.js in
      // @pulumi/pulumi); its keys let unknown `walletinfra:*` keys be refused here too.
      const raw = (req.config as unknown as { rawConfig?: Record<string, unknown> }).rawConfig;
      ctx.setConfig((key) => asText(req.config.get(key)), raw !== undefined ? () => Object.keys(raw) : undefined);
      return Promise.resolve();
    },
    kinds,
    ...kinds,
    context: ctx,
  };
}

/** A kept object is declared; an object whose unique value a diff renames frees the old value once the update lands. */
function noteDiff(
  ctx: ProviderContext,
  kind: AnyKind,
  id: string,
  d: FieldDiff,
  olds: Record<string, unknown>,
  news: Record<string, unknown>,
): void {
  const kept = d.replaces.length === 0;
  ctx.ownership.diffed(kind.type, id, news, kept);
  const unique = kind.unique?.property;
  if (kept && unique !== undefined && d.changed.includes(unique) && typeof olds[unique] === 'string') {
    ctx.ownership.renaming(kind.type, id, olds[unique]);
  }
}
