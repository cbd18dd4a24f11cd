// What the serialized providers load: `require('@walletinfra/pulumi/dist/runtime')`. One runtime per
// process, created on first load, reading stack config from `configure` and credentials from the
// environment at call time (so rotated credentials apply to refresh and destroy without an `up`).
import { createRuntime } from './providers';
import { installStderrFilter } from './report';

installStderrFilter();

const runtime = createRuntime();

export const configure = runtime.configure;
export const policy = runtime.policy;
export const webhookEndpoint = runtime.webhookEndpoint;
export const fiatOnRampCredential = runtime.fiatOnRampCredential;
export const ipAllowlist = runtime.ipAllowlist;
export const privateKeyTag = runtime.privateKeyTag;
export const sessionProfile = runtime.sessionProfile;
export { createRuntime } from './providers';
export type { Provider, Runtime, RuntimeOptions } from './providers';
export type { ContextOptions, ProviderContext } from './context';
