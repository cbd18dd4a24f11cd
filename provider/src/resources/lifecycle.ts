// A kind's lifecycle: the engine's six calls for one resource kind, over plain values (Pulumi's provider protocol,
// pulumi/provider.proto of github.com/pulumi/pulumi; a dynamic provider's methods,
// https://www.pulumi.com/docs/iac/concepts/providers/dynamic-providers/). One interface serves both providers:
// the runtime builds one per kind (../runtime/lifecycles.ts), the dynamic resources' serialized providers call it
// in the dynamic shape, and the native plugin (../native/server.ts) serves it over gRPC. A kind's own steps
// (its folder's steps.ts) are the four that reach the service.
import type { ProviderContext } from '../context';
import type { CheckFailure } from './common/check';
import type { FieldDiff } from './common/diff';

export type Values = Record<string, unknown>;

/** `check`: the inputs in normal form (with their organization resolved), or the failures, one per property. */
export interface CheckResult {
  inputs: Values;
  failures?: CheckFailure[];
}

/** `diff`: what changed and what of it replaces the object; whether the replacement deletes the old object first. */
export type DiffResult = FieldDiff & { deleteBeforeReplace?: boolean };

export interface CreateResult {
  id: string;
  outs: Values;
}

/** `read`: the object's outputs and the inputs they imply; no `id` (or '') when the object is gone. */
export interface ReadResult {
  id?: string;
  props?: Values;
  inputs?: Values;
}

export interface UpdateResult {
  outs: Values;
}

/** One kind's answers to the engine. */
export interface Lifecycle {
  /** `olds`: the last checked inputs ({} for a new resource); `news`: the program's inputs (unknown values: ../wire.ts). */
  check(olds: Values, news: Values): Promise<CheckResult>;
  /** `olds`: the state's outputs; `news`: the checked inputs. */
  diff(id: string, olds: Values, news: Values): Promise<DiffResult>;
  create(inputs: Values): Promise<CreateResult>;
  /** `props`: the state's outputs ({} for `pulumi import`, whose id is the kind's import id). */
  read(id: string, props: Values): Promise<ReadResult>;
  update(id: string, olds: Values, news: Values): Promise<UpdateResult>;
  delete(id: string, props: Values): Promise<void>;
}

/** The calls that reach the service: create, read, update and delete. */
export type Steps = Pick<Lifecycle, 'create' | 'read' | 'update' | 'delete'>;

/** Steps as a kind's steps.ts writes them: the lifecycle's calls, each taking the provider context first. */
export type KindSteps = { [M in keyof Steps]: (ctx: ProviderContext, ...args: Parameters<Steps[M]>) => ReturnType<Steps[M]> };

/**
 * What a kind's steps.ts exports. A kind addressed by scope, or the organization's one object, brings all four
 * (`KindSteps`); a listed kind brings those it writes differently from the shared ones (`Partial<KindSteps>`: the
 * on-ramp credential seals its secrets afresh for every create and update).
 */
export interface StepsModule<S extends Partial<KindSteps> = KindSteps> {
  steps: S;
}

/** A kind's own steps over one provider context. */
export function stepsOver(ctx: ProviderContext, steps: Partial<KindSteps>): Partial<Steps> {
  const bind = <M extends keyof Steps>(m: M): Partial<Steps> => {
    const step = steps[m] as ((ctx: ProviderContext, ...args: unknown[]) => Promise<unknown>) | undefined;
    return step === undefined ? {} : { [m]: (...args: unknown[]) => step(ctx, ...args) };
  };
  return { ...bind('create'), ...bind('read'), ...bind('update'), ...bind('delete') };
}

/**
 * The steps modules of a list of kinds, by member name: every kind addressed by scope, and the organization's one
 * object, must have one, with all four steps; a listed kind may have one with the steps it writes differently. A
 * kind of either missing, or a step missing, is a compile error where the table is declared (../resources/kinds.ts).
 */
export type StepsTable<K extends { member: string; shape: string }> = {
  [Kind in K as Kind['shape'] extends 'listed' ? never : Kind['member']]: () => StepsModule;
} & {
  [Kind in K as Kind['shape'] extends 'listed' ? Kind['member'] : never]?: () => StepsModule<Partial<KindSteps>>;
};
