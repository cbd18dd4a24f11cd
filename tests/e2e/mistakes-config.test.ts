// Configuration mistakes of a user's first week, through the real engine: each is answered before any
// request, once, without a stack trace, naming the setting, the value and the fix; after the fix, `up`
// converges and `preview --expect-no-changes` passes with nothing lost or duplicated.
import { join } from 'node:path';
import { diagnosticsOf, expectOnce, failingOutput, occurrences } from '../support/e2e/diagnostics';
import { useTestStack } from '../support/e2e/stack';

// Generous: on a loaded 2-core machine one `pulumi preview` can take minutes; nothing here waits on a timer.
jest.setTimeout(1_200_000);

const e2e = useTestStack('mistakes-config', {
  program: 'mistakes',
  config: { policies: JSON.stringify([{ name: 'deny-exports', policyName: 'mistakes: deny exports' }]), lookup: 'true' },
  destroy: true,
});

/** expectOnce, and the message is the run's only error. */
function expectOnlyError(output: string, message: string): void {
  expectOnce(output, message);
  expect({ errors: occurrences(diagnosticsOf(output), 'error: '), output }).toEqual({ errors: 1, output });
}

async function policiesNamed(name: string): Promise<number> {
  return (await e2e.org.client.listPolicies()).policies.filter((p) => p.policyName === name).length;
}

// A key under the wrong name: the right key is removed and the wrong one set to the organization's value.
test.each([
  {
    // The endpoint typo that used to fall back to production.
    title: 'a typo in a walletinfra:* key is refused before any request, with a did-you-mean',
    right: 'walletinfra:baseUrl',
    wrong: 'walletinfra:baseURL',
    field: 'baseUrl' as const,
    message:
      'walletinfra configuration: unknown stack config key walletinfra:baseURL: did you mean walletinfra:baseUrl? Known keys: ' +
      'organizationId, apiPublicKey, apiPrivateKey, baseUrl, authProxyUrl, authProxyConfigId, onRampEncryptionPublicKey, ' +
      'requestTimeoutMs, maxRetries, retryBudgetMs, consensusTimeoutMs, maxConcurrentRequests, allowLoopbackWebhookUrls, policyLint, profiles. ' +
      'Rename it: `pulumi config rm walletinfra:baseURL` then `pulumi config set walletinfra:baseUrl <value>`',
  },
  {
    title: 'organizationId set without the walletinfra: namespace is found and named',
    right: 'walletinfra:organizationId',
    wrong: 'organizationId',
    field: 'organizationId' as const,
    message:
      'walletinfra configuration: found stack config key walletinfra-baseline:organizationId, which the provider does not read: ' +
      'did you mean walletinfra:organizationId? Move it: `pulumi config rm walletinfra-baseline:organizationId` then ' +
      '`pulumi config set walletinfra:organizationId <value>`',
  },
  ...(['organizationId', 'apiPrivateKey'] as const).map((field) => ({
    title: `walletinfra:${field} typed as walletinfra:${field === 'organizationId' ? 'organizationID' : 'apiPrivateKeys'} is named, with a did-you-mean`,
    right: `walletinfra:${field}`,
    wrong: `walletinfra:${field === 'organizationId' ? 'organizationID' : 'apiPrivateKeys'}`,
    field,
    message:
      `walletinfra configuration: unknown stack config key walletinfra:${field === 'organizationId' ? 'organizationID' : 'apiPrivateKeys'}: ` +
      `did you mean walletinfra:${field}? Known keys: organizationId, apiPublicKey, apiPrivateKey, baseUrl, authProxyUrl, ` +
      'authProxyConfigId, onRampEncryptionPublicKey, requestTimeoutMs, maxRetries, retryBudgetMs, consensusTimeoutMs, ' +
      'maxConcurrentRequests, allowLoopbackWebhookUrls, policyLint, profiles. Rename it: ' +
      `\`pulumi config rm walletinfra:${field === 'organizationId' ? 'organizationID' : 'apiPrivateKeys'}\` then ` +
      `\`pulumi config set ${field === 'apiPrivateKey' ? '--secret ' : ''}walletinfra:${field} <value>\``,
  })),
])('$title', async ({ right, wrong, field, message }) => {
  // Secrets stay secrets, also under the wrong name.
  const secret = field === 'apiPrivateKey';
  await e2e.project.removeConfig(right);
  await e2e.project.setConfig(wrong, e2e.org[field], secret);
  expectOnlyError(await failingOutput(e2e.project, ['preview']), message);
  await e2e.project.removeConfig(wrong);
  await e2e.project.setConfig(right, e2e.org[field], secret);
});

