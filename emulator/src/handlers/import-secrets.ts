// init_import_secrets (docs/service-behaviour.md#activities, #import-secrets): one encryption target per secret, each a signed bundle
// in the enclave-encrypt v1 layout ({version, data, dataSignature, enclaveQuorumPublic}, data = hex JSON
// with the target public key), signed by the emulator's "enclave" key.
import { p256 } from '@noble/curves/p256';
import { sha256 } from '@noble/hashes/sha256';
import type { SubmitHandler } from '../context';
import { generateP256KeyPair } from '../crypto/keys';
import { invalidArgument } from '../errors';

/** docs/service-behaviour.md#limits-and-pagination leaves the maximum of numSecrets unstated; the emulator's limit. */
export const MAX_IMPORT_SECRETS = 100;

export const initImportSecrets: SubmitHandler<'init_import_secrets'> = {
  validate(_ctx, p) {
    if (p.numSecrets > MAX_IMPORT_SECRETS) {
      throw invalidArgument(`invalid request body: parameters.numSecrets: must be at most ${MAX_IMPORT_SECRETS}`);
    }
  },
  execute(ctx, p) {
    const enclavePrivate = Buffer.from(ctx.keys.enclave.privateKey, 'hex');
    const enclavePublic = Buffer.from(p256.getPublicKey(enclavePrivate, false)).toString('hex');
    const enclaveTargetMessages = Array.from({ length: p.numSecrets }, () => {
      const target = generateP256KeyPair(ctx.env.randomBytes);
      const targetPublic = Buffer.from(p256.Point.fromHex(target.publicKey).toRawBytes(false)).toString('hex');
      const data = Buffer.from(
        JSON.stringify({ targetPublic, organizationId: ctx.org.organizationId, userId: ctx.caller.user.userId }),
        'utf8',
      );
      const signature = p256.sign(sha256(data), enclavePrivate, { prehash: false }).toDERHex();
      return JSON.stringify({
        version: 'v1.0.0',
        data: data.toString('hex'),
        dataSignature: signature,
        enclaveQuorumPublic: enclavePublic,
      });
    });
    return { enclaveTargetMessages };
  },
};
