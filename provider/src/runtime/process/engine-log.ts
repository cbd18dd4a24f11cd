// A gRPC client of the Pulumi engine, built from the private generated stubs inside @pulumi/pulumi
// (proto/engine_grpc_pb.js, proto/engine_pb.js and its @grpc/grpc-js), loaded only when a trace is sent. Used
// by ./traces.ts in the dynamic-provider process, whose entry (../index.ts) installs it.
import { createRequire } from 'node:module';

/** The engine's address: the dynamic provider's last argument, `host:port` (cmd/dynamic-provider/index.js in @pulumi/pulumi). */
export function engineAddressOf(argv: readonly string[]): string | undefined {
  const last = argv[argv.length - 1];
  return last !== undefined && /^[\w.-]+:\d+$/.test(last) ? last : undefined;
}

/** Delivers one text; resolves once it is delivered (or could not be). */
export type EngineLog = (text: string) => Promise<void>;

/** How long a trace may take to reach the engine before the error goes out without it. */
const DELIVERY_MS = 5_000;

/** The parts of @pulumi/pulumi's generated engine stubs used here. */
interface EngineStubs {
  client: { log(request: unknown, metadata: unknown, options: { deadline: number }, done: () => void): void };
  metadata(): unknown;
  request(text: string, severity: 'DEBUG' | 'WARNING'): unknown;
}

/* eslint-disable @typescript-eslint/no-unsafe-assignment, @typescript-eslint/no-unsafe-call, @typescript-eslint/no-unsafe-member-access, @typescript-eslint/no-unsafe-return -- the stubs are untyped CommonJS from inside @pulumi/pulumi; EngineStubs is the shape used */
function engineStubs(address: string): EngineStubs {
  const fromPulumi = createRequire(require.resolve('@pulumi/pulumi/package.json'));
  const grpc = fromPulumi('@grpc/grpc-js');
  const { EngineClient } = fromPulumi('./proto/engine_grpc_pb');
  const { LogRequest, LogSeverity } = fromPulumi('./proto/engine_pb');
  return {
    client: new EngineClient(address, grpc.credentials.createInsecure()),
    metadata: () => new grpc.Metadata(),
    request: (text, severity) => {
      const request = new LogRequest();
      request.setSeverity(LogSeverity[severity]);
      request.setMessage(text);
      request.setUrn('');
      return request;
    },
  };
}
/* eslint-enable @typescript-eslint/no-unsafe-assignment, @typescript-eslint/no-unsafe-call, @typescript-eslint/no-unsafe-member-access, @typescript-eslint/no-unsafe-return */

/**
 * A debug-severity log to the engine at `address`: `pulumi up --debug` shows it, a plain `pulumi up` does
 * not. The caller waits for it before returning the error, or the engine may finish before it arrives.
 */
export function engineDebugLog(address: string): EngineLog {
  return engineLog(address, 'DEBUG');
}

/** A log of the given severity to the engine at `address`: WARNING shows as `warning:` in every run's output. */
export function engineLog(address: string, severity: 'DEBUG' | 'WARNING'): EngineLog {
  let stubs: EngineStubs | undefined;
  return (text) =>
    new Promise<void>((resolve) => {
      try {
        stubs ??= engineStubs(address);
        stubs.client.log(stubs.request(text, severity), stubs.metadata(), { deadline: Date.now() + DELIVERY_MS }, () => resolve());
      } catch {
        // Debug output is best effort: the error itself still reaches the user.
        resolve();
      }
    });
}
