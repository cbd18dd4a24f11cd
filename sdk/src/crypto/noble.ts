// @noble/curves' P-256 and @noble/hashes' SHA-256, loaded on first use. Under Node.js node:crypto does
// this work (./p256-native.ts), so their JavaScript is only parsed for the purejs runtime, for other
// runtimes and for on-ramp encryption; loading them eagerly cost every process that imports the sdk.
// Internal.
import type * as NodeCrypto from 'node:crypto';
import type * as Ed25519Module from '@noble/curves/ed25519';
import type * as P256Module from '@noble/curves/p256';
import type * as Sha256Module from '@noble/hashes/sha256';

type NobleP256 = typeof P256Module.p256;
type NobleEd25519 = typeof Ed25519Module.ed25519;

let p256Module: NobleP256 | undefined;
let ed25519Module: NobleEd25519 | undefined;

/* eslint-disable @typescript-eslint/no-require-imports -- each module loads on its first use (see above), which an import cannot do synchronously */
/** Ed25519 for webhook signatures, loaded on the first one signed or verified. */
export function nobleEd25519(): NobleEd25519 {
  ed25519Module ??= (require('@noble/curves/ed25519') as typeof Ed25519Module).ed25519;
  return ed25519Module;
}

export function nobleP256(): NobleP256 {
  p256Module ??= (require('@noble/curves/p256') as typeof P256Module).p256;
  return p256Module;
}

function loadCreateHash(): typeof NodeCrypto.createHash | undefined {
  try {
    // A plain require: a bundle for another runtime may leave node:crypto out without failing at load time.
    const mod = require('node:crypto') as typeof NodeCrypto;
    return typeof mod.createHash === 'function' ? mod.createHash : undefined;
  } catch {
    return undefined;
  }
}

const createHash = loadCreateHash();

/** SHA-256 of `bytes`: node:crypto where it exists, @noble/hashes elsewhere. */
export function sha256(bytes: Uint8Array): Uint8Array {
  if (createHash !== undefined) {
    const digest = createHash('sha256').update(bytes).digest();
    return new Uint8Array(digest.buffer, digest.byteOffset, digest.byteLength);
  }
  return (require('@noble/hashes/sha256') as typeof Sha256Module).sha256(bytes);
}
/* eslint-enable @typescript-eslint/no-require-imports */
