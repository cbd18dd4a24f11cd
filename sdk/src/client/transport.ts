// Builds the package's Transport from the client's options when none is injected.
import { ApiKeyStamper } from '../crypto/stamp';
import { Transport } from '../transport';
import type { ClientTransport, ResolvedClientOptions } from './options';

export function createTransport(config: ResolvedClientOptions): ClientTransport {
  const {
    organizationId: _org,
    apiPublicKey,
    apiPrivateKey,
    activity: _activity,
    transport: _transport,
    stamper,
    ...rest
  } = config.options;
  const signer =
    stamper ?? (apiPublicKey !== undefined && apiPrivateKey !== undefined ? new ApiKeyStamper({ apiPublicKey, apiPrivateKey }) : undefined);
  return new Transport({
    ...rest,
    ...(signer !== undefined ? { stamper: signer } : {}),
    clock: config.clock,
    sleep: config.sleep,
  });
}
