// What the serialized providers load: `require('@walletinfra/pulumi/dist/runtime')`, the entry of the
// dynamic-provider process that Pulumi starts. One runtime per process, created on first load, reading stack
// config from `configure` and credentials from the environment at call time (so rotated credentials apply to
// refresh and destroy without an `up`).
//
// This entry, and nothing else in the package, changes the process it runs in: the shim's copy of our errors
// is dropped from stderr, stack traces go to the engine's debug log, and undici's WebAssembly parser stays on
// V8's baseline tier (@walletinfra/sdk/process). The same modules used as a library change nothing.
import { installWasmTieringHold } from '@walletinfra/sdk/process';
import { createRuntime, type Runtime } from './providers';
import { installStderrFilter } from './process/stderr-filter';
import { installTraces } from './process/traces';

installStderrFilter();
installTraces();
installWasmTieringHold();

const runtime = createRuntime();

export const configure: Runtime['configure'] = (req) => runtime.configure(req);
export const policy = runtime.policy;
export const webhookEndpoint = runtime.webhookEndpoint;
export const fiatOnRampCredential = runtime.fiatOnRampCredential;
export const ipAllowlist = runtime.ipAllowlist;
export const privateKeyTag = runtime.privateKeyTag;
export const sessionProfile = runtime.sessionProfile;
export { createRuntime } from './providers';
export type { Provider, Runtime, RuntimeOptions } from './providers';
export type { ContextOptions, ProviderContext } from './context';
