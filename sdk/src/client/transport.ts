// Builds the package's Transport from the client's options when none is injected.
import { ApiKeyStamper } from '../crypto/stamp';
import { Transport } from '../transport';
import { DEFAULT_AUTH_PROXY_URL, DEFAULT_BASE_URL, type ClientTransport, type ResolvedClientOptions, type WalletInfraClientOptions } from './options';

export function createTransport(options: WalletInfraClientOptions, config: ResolvedClientOptions): ClientTransport {
  const stamper =
    options.stamper ??
    (options.apiPublicKey !== undefined && options.apiPrivateKey !== undefined
      ? new ApiKeyStamper({ apiPublicKey: options.apiPublicKey, apiPrivateKey: options.apiPrivateKey })
      : undefined);
  return new Transport({
    baseUrl: options.baseUrl ?? DEFAULT_BASE_URL,
    authProxyUrl: options.authProxyUrl ?? DEFAULT_AUTH_PROXY_URL,
    ...(options.authProxyConfigId !== undefined ? { authProxyConfigId: options.authProxyConfigId } : {}),
    ...(stamper !== undefined ? { stamper } : {}),
    ...(options.timeoutMs !== undefined ? { timeoutMs: options.timeoutMs } : {}),
    ...(options.retry !== undefined ? { retry: options.retry } : {}),
    ...(options.connections !== undefined ? { connections: options.connections } : {}),
    ...(options.dispatcher !== undefined ? { dispatcher: options.dispatcher } : {}),
    ...(options.random !== undefined ? { random: options.random } : {}),
    ...(options.userAgent !== undefined ? { userAgent: options.userAgent } : {}),
    clock: config.clock,
    sleep: config.sleep,
  });
}
