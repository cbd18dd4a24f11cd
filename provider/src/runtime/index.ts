// What the serialized providers load: `require('@walletinfra/pulumi/dist/runtime')`, the entry of the
// dynamic-provider process that Pulumi starts. One runtime per process, created on first load, reading stack
// config from `configure` and credentials from the environment at call time (so rotated credentials apply to
// refresh and destroy without an `up`).
//
// This entry, and nothing else in the package, changes the process it runs in: the shim's copy of our errors
// is dropped from stderr, stack traces go to the engine's debug log, warnings to the engine's output,
// undici's WebAssembly parser stays on V8's baseline tier (@walletinfra/sdk/process), and when
// `WALLETINFRA_RECORD_FILE` is set (an acceptance run's `--record`) every exchange is appended to that
// recording, and zod's translated messages load only if asked for (./process/lazy-locales.ts, imported first so
// that it runs before anything loads zod). The same modules used as a library change nothing.
import './process/lazy-locales';
import { installRecordingFromEnv, installWasmTieringHold } from '@walletinfra/sdk/process';
import { createRuntime, type Runtime } from './providers';
import { installStderrFilter } from './process/stderr-filter';
import { installTraces } from './process/traces';
import { installWarnings, sendWarning } from './process/warnings';

installStderrFilter();
installTraces();
installWarnings();
installWasmTieringHold();
installRecordingFromEnv('provider');

const runtime = createRuntime({ warn: (line) => sendWarning(line) });

export const configure: Runtime['configure'] = (req) => runtime.configure(req);
/** Each kind's provider by its member name (../resources/kinds.ts). */
export const kinds = runtime.kinds;
// Each kind's provider is also this module's export of the same name (`require(...).policy.check(...)`):
// the call every serialized provider in every state makes (../resources/*/provider.ts).
Object.assign(module.exports, runtime.kinds);
export { createRuntime } from './providers';
export type { DynamicProvider, Runtime, RuntimeOptions } from './providers';
export type { Lifecycle } from '../resources/lifecycle';
export type { ContextOptions, ProviderContext } from '../context';
