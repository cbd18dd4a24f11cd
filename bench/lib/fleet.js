'use strict';
// What the fleet suites (7. fleet scan, 9. fleet rollout) share: an emulator of their own in a temporary data
// dir with examples/fleet's shape at hand, the fleet options file for examples/fleet's template, and the
// environment that gives walletinfra-fleet the emulator's parent credentials.
const { mkdtempSync, readFileSync } = require('node:fs');
const { tmpdir } = require('node:os');
const { join } = require('node:path');
const children = require('./children');

const ROOT = join(__dirname, '..', '..');

/**
 * Starts an emulator with a data dir of its own (`emulatorDir` under it, or the data dir itself); resolves with
 * it, its parent credentials, examples/fleet/shape.json and the recipient its policy allows.
 */
async function startFleetEmulator(prefix, emulatorDir) {
  const dataDir = mkdtempSync(join(tmpdir(), prefix));
  const emulator = await children.start('emulator', { dataDir: emulatorDir === undefined ? dataDir : join(dataDir, emulatorDir) });
  const creds = { ...emulator.info.credentials, baseUrl: emulator.info.baseUrl };
  const shape = JSON.parse(readFileSync(join(ROOT, 'examples', 'fleet', 'shape.json'), 'utf8'));
  const recipient = /eth\.tx\.to == '([^']+)'/.exec(shape.policies[0].condition)[1];
  return { dataDir, emulator, creds, shape, recipient };
}

/** fleet.yaml for examples/fleet's template: `name`, the delegated key, the template's config, then `extra` lines. */
function fleetOptions({ name, publicKey, recipient, selectorNames, delegatedProfile, extra = [] }) {
  return [
    `name: ${name}`,
    `template: ${join(ROOT, 'examples', 'fleet', 'template')}`,
    ...(selectorNames !== undefined ? ['selector:', '  names:', ...selectorNames.map((n) => `    - ${n}`)] : []),
    'delegated:',
    `  apiPublicKey: "${publicKey}"`,
    ...(delegatedProfile !== undefined ? [`  profile: ${delegatedProfile}`] : []),
    'config:',
    `  allowedRecipient: "${recipient}"`,
    `  delegatedApiPublicKey: "${publicKey}"`,
    ...extra,
    '',
  ].join('\n');
}

/** The environment variables that make walletinfra-fleet read the fleet with the emulator's parent key. */
function parentEnv(creds) {
  return {
    WALLETINFRA_ORGANIZATION_ID: creds.organizationId,
    WALLETINFRA_API_PUBLIC_KEY: creds.apiPublicKey,
    WALLETINFRA_API_PRIVATE_KEY: creds.apiPrivateKey,
    WALLETINFRA_BASE_URL: creds.baseUrl,
  };
}

module.exports = { ROOT, startFleetEmulator, fleetOptions, parentEnv };
