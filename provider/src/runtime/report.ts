// One error path for the dynamic provider's methods: an error a user can act on is translated into the words
// of the configuration (../config/explain.ts) and printed once. The Node shim prints `${e}: ${e.stack}` to
// stderr for failed check/diff/read/delete before returning the message to the engine, which prints it again
// (cmd/dynamic-provider/index.js in @pulumi/pulumi); for our own errors that copy is dropped.
//
// Stack traces only when the user asks. The engine starts this process with one argument, its own address,
// and passes nothing about `pulumi up --debug` (the flag only changes what the engine displays); it passes
// `-v=N` only when run with `--logflow` (buildPluginArguments in sdk/go/common/resource/plugin/plugin.go of
// github.com/pulumi/pulumi). So every trace is sent to the engine as a debug-severity log, which the
// engine displays with `--debug` and hides otherwise; with WALLETINFRA_DEBUG=1, or `-v=N --logflow`, it
// is also printed on stderr, which the engine always shows.
import { createRequire } from 'node:module';
import { WalletInfraError } from '@walletinfra/sdk/errors';
import type * as pulumi from '@pulumi/pulumi';
import { explainServiceError } from '../config/explain';
import { selectorOf } from '../resources/common/inputs';
import type { ProviderContext } from './context';

/** Pulumi's `-v=N` as the engine passes it to plugins (only with `--logflow`); 0 when absent. */
export function verbosityOf(argv: readonly string[]): number {
  let level = 0;
  for (const arg of argv) {
    const match = /^--?v(?:=(\d+))?$/.exec(arg);
    if (match !== null) level = Math.max(level, match[1] === undefined ? 1 : Number(match[1]));
  }
  return level;
}

export function debugRequested(
  env: Readonly<Record<string, string | undefined>> = process.env,
  argv: readonly string[] = process.argv,
): boolean {
  return env.WALLETINFRA_DEBUG === '1' || env.WALLETINFRA_DEBUG === 'true' || verbosityOf(argv) > 0;
}

/** The engine's address: the dynamic provider's last argument, `host:port` (cmd/dynamic-provider/index.js in @pulumi/pulumi). */
export function engineAddressOf(argv: readonly string[]): string | undefined {
  const last = argv[argv.length - 1];
  return last !== undefined && /^[\w.-]+:\d+$/.test(last) ? last : undefined;
}

/** Delivers one trace; resolves once it is delivered (or could not be). */
type EngineLog = (text: string) => Promise<void>;

/** How long a trace may take to reach the engine before the error goes out without it. */
const TRACE_DELIVERY_MS = 5_000;

/** The parts of @pulumi/pulumi's generated engine stubs (proto/engine_grpc_pb.js, proto/engine_pb.js) used here. */
interface EngineStubs {
  client: { log(request: unknown, metadata: unknown, options: { deadline: number }, done: () => void): void };
  metadata(): unknown;
  request(text: string): unknown;
}

function engineStubs(address: string): EngineStubs {
  const fromPulumi = createRequire(require.resolve('@pulumi/pulumi/package.json'));
  const grpc = fromPulumi('@grpc/grpc-js');
  const { EngineClient } = fromPulumi('./proto/engine_grpc_pb');
  const { LogRequest, LogSeverity } = fromPulumi('./proto/engine_pb');
  return {
    client: new EngineClient(address, grpc.credentials.createInsecure()),
    metadata: () => new grpc.Metadata(),
    request: (text) => {
      const request = new LogRequest();
      request.setSeverity(LogSeverity.DEBUG);
      request.setMessage(text);
      request.setUrn('');
      return request;
    },
  };
}

/**
 * A debug-severity log to the engine at `address`: `pulumi up --debug` shows it, a plain `pulumi up` does
 * not. The caller waits for it before returning the error, or the engine may finish before it arrives.
 */
export function engineDebugLog(address: string): EngineLog {
  let stubs: EngineStubs | undefined;
  return (text) =>
    new Promise<void>((resolve) => {
      try {
        stubs ??= engineStubs(address);
        stubs.client.log(stubs.request(text), stubs.metadata(), { deadline: Date.now() + TRACE_DELIVERY_MS }, () => resolve());
      } catch {
        // Debug output is best effort: the error itself still reaches the user.
        resolve();
      }
    });
}

/** Where traces go: the engine's debug log when it can be reached, and stderr when the user asked for traces. */
let traceSinks: EngineLog[] = [];

/** Installs the filter for the shim's copy of our errors and the trace sinks (once per process). */
let installed = false;
export function installStderrFilter(argv: readonly string[] = process.argv): void {
  if (installed) return;
  installed = true;
  const address = engineAddressOf(argv);
  traceSinks = [
    ...(address !== undefined ? [engineDebugLog(address)] : []),
    ...(debugRequested(process.env, argv) ? [async (text: string) => void process.stderr.write(`${text}\n`)] : []),
  ];
  const original = console.error.bind(console);
  console.error = (...args: unknown[]) => {
    const first = args[0];
    if (args.length === 1 && typeof first === 'string') {
      for (const text of quiet) {
        if (first.startsWith(text)) {
          quiet.delete(text);
          return;
        }
      }
    }
    original(...args);
  };
}

const quiet = new Set<string>();

/** The traces sent so far, delivered (or given up on). */
let traces: Promise<void> = Promise.resolve();

/** The error as the user should see it; its shim copy is silenced. */
function userError(error: unknown, ctx: ProviderContext, props: Record<string, unknown>): unknown {
  const selector = selectorOf(props);
  let baseUrl = '';
  let onRampEncryptionPublicKey: string | undefined;
  try {
    const endpoints = ctx.endpoints(selector);
    baseUrl = endpoints.baseUrl;
    onRampEncryptionPublicKey = endpoints.onRampEncryptionPublicKey;
  } catch {
    // The settings themselves are wrong: the error already says so.
  }
  const explained = explainServiceError(error, {
    sources: ctx.sources(),
    selector,
    baseUrl,
    ...(onRampEncryptionPublicKey !== undefined ? { onRampEncryptionPublicKey } : {}),
  });
  if (explained instanceof WalletInfraError) {
    quiet.add(String(explained));
    const stack = error instanceof Error ? error.stack : undefined;
    if (stack !== undefined)
      traces = Promise.all([traces, ...traceSinks.map((sink) => sink(`walletinfra: ${explained.message}\n${stack}`))]).then(
        () => undefined,
      );
  }
  return explained;
}

/** Runs a lifecycle method, translating what it throws. */
export async function guarded<T>(ctx: ProviderContext, props: Record<string, unknown> | undefined, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    const explained = userError(error, ctx, props ?? {});
    await traces;
    throw explained;
  }
}

/** `check` never throws: a setting it cannot resolve is a check failure, printed by the engine once. */
export async function guardedCheck(
  ctx: ProviderContext,
  news: Record<string, unknown>,
  run: () => pulumi.dynamic.CheckResult,
): Promise<pulumi.dynamic.CheckResult> {
  try {
    return run();
  } catch (error) {
    const explained = userError(error, ctx, news);
    await traces;
    if (!(explained instanceof WalletInfraError)) throw explained;
    return { inputs: news, failures: [{ property: '', reason: explained.message }] };
  }
}
