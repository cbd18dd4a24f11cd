// The settings schema is the one declaration of every `walletinfra:*` setting: the README's configuration
// table must list each of them with the environment variables that are read and the schema's default.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { defaultOf, envSuffix, KNOWN_KEYS, metaOf, SETTING_KEYS } from '@walletinfra/pulumi/config';

const readme = readFileSync(join(__dirname, '..', '..', '..', '..', 'provider', 'README.md'), 'utf8');
const rows = readme.split('\n').filter((l) => /^\| .* \| `walletinfra:/.test(l));

function rowOf(key: string): string[] {
  const row = rows.find((r) => r.includes(`\`walletinfra:${key}\``));
  if (row === undefined) throw new Error(`README configuration table has no row for walletinfra:${key}`);
  return row.split('|').map((c) => c.trim());
}

test('the known keys are the schema keys plus profiles, written out', () => {
  expect(KNOWN_KEYS).toEqual([
    'organizationId',
    'apiPublicKey',
    'apiPrivateKey',
    'baseUrl',
    'authProxyUrl',
    'authProxyConfigId',
    'onRampEncryptionPublicKey',
    'requestTimeoutMs',
    'maxRetries',
    'retryBudgetMs',
    'consensusTimeoutMs',
    'maxConcurrentRequests',
    'allowLoopbackWebhookUrls',
    'policyLint',
    'profiles',
  ]);
  expect(rows.length).toBe(KNOWN_KEYS.length);
});

test.each(SETTING_KEYS)('README row of walletinfra:%s names its environment variables and its default', (key) => {
  const [, , , env, fallback] = rowOf(key);
  const names = [`WALLETINFRA_${envSuffix(key)}`, ...(metaOf(key).alsoEnv !== undefined ? [metaOf(key).alsoEnv] : [])];
  expect(env).toBe(names.map((n) => `\`${n}\``).join(', '));
  if (metaOf(key).credential === true) {
    expect(fallback).toBe('required');
    return;
  }
  const value = key === 'onRampEncryptionPublicKey' || key === 'authProxyConfigId' ? undefined : defaultOf(key);
  if (value !== undefined) expect(fallback?.split(' ')[0]).toBe(`\`${String(value)}\``);
});

test('secret settings are marked secret in the table', () => {
  for (const key of SETTING_KEYS.filter((k) => metaOf(k).secret === true)) expect(rowOf(key)[1]).toContain('**secret**');
});

test('defaults written out (one place each: the sdk for endpoints, timeout and retries)', () => {
  expect([
    defaultOf('baseUrl'),
    defaultOf('authProxyUrl'),
    defaultOf('requestTimeoutMs'),
    defaultOf('maxRetries'),
    defaultOf('retryBudgetMs'),
  ]).toEqual(['https://api.turnkey.com', 'https://authproxy.turnkey.com', 30000, 3, 120000]);
});
