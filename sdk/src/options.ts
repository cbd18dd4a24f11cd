// The client's and the transport's defaults and the service-URL check, without the transport itself: what
// configuration code needs (the Pulumi provider's settings), at the cost of zod alone. The package's main
// entry loads these too, with the HTTP stack (undici); this entry is `@walletinfra/sdk/options`.
export { DEFAULT_AUTH_PROXY_URL, DEFAULT_BASE_URL } from './client/options';
export { DEFAULT_TIMEOUT_MS, ServiceUrl } from './transport/options';
export { DEFAULT_RETRY_OPTIONS } from './transport/retry';
// The option parser, for packages that declare their own options as zod schemas (the emulator).
export { got, jsonPath, keysOf, parseOptions, shown, type ParseOptionsNaming } from './strict-options';
