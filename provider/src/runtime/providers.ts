// The dynamic provider: each kind's lifecycle (./lifecycles.ts) in the shape Pulumi's dynamic providers answer
// (https://www.pulumi.com/docs/iac/concepts/providers/dynamic-providers/). The serialized provider stored in state
// only requires the installed package and calls these (../resources/*/provider.ts), so refresh and destroy always
// run the installed code ("which code version runs where").
import type * as pulumi from '@pulumi/pulumi';
import { createContext, type ContextOptions, type OwnedContext } from '../context';
import { toDiffResult } from '../resources/common/diff';
import type { KindMember } from '../resources/kinds';
import type { Lifecycle, ReadResult, Values } from '../resources/lifecycle';
import { isSecretEnvelope } from '../wire';
import { kindLifecycles } from './lifecycles';

/**
 * One kind's dynamic provider: its lifecycle, with `diff` in the dynamic shape and `props` optional, as Pulumi's
 * `ResourceProvider` calls them (typed: what `check`, `create`, `read` and `update` return is the lifecycle's).
 */
export interface DynamicProvider {
  check: Lifecycle['check'];
  diff(id: string, olds: Values, news: Values): Promise<pulumi.dynamic.DiffResult>;
  create: Lifecycle['create'];
  read(id: string, props?: Values): Promise<ReadResult>;
  update: Lifecycle['update'];
  delete(id: string, props?: Values): Promise<void>;
}

export type Runtime = {
  /** Stores the stack configuration the engine hands to the dynamic provider (https://www.pulumi.com/docs/iac/concepts/providers/dynamic-providers/, `configure`). */
  configure: (req: pulumi.dynamic.ConfigureRequest) => Promise<void>;
  /** Each kind's lifecycle by its member name: what the native provider serves. */
  lifecycles: Record<KindMember, Lifecycle>;
  /** Each kind's dynamic provider by its member name. */
  kinds: Record<KindMember, DynamicProvider>;
  context: OwnedContext;
} & Record<KindMember, DynamicProvider>;

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

/** A lifecycle as a dynamic provider: the same calls, `diff` answered as the engine reads a dynamic provider's. */
function dynamicProvider(lifecycle: Lifecycle): DynamicProvider {
  return {
    check: (olds, news) => lifecycle.check(olds, news),
    diff: async (id, olds, news) => {
      const d = await lifecycle.diff(id, olds, news);
      return toDiffResult(d, d.deleteBeforeReplace === true);
    },
    create: (inputs) => lifecycle.create(inputs),
    read: (id, props) => lifecycle.read(id, props ?? {}),
    update: (id, olds, news) => lifecycle.update(id, olds, news),
    delete: (id, props) => lifecycle.delete(id, props ?? {}),
  };
}

export function createRuntime(options: RuntimeOptions = {}): Runtime {
  const ctx = createContext(options);
  const lifecycles = kindLifecycles(ctx);
  const kinds = Object.fromEntries(Object.entries(lifecycles).map(([member, l]) => [member, dynamicProvider(l)])) as Record<
    KindMember,
    DynamicProvider
  >;
  return {
    configure: (req) => {
      // The shim's Config keeps the engine's values in `rawConfig` (cmd/dynamic-provider/config.js in
      // @pulumi/pulumi); its keys let unknown `walletinfra:*` keys be refused here too.
      const raw = (req.config as unknown as { rawConfig?: Record<string, unknown> }).rawConfig;
      ctx.setConfig((key) => asText(req.config.get(key)), raw !== undefined ? () => Object.keys(raw) : undefined);
      return Promise.resolve();
    },
    lifecycles,
    kinds,
    ...kinds,
    context: ctx,
  };
}