test('baseUrl without a scheme, or ending in /public/v1, is refused naming the setting and the value', async () => {
  await e2e.project.setConfig('walletinfra:baseUrl', e2e.org.baseUrl.replace(/^http:\/\//, ''));
  expectOnlyError(
    await failingOutput(e2e.project, ['preview']),
    `walletinfra configuration: baseUrl from stack config walletinfra:baseUrl must be an absolute URL starting with http:// or https://, ` +
      `got "${e2e.org.baseUrl.replace(/^http:\/\//, '')}"; set it with \`pulumi config set walletinfra:baseUrl <value>\``,
  );
  await e2e.project.setConfig('walletinfra:baseUrl', `${e2e.org.baseUrl}/public/v1`);
  expectOnlyError(
    await failingOutput(e2e.project, ['preview']),
    `walletinfra configuration: baseUrl from stack config walletinfra:baseUrl must not end with /public/v1 (every operation's path ` +
      `starts with it); use ${e2e.org.baseUrl}, got "${e2e.org.baseUrl}/public/v1"; set it with \`pulumi config set walletinfra:baseUrl <value>\``,
  );
  await e2e.project.setConfig('walletinfra:baseUrl', `${e2e.org.baseUrl}/`);
});

test('a malformed number is one line naming setting, value and fix', async () => {
  await e2e.project.setConfig('walletinfra:requestTimeoutMs', '30s');
  expectOnlyError(
    await failingOutput(e2e.project, ['preview']),
    'walletinfra configuration: requestTimeoutMs from stack config walletinfra:requestTimeoutMs must be an integer >= 1 (milliseconds), ' +
      'got "30s"; set it with `pulumi config set walletinfra:requestTimeoutMs <value>`',
  );
  await e2e.project.removeConfig('walletinfra:requestTimeoutMs');
});

test('the API private key in plain config is refused with the exact --secret command', async () => {
  await e2e.project.setConfig('walletinfra:apiPrivateKey', e2e.org.apiPrivateKey);
  const output = await failingOutput(e2e.project, ['preview']);
  expectOnlyError(
    output,
    'walletinfra configuration: stack config walletinfra:apiPrivateKey holds a secret in plain text (Pulumi.<stack>.yaml is usually ' +
      'committed): encrypt it with `pulumi config set --secret walletinfra:apiPrivateKey <value>`, and rotate the key if the file was ever shared',
  );
  expect(output).not.toContain(e2e.org.apiPrivateKey);
  await e2e.project.setConfig('walletinfra:apiPrivateKey', e2e.org.apiPrivateKey, true);
});

test("a profile's key set without --secret beside another's set with it is refused, naming the key, the file and the fix", async () => {
  // Pulumi marks all of walletinfra:profiles secret once one leaf is encrypted; the plain leaf is found in the file.
  const p = e2e.project;
  const plainKey = 'cd'.repeat(32);
  // The plain leaves in one run; the secret one through stdin, so that it never shows in a failing command line.
  const plain = {
    ...Object.fromEntries(
      ['prod', 'dev'].flatMap((profile) => [
        [`walletinfra:profiles.${profile}.organizationId`, e2e.org.organizationId],
        [`walletinfra:profiles.${profile}.apiPublicKey`, e2e.org.apiPublicKey],
      ]),
    ),
    'walletinfra:profiles.dev.apiPrivateKey': plainKey,
  };
  await p.pulumi([
    'config',
    'set-all',
    '--path',
    ...Object.entries(plain).flatMap(([k, v]) => ['--plaintext', `${k}=${v}`]),
    '--stack',
    p.stack,
  ]);
  await p.pulumi(
    ['config', 'set', '--path', '--secret', 'walletinfra:profiles.prod.apiPrivateKey', '--stack', p.stack],
    0,
    e2e.org.apiPrivateKey,
  );
  const output = await failingOutput(p, ['preview']);
  expectOnce(
    output,
    'stack config walletinfra:profiles.dev.apiPrivateKey holds an API private key in plain text in ' +
      `${join(p.dir, `Pulumi.${p.stack.split('/').pop()}.yaml`)} (Pulumi marks walletinfra:profiles secret as a whole because ` +
      'another of its keys is encrypted, but this one is not): encrypt it with ' +
      "`pulumi config set --secret --path 'walletinfra:profiles.dev.apiPrivateKey' <value>`",
    1,
  );
  expect(output).not.toContain(plainKey);
  expect(output).not.toContain(e2e.org.apiPrivateKey);
  await p.removeConfig('walletinfra:profiles');
});

test('after the fixes, up converges and a second preview shows no changes', async () => {
  await e2e.project.up();
  await e2e.project.pulumi(['preview', '--expect-no-changes', '--stack', e2e.project.stack]);
  expect(await policiesNamed('mistakes: deny exports')).toBe(1);
});
