'use strict';
// X-Stamp headers made with node:crypto and a cached KeyObject: the fastest stamp this machine can make
// (OpenSSL, key parsed once). It is the "limit" row of the stamping table, and the load generator uses it
// to pre-stamp request bodies, so setup time stays small. The header format is docs/service-behaviour.md#request-stamps; every
// header made here is checked once against the sdk's verifyStamp before use.
const crypto = require('node:crypto');

const SCHEME = 'SIGNATURE_SCHEME_TK_API_P256';

function b64url(hex) {
  return Buffer.from(hex, 'hex').toString('base64url');
}

/** KeyObjects for a P-256 API key given as hex (compressed public, 32-byte private scalar). */
function keyObjects({ publicKey, privateKey }) {
  const uncompressed = crypto.ECDH.convertKey(publicKey, 'prime256v1', 'hex', 'hex', 'uncompressed');
  const jwk = { kty: 'EC', crv: 'P-256', x: b64url(uncompressed.slice(2, 66)), y: b64url(uncompressed.slice(66, 130)) };
  return {
    privateKey: crypto.createPrivateKey({ key: { ...jwk, d: b64url(privateKey) }, format: 'jwk' }),
    publicKey: crypto.createPublicKey({ key: jwk, format: 'jwk' }),
  };
}

/** A stamper `(body) => headerValue` over node:crypto with the key parsed once. */
function nodeStamper(pair) {
  const { privateKey } = keyObjects(pair);
  const publicKey = pair.publicKey.toLowerCase();
  return (body) => {
    const signature = crypto.sign('sha256', Buffer.from(body, 'utf8'), privateKey).toString('hex');
    return Buffer.from(JSON.stringify({ publicKey, scheme: SCHEME, signature }), 'utf8').toString('base64url');
  };
}

/** A verifier `(headerValue, body) => boolean` over node:crypto with the key parsed once. */
function nodeVerifier(pair) {
  const { publicKey } = keyObjects(pair);
  return (headerValue, body) => {
    const stamp = JSON.parse(Buffer.from(headerValue, 'base64url').toString('utf8'));
    return crypto.verify('sha256', Buffer.from(body, 'utf8'), publicKey, Buffer.from(stamp.signature, 'hex'));
  };
}

module.exports = { nodeStamper, nodeVerifier, keyObjects };
