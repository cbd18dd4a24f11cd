// Mistakes with keys, through the real engine: an API key the organization no longer knows (on refresh and
// on up), the key of a user no policy allows to write, and an on-ramp secret encrypted to the wrong service
// key (setting wrong or unset). Each gets one message naming the key or setting, where it came from and
// what to check, without a stack trace, unless the user asks for one (`--debug`, WALLETINFRA_DEBUG=1).
// After the fix, `up` converges and `preview --expect-no-changes` passes with nothing lost or duplicated.
import { join } from 'node:path';
import { generateApiKeyPair, PRODUCTION_ON_RAMP_ENCRYPTION_PUBLIC_KEY } from '@walletinfra/sdk';
import { REPO_ROOT, run } from '../support/e2e/process';
import { configureStack, ONRAMP_SECRET, startOrganization, type TestOrganization } from '../support/e2e/organization';
import { PulumiProject } from '../support/e2e/project';
import { AdminUser, generatedKey } from '../support/emulator';
import { diagnosticsOf, expectOnce, failingOutput, occurrences, TRACE } from '../support/e2e/diagnostics';

// Generous: on a loaded 2-core machine one `pulumi up` can take minutes; nothing here waits on a timer.
jest.setTimeout(1_200_000);

const PROGRAM = join(REPO_ROOT, 'tests', 'e2e', 'programs', 'mistakes');
const KEPT = { name: 'kept', policyName: 'keys: deny exports' };

let org: TestOrganization;
let project: PulumiProject;
/** How far the service's clock runs ahead of the system's. */
let skewMs = 0;

beforeAll(async () => {
  org = await startOrganization({ clock: () => Date.now() + skewMs });
  project = await PulumiProject.create('mistakes-keys', 'e2e', { programDir: PROGRAM });
  await configureStack(project, org);
  await project.setConfig('lookup', 'true');
  await project.setConfig('policies', JSON.stringify([KEPT]));
  await project.up();
});

afterAll(async () => {
  await project?.pulumi(['destroy', '--yes', '--skip-preview', '--stack', project.stack], [0, 255]);
  project?.remove();
  await org?.close();
});

const failing = (args: readonly string[]) => failingOutput(project, args);

/** `pulumi ARGS` with WALLETINFRA_DEBUG=1 in the environment of the engine and its plugins. */
async function failingWithDebugEnv(args: readonly string[]): Promise<string> {
  const result = await run('pulumi', [...args, '--stack', project.stack, '--non-interactive'], {
    cwd: project.dir,
    env: { ...project.env, WALLETINFRA_DEBUG: '1' },
  });
  expect([1, 255]).toContain(result.code);
  return `${result.stdout}\n${result.stderr}`;
}

async function useKey(key: { publicKey: string; privateKey: string }): Promise<void> {
  await project.setConfig('walletinfra:apiPublicKey', key.publicKey);
  await project.setConfig('walletinfra:apiPrivateKey', key.privateKey, true);
}

const rootKey = () => ({ publicKey: org.apiPublicKey, privateKey: org.apiPrivateKey });
const at = () => `${org.baseUrl} (walletinfra:baseUrl from stack config walletinfra:baseUrl)`;

async function policiesNamed(name: string): Promise<number> {
  return (await org.client.listPolicies()).policies.filter((p) => p.policyName === name).length;
}

describe('an API key that expired at the service (a revoked or deleted one is answered the same way)', () => {
  const expiring = generateApiKeyPair();
  const rejected = () =>
    `API key ${expiring.publicKey} (from stack config walletinfra:apiPublicKey) is not accepted by organization ${org.organizationId} ` +
    `(from stack config walletinfra:organizationId) at ${at()}: the key may have been deleted, revoked or expired, or belong to ` +
    'another organization. Check that the key still exists in that organization, or create a new API key and set both ' +
    'walletinfra:apiPublicKey and walletinfra:apiPrivateKey (`pulumi config set --secret walletinfra:apiPrivateKey <hex>`) ' +
    '(the service said: /public/v1/query/list_policies: expired api key (HTTP 401, API_KEY_EXPIRED))';

  beforeAll(async () => {
    // A root user whose key lives an hour; the stack uses it for an `up` (refresh then runs with the
    // configuration that up recorded), then the service's clock moves past the hour.
    const added = await org.admin('POST', '/users', {
      userName: 'expiring',
      root: true,
      apiKeys: [{ apiKeyName: 'an hour', publicKey: expiring.publicKey, expirationSeconds: '3600' }],
    });
    if (added.status !== 200) throw new Error(`admin users: ${JSON.stringify(added.json)}`);
    await useKey(expiring);
    await project.up();
    skewMs = 3_601_000;
  });

  test('pulumi refresh: the key, the organization, both settings, once under the resource', async () => {
    const output = await failing(['refresh', '--yes', '--skip-preview']);
    expectOnce(output, rejected());
    expect(output).not.toContain(expiring.privateKey);
  });

  test('pulumi up: the lookup that asked fails with the same words, once', async () => {
    expectOnce(await failing(['up', '--yes', '--skip-preview']), `getPolicies: ${rejected()}`, 1);
  });

  test('pulumi preview --debug shows the stack trace of the lookup; WALLETINFRA_DEBUG=1 puts it in the message', async () => {
    expect(await failing(['preview', '--debug'])).toMatch(TRACE);
    expect(await failingWithDebugEnv(['preview'])).toMatch(TRACE);
  });

  afterAll(async () => {
    skewMs = 0;
    await useKey(rootKey());
  });
});

