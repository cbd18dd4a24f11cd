// Mistakes in the stack config's keys, with the whole message written out.
import { configKeyProblems, type SettingsSources } from '@walletinfra/pulumi/config';

function sources(config: Record<string, string>, secret: string[] = []): SettingsSources {
  return {
    config: (k) => config[k],
    env: {},
    keys: () => Object.keys(config),
    isSecret: (k) => secret.includes(k),
  };
}

const KNOWN =
  'Known keys: organizationId, apiPublicKey, apiPrivateKey, baseUrl, authProxyUrl, authProxyConfigId, onRampEncryptionPublicKey, ' +
  'requestTimeoutMs, maxRetries, retryBudgetMs, consensusTimeoutMs, maxConcurrentRequests, allowLoopbackWebhookUrls, policyLint, profiles.';

test.each([
  [
    'walletinfra:organizationID',
    `unknown stack config key walletinfra:organizationID: did you mean walletinfra:organizationId? ${KNOWN} ` +
      'Rename it: `pulumi config rm walletinfra:organizationID` then `pulumi config set walletinfra:organizationId <value>`',
  ],
  [
    'walletinfra:apiPrivateKeys',
    `unknown stack config key walletinfra:apiPrivateKeys: did you mean walletinfra:apiPrivateKey? ${KNOWN} ` +
      'Rename it: `pulumi config rm walletinfra:apiPrivateKeys` then `pulumi config set --secret walletinfra:apiPrivateKey <value>`',
  ],
  [
    'walletinfra:WALLETINFRA_BASE_URL',
    `unknown stack config key walletinfra:WALLETINFRA_BASE_URL: did you mean walletinfra:baseUrl? ${KNOWN} ` +
      'Rename it: `pulumi config rm walletinfra:WALLETINFRA_BASE_URL` then `pulumi config set walletinfra:baseUrl <value>`',
  ],
  [
    'walletinfra:colour',
    `unknown stack config key walletinfra:colour: ${KNOWN} Rename it: \`pulumi config rm walletinfra:colour\` then \`pulumi config set walletinfra:<key> <value>\``,
  ],
])('%s is refused with a did-you-mean', (key, message) => {
  expect(configKeyProblems(sources({ [key]: 'x' }, [key]))).toEqual([message]);
});

test('a setting in the project namespace is found, unless ours is set too', () => {
  expect(configKeyProblems(sources({ 'my-infra:organizationId': 'o' }))).toEqual([
    'found stack config key my-infra:organizationId, which the provider does not read: did you mean walletinfra:organizationId? ' +
      'Move it: `pulumi config rm my-infra:organizationId` then `pulumi config set walletinfra:organizationId <value>`',
  ]);
  expect(configKeyProblems(sources({ 'my-infra:baseUrl': 'https://x', 'walletinfra:baseUrl': 'https://y' }))).toEqual([]);
});

test('secrets in plain text: the key, an env-style key, and private keys inside profiles', () => {
  expect(configKeyProblems(sources({ 'walletinfra:apiPrivateKey': 'ab' }))).toEqual([
    'stack config walletinfra:apiPrivateKey holds a secret in plain text (Pulumi.<stack>.yaml is usually committed): encrypt it with ' +
      '`pulumi config set --secret walletinfra:apiPrivateKey <value>`, and rotate the key if the file was ever shared',
  ]);
  expect(configKeyProblems(sources({ 'walletinfra:apiPrivateKey': 'ab' }, ['walletinfra:apiPrivateKey']))).toEqual([]);
  expect(configKeyProblems(sources({ 'my-infra:WALLETINFRA_API_PRIVATE_KEY': 'ab' }))).toEqual([
    'found stack config key my-infra:WALLETINFRA_API_PRIVATE_KEY, which the provider does not read: did you mean walletinfra:apiPrivateKey? ' +
      'Move it: `pulumi config rm my-infra:WALLETINFRA_API_PRIVATE_KEY` then `pulumi config set --secret walletinfra:apiPrivateKey <value>`',
    'stack config my-infra:WALLETINFRA_API_PRIVATE_KEY holds a secret in plain text (Pulumi.<stack>.yaml is usually committed): encrypt it with ' +
      '`pulumi config set --secret my-infra:WALLETINFRA_API_PRIVATE_KEY <value>`, and rotate the key if the file was ever shared',
  ]);
  expect(configKeyProblems(sources({ 'walletinfra:profiles': JSON.stringify({ eu: { apiPrivateKey: 'ab' } }) }))).toEqual([
    'stack config walletinfra:profiles holds API private keys in plain text (Pulumi.<stack>.yaml is usually committed): encrypt it with ' +
      "`pulumi config set --secret walletinfra:profiles <value>` (or per key: `pulumi config set --secret --path 'walletinfra:profiles.<profile>.apiPrivateKey' <value>`), " +
      'and rotate the key if the file was ever shared',
  ]);
});

test('where secrecy is not known (the provider process), nothing is claimed about it', () => {
  const s = sources({ 'walletinfra:apiPrivateKey': 'ab' });
  expect(configKeyProblems({ ...s, isSecret: () => undefined })).toEqual([]);
});
