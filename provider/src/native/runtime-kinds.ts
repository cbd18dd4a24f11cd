// The provider's kind table, made over the runtime: every kind of ../resources/kinds.ts under its native type
// token, with the same lifecycle the dynamic resources use (ownership of objects included) and the kind's
// own secrets. The runtime's diff answers in the dynamic shape (changes or not, and what replaces); the
// per-property detail is the same comparison, asked again of diffKind.
import { KINDS } from '../resources/kinds';
import type { AnyKind } from '../resources/kind';
import { diffKind, type Provider, type Runtime } from '../runtime/providers';
import type { KindTable, NativeResourceKind } from './kinds';

function nativeKind(kind: AnyKind, provider: Provider): NativeResourceKind {
  return {
    token: kind.nativeToken,
    ...(kind.secrets?.inputs !== undefined ? { secretInputs: kind.secrets.inputs } : {}),
    ...(kind.secrets?.outputs !== undefined ? { secretOutputs: kind.secrets.outputs } : {}),
    lifecycle: {
      check: (olds, news) => provider.check(olds, news),
      diff: async (id, olds, news) => {
        // The runtime's diff records what the program declares (../ownership.ts), refuses what the lock-out rules
        // refuse and says whether the replacement deletes first (an API key that keeps its public key); the
        // per-property answer is this one.
        const answered = await provider.diff(id, olds, news);
        return { ...diffKind(kind, olds, news), ...(answered.deleteBeforeReplace === true ? { deleteBeforeReplace: true } : {}) };
      },
      create: async (inputs) => {
        const result = await provider.create(inputs);
        return { id: result.id, outs: result.outs };
      },
      read: async (id, props) => {
        const result = await provider.read(id, props);
        return {
          ...(result.id !== undefined ? { id: result.id } : {}),
          ...(result.props !== undefined ? { props: result.props } : {}),
          ...(result.inputs !== undefined ? { inputs: result.inputs } : {}),
        };
      },
      update: async (id, olds, news) => {
        const result = await provider.update(id, olds, news);
        return { outs: result.outs };
      },
      delete: (id, props) => provider.delete(id, props),
    },
  };
}

/** Every resource kind of the runtime; no data source yet. */
export function runtimeKinds(runtime: Runtime): KindTable {
  return {
    resources: (KINDS as readonly AnyKind[]).map((kind) => nativeKind(kind, runtime.kinds[kind.member as keyof Runtime['kinds']])),
    functions: [],
  };
}
