// The key pairs the emulator publishes as "the service": the webhook signing key (JWKS, docs/service-behaviour.md#verification-keys), the
// on-ramp credential encryption key (docs/service-behaviour.md#fiat-on-ramp-credentials) and an "enclave" key that signs import/OTP target bundles.
// Made once per data dir and kept in the meta table, so they survive restarts and `reset`.
import { generateEd25519KeyPair, generateP256KeyPair } from './crypto/keys';
import type { Env } from './env';
import type { Store } from './store/store';

export interface EmulatorKeys {
  webhookSigning: { keyId: string; publicKey: string; privateKey: string };
  onRampEncryption: { publicKey: string; privateKey: string };
  enclave: { publicKey: string; privateKey: string };
}

const META_KEY = 'emulatorKeys';

export function loadOrCreateKeys(store: Store, env: Env): EmulatorKeys {
  const existing = store.getMeta(META_KEY);
  if (existing !== undefined) return JSON.parse(existing) as EmulatorKeys;
  const signing = generateEd25519KeyPair(env.randomBytes);
  const keys: EmulatorKeys = {
    // key ids look like the service's opaque ids; tests match them against the JWKS `kid`
    webhookSigning: { keyId: `whk_${env.uuid().replace(/-/g, '').slice(0, 24)}`, ...signing },
    onRampEncryption: generateP256KeyPair(env.randomBytes),
    enclave: generateP256KeyPair(env.randomBytes),
  };
  store.setMeta(META_KEY, JSON.stringify(keys));
  return keys;
}

/** The discovery document (docs/service-behaviour.md#verification-keys): `x` is the base64url raw Ed25519 public key. */
export function jwksDocument(keys: EmulatorKeys): { keys: Array<Record<string, string>> } {
  return {
    keys: [
      {
        kid: keys.webhookSigning.keyId,
        kty: 'OKP',
        crv: 'Ed25519',
        alg: 'EdDSA',
        use: 'sig',
        x: Buffer.from(keys.webhookSigning.publicKey, 'hex').toString('base64url'),
        turnkey_signature_algorithm: 'ed25519',
        turnkey_signature_version: 'v1',
      },
    ],
  };
}

/** The exact `Cache-Control` of the discovery endpoint (docs/service-behaviour.md#limits-and-pagination). */
export const JWKS_CACHE_CONTROL = 'public, max-age=86400, s-maxage=86400, stale-if-error=604800';
