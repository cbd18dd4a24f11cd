// The provider's kind table, made over the runtime: every kind of ../resources/kinds.ts under its native type
// token, with the same lifecycle the dynamic resources use (ownership of objects included) and the kind's
// own secrets, and every data source of ../datasources as a function on the runtime's settings. The diff is
// the runtime's per-property comparison (`diffFields`), computed once.
import type * as DataSourcesModule from '../datasources';
import type * as DefineModule from '../datasources/define';
import { messageOf } from '../errors';
import type { AnyDataSource } from '../datasources/define';
import { KINDS } from '../resources/kinds';
import type { AnyKind } from '../resources/kind';
import type { CheckFailure } from '../resources/common/check';
import { guarded } from '../runtime/report';
import type { Provider, Runtime } from '../runtime/providers';
import type { KindTable, NativeFunction, NativeResourceKind } from './kinds';
import { functionToken } from '../tokens';
import type * as ResultsModule from './results';
import type { Properties } from './values';

function nativeKind(kind: AnyKind, provider: Provider): NativeResourceKind {
  return {
    token: kind.nativeToken,
    ...(kind.secrets?.inputs !== undefined ? { secretInputs: kind.secrets.inputs } : {}),
    ...(kind.secrets?.outputs !== undefined ? { secretOutputs: kind.secrets.outputs } : {}),
    lifecycle: {
      check: (olds, news) => provider.check(olds, news),
      // The runtime's comparison, once: it records what the program declares (../ownership.ts), refuses what the
      // lock-out rules refuse and says whether the replacement deletes first (an API key keeping its public key).
      diff: (id, olds, news) => provider.diffFields(id, olds, news),
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

/**
 * A data source as an Invoke: its arguments checked as a program's are (each problem a failure naming the
 * argument, no request sent), its errors in the words of the configuration and attributed to it, its result
 * exactly the schema's (what a newer service adds is left out, so every SDK can read it).
 */
function nativeFunction(ds: AnyDataSource, runtime: Runtime): NativeFunction {
  let shape: ResultsModule.ResultShape | undefined;
  return {
    token: functionToken(ds.name),
    ...(ds.secretResults !== undefined ? { secretOutputs: ds.secretResults } : {}),
    invoke: async (args) => {
      // eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded on the first Invoke: it loads @pulumi/pulumi's whole index
      const { argumentIssues } = require('../datasources/define') as typeof DefineModule;
      const issues = argumentIssues(ds, args);
      if (issues.length > 0) {
        const failures: CheckFailure[] = issues.map((issue) => {
          const property = /^[^.[]*/.exec(issue.path)?.[0] ?? '';
          return { property, reason: issue.path === property ? issue.message : `${issue.path}: ${issue.message}` };
        });
        return { outputs: {}, failures };
      }
      const given = Object.fromEntries(Object.entries(args).filter(([, v]) => v !== undefined && v !== null));
      let result: unknown;
      try {
        result = await guarded(runtime.context, given, () => ds.read(runtime.context, given));
      } catch (error) {
        const message = messageOf(error);
        throw new Error(message.startsWith(`${ds.name}: `) ? message : `${ds.name}: ${message}`, { cause: error });
      }
      // eslint-disable-next-line @typescript-eslint/no-require-imports -- the schema's code, loaded on the first Invoke like the data sources
      const { conform, resultShape } = require('./results') as typeof ResultsModule;
      shape ??= resultShape(ds);
      return { outputs: conform(shape, result) as Properties };
    },
  };
}

/**
 * Every resource kind and every data source, over the runtime. The data sources are loaded on the first read of
 * `functions` (the server's first Invoke): they load @pulumi/pulumi's whole index (its automation API, npm's
 * arborist...), about 800 modules a plugin serving only resources would load at start for nothing.
 */
export function runtimeKinds(runtime: Runtime, dataSources?: readonly AnyDataSource[]): KindTable {
  let functions: readonly NativeFunction[] | undefined;
  return {
    resources: (KINDS as readonly AnyKind[]).map((kind) => nativeKind(kind, runtime.kinds[kind.member as keyof Runtime['kinds']])),
    get functions() {
      // eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded on first use, see above
      functions ??= (dataSources ?? (require('../datasources') as typeof DataSourcesModule).DATA_SOURCES).map((ds) =>
        nativeFunction(ds, runtime),
      );
      return functions;
    },
  };
}
