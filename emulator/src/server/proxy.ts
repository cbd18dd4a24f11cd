// The auth proxy listener (docs/service-behaviour.md#auth-proxy): POST /v1/wallet_kit_config and /v1/otp_init_v2, no stamp,
// the `X-Auth-Proxy-Config-Id` header names the organization's proxy configuration.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { p256 } from '@noble/curves/p256';
import { sha256 } from '@noble/hashes/sha256';
import { operationsByPath } from '@walletinfra/sdk';
import type { Core } from '../context';
import { generateP256KeyPair } from '../crypto/keys';
import { invalidArgument, methodNotAllowed, notFound, unauthenticated } from '../errors';
import type { AuthProxyConfigRecord } from '../store/records';
import { bodyTooLarge, cors, declaresTooLarge, malformedTarget, pathOf, sendError } from './http-io';
import { finish, respondWithError, runPipeline, validateBody } from './pipeline';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const E164 = /^\+[1-9][0-9]{6,14}$/;

function configFor(core: Core, req: IncomingMessage): AuthProxyConfigRecord {
  const raw = req.headers['x-auth-proxy-config-id'];
  const id = Array.isArray(raw) ? raw[0] : raw;
  if (id === undefined || id === '')
    throw unauthenticated('missing X-Auth-Proxy-Config-Id header', { turnkeyErrorCode: 'UNAUTHENTICATED' });
  const config = core.store.authProxyConfigs.get(id);
  if (config === undefined) throw notFound('no auth proxy config found with the given ID');
  return config;
}

function walletKitConfig(config: AuthProxyConfigRecord): Record<string, unknown> {
  const out: Record<string, unknown> = {
    enabledProviders: config.enabledProviders,
    sessionExpirationSeconds: config.sessionExpirationSeconds,
    organizationId: config.organizationId,
  };
  if (config.oauthClientIds !== undefined) out.oauthClientIds = config.oauthClientIds;
  if (config.oauthRedirectUrl !== undefined) out.oauthRedirectUrl = config.oauthRedirectUrl;
  out.otpAlphanumeric = config.otpAlphanumeric;
  out.otpLength = config.otpLength;
  return out;
}

function otpCode(core: Core, config: AuthProxyConfigRecord): string {
  const alphabet = config.otpAlphanumeric ? 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789' : '0123456789';
  return [...core.env.randomBytes(Number(config.otpLength))].map((b) => alphabet[b % alphabet.length]).join('');
}

function initOtp(core: Core, config: AuthProxyConfigRecord, body: { otpType: string; contact: string }): Record<string, unknown> {
  if (body.otpType === 'OTP_TYPE_EMAIL' && !EMAIL.test(body.contact))
    throw invalidArgument('invalid request body: contact: must be an email address for OTP_TYPE_EMAIL', {
      turnkeyErrorCode: 'INVALID_EMAIL',
    });
  if (body.otpType !== 'OTP_TYPE_EMAIL' && !E164.test(body.contact))
    throw invalidArgument(`invalid request body: contact: must be a phone number in E.164 format for ${body.otpType}`);
  const otpId = core.env.uuid();
  core.store.otps.insert({
    otpId,
    organizationId: config.organizationId,
    otpType: body.otpType,
    contact: body.contact,
    code: otpCode(core, config),
    createdAt: core.env.now(),
  });
  // The target the client encrypts the OTP to, signed by the emulator's enclave key (docs/service-behaviour.md#auth-proxy).
  const target = generateP256KeyPair(core.env.randomBytes);
  const targetPublic = Buffer.from(p256.Point.fromHex(target.publicKey).toRawBytes(false)).toString('hex');
  const data = Buffer.from(JSON.stringify({ targetPublic, organizationId: config.organizationId, otpId }), 'utf8');
  const enclavePrivate = Buffer.from(core.keys.enclave.privateKey, 'hex');
  const bundle = {
    version: 'v1.0.0',
    data: data.toString('hex'),
    dataSignature: p256.sign(sha256(data), enclavePrivate, { prehash: false }).toDERHex(),
    enclaveQuorumPublic: Buffer.from(p256.getPublicKey(enclavePrivate, false)).toString('hex'),
  };
  return { otpId, otpEncryptionTargetBundle: JSON.stringify(bundle) };
}

export function createProxyHandler(core: Core): (req: IncomingMessage, res: ServerResponse) => void {
  return (req, res) => {
    res.setHeader('X-Request-Id', core.env.uuid());
    const path = pathOf(req);
    if (path === undefined) return sendError(res, malformedTarget());
    if (cors(req, res)) return;
    if (declaresTooLarge(req, core.options.maxBodyBytes)) {
      sendError(res, bodyTooLarge(core.options.maxBodyBytes));
      return;
    }
    const op = operationsByPath.get(path);
    if (op === undefined || op.kind !== 'proxy') {
      sendError(res, notFound(`unknown operation: ${path}`));
      return;
    }
    if (req.method !== 'POST') {
      sendError(res, methodNotAllowed(`method ${req.method} is not allowed on ${path}; use POST`), { Allow: 'POST' });
      return;
    }
    void runPipeline(
      core,
      req,
      res,
      path,
      () => configFor(core, req),
      (parsed, config) => {
        const body = validateBody(op.request, parsed.json);
        const response =
          op.name === 'get_wallet_kit_config'
            ? walletKitConfig(config)
            : core.store.transaction(() => initOtp(core, config, body as { otpType: string; contact: string }));
        finish(res, parsed.fault, response);
      },
    ).catch((e: unknown) => respondWithError(core, res, e, path));
  };
}
