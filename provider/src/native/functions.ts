// Every data source of ../datasources as a function of the native provider (an Invoke), over the runtime's
// settings. The resource kinds need nothing of the kind here: the server serves each kind's lifecycle
// (../resources/lifecycle.ts) as the runtime builds it.
import type * as DataSourcesModule from '../datasources';
import type * as DefineModule from '../datasources/define';
import type { AnyDataSource } from '../datasources/define';
import { messageOf } from '../errors';
import type { CheckFailure } from '../resources/common/check';
import type { Runtime } from '../runtime/providers';
import { guarded } from '../runtime/report';
import { functionToken } from '../tokens';
import type * as ResultsModule from './results';
import type { Properties } from './values';

export interface NativeFunction {
  /** The schema's function token, `walletinfra:index:getPolicies`. */
  token: string;
  invoke(args: Properties): Promise<{ outputs: Properties; failures?: readonly CheckFailure[] }>;
  /** Results always returned as secrets. */
  secretOutputs?: readonly string[];
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
 * Every data source as a function, over the runtime. The data sources are loaded on the first call (the server's
 * first Invoke): they load @pulumi/pulumi's whole index (its automation API, npm's arborist...), about 800 modules a
 * plugin serving only resources would load at start for nothing.
 */
export function nativeFunctions(runtime: Runtime, dataSources?: readonly AnyDataSource[]): readonly NativeFunction[] {
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded on first use, see above
  return (dataSources ?? (require('../datasources') as typeof DataSourcesModule).DATA_SOURCES).map((ds) => nativeFunction(ds, runtime));
}
