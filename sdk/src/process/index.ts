// @walletinfra/sdk/process: what changes the process the sdk runs in (V8 flags, a recording of its exchanges).
// Importing it changes nothing, and the rest of the sdk never calls it: the entry point of a process that
// wants a change installs it.
export { installWasmTieringHold } from './wasm-tiering';
export { installRecordingFromEnv, RECORDING_ENV } from './recording';
export { installLazyZodLocales } from './zod-locales';