describe('the key of a user that no policy allows to write', () => {
  const BY_BOT = { name: 'by-bot', policyName: 'keys: by the bot' };
  let bot: { publicKey: string; privateKey: string };
  let denied: string;

  beforeAll(async () => {
    const added = await org.admin('POST', '/users', { userName: 'ci-bot', generateApiKey: true });
    if (added.status !== 200) throw new Error(`admin users: ${JSON.stringify(added.json)}`);
    bot = generatedKey(AdminUser.parse(added.json));
    denied =
      `API key ${bot.publicKey} (from stack config walletinfra:apiPublicKey) may not create_policy in organization ${org.organizationId} ` +
      `(from stack config walletinfra:organizationId): no policy of the organization allows it for the key's user, which is not a ` +
      'root user. Check the policies that would allow it (their consensus must approve this user or key, and their condition match ' +
      'the activity), or use the key of a root user (root users are not subject to policies) (the service said: ' +
      '/public/v1/submit/create_policy: request not authorized: No policies evaluated to outcome: Allow (HTTP 403, REQUEST_NOT_AUTHORIZED))';
    await useKey(bot);
    await project.setConfig('policies', JSON.stringify([KEPT, BY_BOT]));
  });

  test('up: the write fails once, naming the key, the organization, both settings and the policies to check; the lookup still reads', async () => {
    const output = await failing(['up', '--yes', '--skip-preview']);
    // Two error lines: ours under the resource, and the engine's own "update failed" under the stack.
    expectOnce(output, denied, 2);
    expect(diagnosticsOf(output)).toContain('error: update failed');
    // Reads are not subject to policies: the data source read the policies with the same key.
    expect(occurrences(output, 'getPolicies')).toBe(0);
    expect(await policiesNamed(BY_BOT.policyName)).toBe(0);
  });

  test('up --debug shows the stack trace; WALLETINFRA_DEBUG=1 does too; without either there is none (above)', async () => {
    const debug = await failing(['up', '--yes', '--skip-preview', '--debug']);
    expect(debug).toContain(`debug: walletinfra: ${denied.slice(0, 60)}`);
    expect(debug).toMatch(TRACE);
    const env = await failingWithDebugEnv(['up', '--yes', '--skip-preview']);
    expect(env).toMatch(TRACE);
  });

  test("after switching back to a root user's key, up converges with one of each policy", async () => {
    await useKey(rootKey());
    await project.up();
    await project.pulumi(['preview', '--expect-no-changes', '--stack', project.stack]);
    expect([await policiesNamed(KEPT.policyName), await policiesNamed(BY_BOT.policyName)]).toEqual([1, 1]);
  });
});

describe('a fiat on-ramp secret encrypted to a key the service does not hold', () => {
  const undecryptable = (key: string, from: string) =>
    'the service could not decrypt the on-ramp secret (secretApiKey/privateApiKey): the provider encrypted it to ' +
    `walletinfra:onRampEncryptionPublicKey = ${key} (from ${from}), which is not the key of the service at ${at()}. Against the real ` +
    'service leave the setting unset (the production key is the default); against the emulator set it to the key its ' +
    'GET /__admin/onramp-encryption-key returns';

  beforeAll(() => project.setConfig('onRamp', 'true'));

  test('the setting set to another key: named, with where the value came from and the right value to use', async () => {
    const wrong = generateApiKeyPair().publicKey;
    await project.setConfig('walletinfra:onRampEncryptionPublicKey', wrong);
    expectOnce(
      await failing(['up', '--yes', '--skip-preview']),
      undecryptable(wrong, 'stack config walletinfra:onRampEncryptionPublicKey'),
      2,
    );
  });

  test('the setting unset against the emulator: the production default is named', async () => {
    await project.removeConfig('walletinfra:onRampEncryptionPublicKey');
    expectOnce(
      await failing(['up', '--yes', '--skip-preview']),
      undecryptable(PRODUCTION_ON_RAMP_ENCRYPTION_PUBLIC_KEY, 'the default (nothing sets walletinfra:onRampEncryptionPublicKey)'),
      2,
    );
  });

  test('with the emulator key, up converges with one credential and the secret nowhere in the output', async () => {
    await project.setConfig('walletinfra:onRampEncryptionPublicKey', org.onRampEncryptionPublicKey);
    const result = await project.up();
    expect(`${result.stdout}${result.stderr}`).not.toContain(ONRAMP_SECRET);
    await project.pulumi(['preview', '--expect-no-changes', '--stack', project.stack]);
    expect((await org.client.listFiatOnRampCredentials()).fiatOnRampCredentials.length).toBe(1);
  });
});
