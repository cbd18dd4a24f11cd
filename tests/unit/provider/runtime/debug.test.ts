// Stack traces only when the user asks: what the engine passes the dynamic-provider process (its own
// address as the last argument; `-v=N` only with `--logflow`), and the debug-severity log that
// `pulumi up --debug` displays, sent to a real gRPC Engine service built from @pulumi/pulumi's own stubs.
import { createRequire } from 'node:module';
import { inspect } from 'node:util';
import { runError } from '@walletinfra/pulumi/program/process';
import { debugRequested, verbosityOf } from '@walletinfra/pulumi/internal/debug';
import { engineAddressOf, engineDebugLog } from '@walletinfra/pulumi/runtime/process/engine-log';

/** The engine's log request as the generated stubs hand it to a server. */
interface LogCall {
  request: { getSeverity(): number; getMessage(): string; getUrn(): string };
}

/** The parts of @grpc/grpc-js and @pulumi/pulumi's generated stubs (untyped CommonJS) that the test serves with. */
interface GrpcServer {
  addService(service: unknown, handlers: { log(call: LogCall, done: (e: null, r: unknown) => void): void }): void;
  bindAsync(address: string, credentials: unknown, done: (e: Error | null, port: number) => void): void;
  forceShutdown(): void;
}
interface Grpc {
  Server: new () => GrpcServer;
  ServerCredentials: { createInsecure(): unknown };
}

const fromPulumi = createRequire(require.resolve('@pulumi/pulumi/package.json'));
const grpc = fromPulumi('@grpc/grpc-js') as Grpc;
const { EngineService } = fromPulumi('./proto/engine_grpc_pb') as { EngineService: unknown };
const { LogSeverity } = fromPulumi('./proto/engine_pb') as { LogSeverity: { DEBUG: number } };
const { Empty } = fromPulumi('google-protobuf/google/protobuf/empty_pb') as { Empty: new () => unknown };

const SHIM = ['/usr/bin/node', '/app/node_modules/@pulumi/pulumi/cmd/dynamic-provider/index.js'];

test('the argv the engine gives the dynamic provider: its address last, -v=N only with --logflow', () => {
  expect(engineAddressOf([...SHIM, '127.0.0.1:35771'])).toBe('127.0.0.1:35771');
  expect(engineAddressOf([...SHIM, '--logtostderr', '-v=9', '127.0.0.1:41041'])).toBe('127.0.0.1:41041');
  expect(engineAddressOf(SHIM)).toBeUndefined();
  expect([verbosityOf([...SHIM, '-v=3', '127.0.0.1:1']), verbosityOf([...SHIM, '127.0.0.1:1']), verbosityOf([...SHIM, '-v'])]).toEqual([
    3, 0, 1,
  ]);
});

test('traces are asked for with WALLETINFRA_DEBUG=1 (or true), or a verbosity the engine passed', () => {
  expect([
    debugRequested({ WALLETINFRA_DEBUG: '1' }, SHIM),
    debugRequested({ WALLETINFRA_DEBUG: 'true' }, SHIM),
    debugRequested({}, [...SHIM, '-v=1', '127.0.0.1:1']),
    debugRequested({}, [...SHIM, '127.0.0.1:1']),
    debugRequested({ WALLETINFRA_DEBUG: '0' }, [...SHIM, '-v=0', '127.0.0.1:1']),
  ]).toEqual([true, true, true, false, false]);
});

test('a trace goes to the engine as a debug-severity log, not attributed to a resource', async () => {
  const server = new grpc.Server();
  let received!: (r: { severity: number; message: string; urn: string }) => void;
  const logged = new Promise<{ severity: number; message: string; urn: string }>((resolve) => (received = resolve));
  server.addService(EngineService, {
    log: (call, done) => {
      received({ severity: call.request.getSeverity(), message: call.request.getMessage(), urn: call.request.getUrn() });
      done(null, new Empty());
    },
  });
  const port = await new Promise<number>((resolve, reject) =>
    server.bindAsync('127.0.0.1:0', grpc.ServerCredentials.createInsecure(), (e: Error | null, p: number) => (e ? reject(e) : resolve(p))),
  );
  try {
    await engineDebugLog(`127.0.0.1:${port}`)('walletinfra: something failed\n    at f (/x.js:1:1)');
    expect(await logged).toEqual({ severity: LogSeverity.DEBUG, message: 'walletinfra: something failed\n    at f (/x.js:1:1)', urn: '' });
  } finally {
    server.forceShutdown();
  }
});

test("a program's failure can be inspected with colours, as Pulumi does for every uncaught error, even when its cause went through an Output", () => {
  // Source maps place @pulumi/pulumi's own files at node_modules/@pulumi/<file>.ts; Node's coloured
  // inspection of such a frame never ends (https://github.com/nodejs/node/issues/64011).
  const cause = new Error('the service at http://127.0.0.1:9 could not be reached');
  cause.stack = `Error: ${cause.message}\n    at async applyHelperAsync (/app/node_modules/@pulumi/output.ts:516:25)`;
  const failure = runError('getPolicies', cause);
  expect(failure.message).toBe('getPolicies: the service at http://127.0.0.1:9 could not be reached');
  expect(failure.stack).toBe(`Error: ${failure.message}`);
  expect(inspect(failure, { colors: true })).toContain(failure.message);
});
