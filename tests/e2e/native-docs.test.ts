// What the native provider's docs tell a newcomer to type runs as written, through the real CLI and Pulumi's
// language hosts against the emulator: provider/README.md's "Install the plugin" (the plugin packed from this
// clone and installed into Pulumi's plugin cache) and its quick starts in YAML, Python and Go, every command run
// as the README writes it (placeholders replaced with the emulator organization's values); then, in the same
// project of each language (and a TypeScript one on the generated Node.js SDK), every example of
// docs/native/*.md as its page writes it, all examples of a language in one program: one `pulumi up` (and in
// YAML one `pulumi destroy`, which runs no program). Before that `up`, in each language, the API private key set
// as plain stack config is refused with the message that names the fix, and nothing is written (on a stack that
// ran before in YAML, Python and Go; on a new one in TypeScript). In YAML, the README's `pulumi import` and its
// way to destroy what import protected.
//
// What differs from a user's machine is the environment only: no network (Go modules from the module cache,
// Python packages from the wheels scripts/ensure-pulumi.sh keeps), the emulator's endpoint in WALLETINFRA_*,
// PULUMI_SKIP_CONFIRMATIONS for the prompts, and this checkout standing for the clone the README makes.
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { generateApiKeyPair } from '@walletinfra/sdk';
import { KINDS } from '@walletinfra/pulumi/resources/kinds';
import type { ProgramLanguage } from '@walletinfra/pulumi/native/examples';
import { startOrganization, type TestOrganization } from '../support/e2e/organization';
import { REPO_ROOT, cleanEnv, pulumiBinDir, run, type RunResult } from '../support/e2e/process';
import { stepTimings } from '../support/e2e/timings';
import { PASSPHRASE } from '../support/e2e/project';
import {
  builtNodejsSdk,
  linkNodejsSdk,
  prepareGoPrograms,
  pythonVenv,
  typeCheckProgram,
  typeScriptPulumiYaml,
  writeTypeScriptConfig,
} from '../support/e2e/native';
import { expectOnce } from '../support/e2e/diagnostics';
import { runHoldingPackLock } from '../support/e2e/packed';
import {
  bashArgs,
  codeBlocks,
  docExampleCommands,
  docExamples,
  examplesProject,
  markdownSection,
  runCommands,
  substituted,
} from '../support/e2e/docs';

jest.setTimeout(3_600_000);

const WORK = join(REPO_ROOT, '.data', 'e2e', `native-docs-${process.pid}`);
const README = readFileSync(join(REPO_ROOT, 'provider', 'README.md'), 'utf8');
const VERSION = (JSON.parse(readFileSync(join(REPO_ROOT, 'provider', 'package.json'), 'utf8')) as { version: string }).version;
const { timed, summary } = stepTimings('native docs e2e');

afterAll(() => {
  process.stdout.write(summary());
  if (process.env.WALLETINFRA_E2E_KEEP !== '1') rmSync(WORK, { recursive: true, force: true });
});

/** The wheels scripts/ensure-pulumi.sh downloaded for Python programs (pip reads them instead of PyPI). */
function wheelsDir(): string {
  pythonVenv();
  return join(process.env.WALLETINFRA_TOOLS_CACHE ?? join(homedir(), '.cache', 'walletinfra'), 'python', 'pulumi-v3.248.0-wheels');
}

/** The environment of every command: a user's, with the differences the file's header lists. */
function environment(org?: TestOrganization): NodeJS.ProcessEnv {
  return {
    ...cleanEnv(),
    PATH: `${pulumiBinDir()}:${process.env.PATH ?? ''}`,
    PULUMI_HOME: join(WORK, 'pulumi-home'),
    PULUMI_BACKEND_URL: `file://${join(WORK, 'state')}`,
    PULUMI_CONFIG_PASSPHRASE: PASSPHRASE,
    PULUMI_SKIP_UPDATE_CHECK: 'true',
    PULUMI_SKIP_CONFIRMATIONS: 'true',
    // The plugin the README installs, not the one npm links into node_modules/.bin (on jest's PATH, not a user's).
    PULUMI_IGNORE_AMBIENT_PLUGINS: 'true',
    GOPROXY: 'off',
    GOSUMDB: 'off',
    GOFLAGS: '-mod=mod',
    PIP_NO_INDEX: '1',
    PIP_FIND_LINKS: wheelsDir(),
    PIP_DISABLE_PIP_VERSION_CHECK: '1',
    ...(org !== undefined
      ? {
          WALLETINFRA_BASE_URL: org.baseUrl,
          WALLETINFRA_ON_RAMP_ENCRYPTION_PUBLIC_KEY: org.onRampEncryptionPublicKey,
          WALLETINFRA_ALLOW_LOOPBACK_WEBHOOK_URLS: 'true',
        }
      : {}),
  };
}

function mustSucceed(what: string, result: RunResult): RunResult {
  if (result.code !== 0)
    throw new Error(`${what} exited ${result.code}\n--- stdout ---\n${result.stdout}\n--- stderr ---\n${result.stderr}`);
  return result;
}

beforeAll(() => {
  mkdirSync(join(WORK, 'state'), { recursive: true });
  prepareGoPrograms();
});

/** This checkout is the clone: the lines that make one are what the test does not run. */
const CLONE = ['git clone https://github.com/walletinfra/walletinfra.git', 'cd walletinfra', 'npm ci'];

test('"Install the plugin": packed from the clone and installed into the plugin cache, as the README says', async () => {
  const [install] = codeBlocks(markdownSection(README, '### Install the plugin')).filter((b) => b.lang === 'sh');
  const lines = install!.code.trimEnd().split('\n');
  expect(lines.slice(0, CLONE.length)).toEqual(CLONE);
  // Holding the lock of the other files' pack of the workspaces (../support/e2e/packed.ts): both rebuild dist/.
  const commands = lines.slice(CLONE.length).join('\n');
  await timed('plugin: pack and install', async () =>
    mustSucceed(
      'the plugin install commands',
      await runHoldingPackLock('bash', bashArgs(commands), { cwd: REPO_ROOT, env: environment() }),
    ),
  );
  const listed = mustSucceed('pulumi plugin ls', await run('pulumi', ['plugin', 'ls', '--json'], { cwd: WORK, env: environment() }));
  expect(
    (JSON.parse(listed.stdout) as Array<{ name: string; kind: string; version: string }>).map((p) => [p.name, p.kind, p.version]),
  ).toContainEqual(['walletinfra', 'resource', VERSION]);
});

interface Org {
  org: TestOrganization;
  /** The user the stack signs as, and users made by hand for the examples' config (alice with a key of her own). */
  users: { stack: string; alice: string; bob: string; ci: string };
}

/** A new organization, as a newcomer's first one: its root user and key, and users for the examples' config. */
async function organization(): Promise<Org> {
  const org = await startOrganization({ seed: false });
  const c = org.client;
  const stack = (await c.listUsers({})).users.find((u) => u.apiKeys.some((k) => k.credential.publicKey === org.apiPublicKey))!.userId;
  const made = async (userName: string, withKey: boolean): Promise<string> => {
    const apiKeys = withKey
      ? [{ apiKeyName: `${userName}'s key`, publicKey: generateApiKeyPair().publicKey, curveType: 'API_KEY_CURVE_P256' as const }]
      : [];
    return (await c.createUsers({ users: [{ userName, apiKeys, authenticators: [], oauthProviders: [], userTags: [] }] })).result
      .userIds[0]!;
  };
  return { org, users: { stack, alice: await made('alice', true), bob: await made('bob', false), ci: await made('ci', false) } };
}

/** What the README's and the pages' placeholders stand for in this organization. */
function placeholderValues({ org, users }: Org): Record<string, string> {
  return {
    '<org-id>': org.organizationId,
    '<66 hex chars>': org.apiPublicKey,
    '<64 hex chars>': org.apiPrivateKey,
    '<your userId>': users.stack,
    '<userId of alice>': users.alice,
    '<userId of bob>': users.bob,
    '<userId>': users.ci,
    '<secret API key>': 'sk_test_docs_example_secret',
  };
}

interface Language {
  language: ProgramLanguage;
  title: string;
  /** The README's quick start section, or undefined (TypeScript: prepared like native-languages.test.ts). */
  quickStart?: string;
  /** The project file for the examples, when the quick start's holds its program (YAML). */
  examplesPulumiYaml?: string;
}

const LANGUAGES: Language[] = [
  { language: 'yaml', title: 'YAML', quickStart: '### Quick start: YAML', examplesPulumiYaml: 'name: walletinfra-yaml\nruntime: yaml\n' },
  { language: 'python', title: 'Python', quickStart: '### Quick start: Python' },
  { language: 'go', title: 'Go', quickStart: '### Quick start: Go' },
  { language: 'typescript', title: 'TypeScript' },
];

/** `pulumi ARGS` in the project directory, on its one stack. */
function pulumi(dir: string, env: NodeJS.ProcessEnv, args: readonly string[]): Promise<RunResult> {
  return run('pulumi', [...args, '--non-interactive'], { cwd: dir, env });
}

const PLAIN_KEY_MESSAGE =
  'stack config walletinfra:apiPrivateKey holds a secret in plain text (Pulumi.<stack>.yaml is usually committed): ' +
  'encrypt it with `pulumi config set --secret walletinfra:apiPrivateKey <value>`, and rotate the key if the file was ever shared';

describe.each(LANGUAGES)('$title', (lang) => {
  let o: Org;
  let dir: string;
  let env: NodeJS.ProcessEnv;

  beforeAll(async () => {
    o = await organization();
    dir = join(WORK, lang.language);
    mkdirSync(dir, { recursive: true });
    env = environment(o.org);
  });

  afterAll(async () => {
    await o?.org.close();
  });

  /** The ids of the organization's last activities: the same before and after a run that writes nothing. */
  const activities = async () =>
    (await o.org.client.listActivities({ paginationOptions: { limit: '100' } })).activities.map((a) => a.id).sort();

  if (lang.quickStart !== undefined) {
    test('the quick start runs as written: its files, its commands, `pulumi up`', async () => {
      for (const block of codeBlocks(markdownSection(README, lang.quickStart!))) {
        if (block.file !== undefined) writeFileSync(join(dir, block.file), block.code);
        else if (block.lang === 'sh') {
          const script = substituted(block.code, placeholderValues(o));
          mustSucceed(
            `the ${lang.title} quick start's commands`,
            await timed(`${lang.title} quick start: ${script.split('\n')[0]}`, () => runCommands(script, dir, env)),
          );
        } else throw new Error(`the ${lang.title} quick start has a ${block.lang} block that names no file`);
      }
      const outputs = JSON.parse(
        mustSucceed('pulumi stack output', await pulumi(dir, env, ['stack', 'output', '--json'])).stdout,
      ) as Record<string, unknown>;
      const policy = (await o.org.client.listPolicies({})).policies.find((p) => p.policyId === outputs.policyId);
      expect(policy?.policyName).toBe('Deny private key exports');
    });
  } else {
    test('a project on the generated Node.js SDK, its stack configured', async () => {
      linkNodejsSdk(dir, await timed('nodejs sdk', () => builtNodejsSdk(VERSION)));
      writeTypeScriptConfig(dir);
      writeFileSync(join(dir, 'Pulumi.yaml'), typeScriptPulumiYaml('walletinfra-typescript'));
      const { org } = o;
      const script = [
        'pulumi stack init dev',
        `pulumi config set walletinfra:organizationId ${org.organizationId}`,
        `pulumi config set walletinfra:apiPublicKey ${org.apiPublicKey}`,
        `pulumi config set --secret walletinfra:apiPrivateKey ${org.apiPrivateKey}`,
      ].join('\n');
      mustSucceed('the TypeScript project', await runCommands(script, dir, env));
    });
  }

  test('an API private key set as plain stack config: `pulumi up` refuses it, naming the fix, and writes nothing', async () => {
    if (lang.examplesPulumiYaml !== undefined) writeFileSync(join(dir, 'Pulumi.yaml'), lang.examplesPulumiYaml);
    for (const [file, text] of Object.entries(examplesProject(lang.language, docExamples(lang.language))))
      writeFileSync(join(dir, file), text);
    if (lang.language === 'typescript') {
      const checked = await typeCheckProgram(dir);
      expect(checked.stdout).toBe('');
    }
    // New code, new imports: the quick start's command after writing the program, run again.
    if (lang.language === 'go') mustSucceed('go mod tidy', await runCommands('go mod tidy', dir, env));
    mustSucceed(
      "the examples' config commands",
      await runCommands(substituted(docExampleCommands().join('\n'), placeholderValues(o)), dir, env),
    );

    mustSucceed('pulumi config set', await pulumi(dir, env, ['config', 'set', 'walletinfra:apiPrivateKey', o.org.apiPrivateKey]));
    const before = await activities();
    const up = await timed(`${lang.title} up (plain key)`, () => pulumi(dir, env, ['up']));
    expect(up.code).not.toBe(0);
    expectOnce(`${up.stdout}\n${up.stderr}`, PLAIN_KEY_MESSAGE);
    // Nor a trace of the language's own (expectOnce looks for JavaScript's), except one: when a deployment fails,
    // Pulumi's Python language host interrupts a program still waiting on the engine (SIGINT), and Python prints the
    // KeyboardInterrupt that raises (and nothing else: a trace of any other exception is counted). Whether the program
    // was still waiting depends on timing; the trace is the engine's stopping it, not the error.
    const text = `${up.stdout}\n${up.stderr}`;
    expect(text).not.toMatch(/panic:|goroutine \d/);
    const traces = text.match(/Traceback \(most recent call last\)/g)?.length ?? 0;
    const interrupts = text.match(/^\s*(?:pulumi:pulumi:Stack \S+ running\s+)?KeyboardInterrupt$/gm)?.length ?? 0;
    expect(traces).toBe(lang.language === 'python' ? interrupts : 0);
    expect(await activities()).toEqual(before);
  });

  test('every example of docs/native runs as written: one `up` makes an object of every kind (in YAML, `destroy` removes them)', async () => {
    mustSucceed(
      'pulumi config set --secret',
      await pulumi(dir, env, ['config', 'set', '--secret', 'walletinfra:apiPrivateKey', o.org.apiPrivateKey]),
    );
    mustSucceed(`${lang.title} up (examples)`, await timed(`${lang.title} up (examples)`, () => pulumi(dir, env, ['up'])));
    const state = mustSucceed('pulumi stack export', await pulumi(dir, env, ['stack', 'export'])).stdout;
    const types = [...state.matchAll(/"type": "(walletinfra:index:[A-Za-z]+)"/g)].map((m) => m[1]);
    expect([...new Set(types)].sort()).toEqual(KINDS.map((k) => k.nativeToken).sort());
    expect(state).not.toContain('sk_test_docs_example_secret');
    const c = o.org.client;
    expect((await c.listPolicies({})).policies.map((p) => p.policyName)).toContain('Deny private key exports');
    expect((await c.getOrganizationConfigs({})).configs.quorum?.userIds.sort()).toEqual([o.users.stack, o.users.alice].sort());

    // `pulumi destroy` runs no program: what it does is the same whatever the stack's language, so one language
    // proves it (each language's organization is discarded with its emulator).
    if (lang.language !== 'yaml') return;
    mustSucceed(`${lang.title} destroy`, await timed(`${lang.title} destroy`, () => pulumi(dir, env, ['destroy'])));
    expect((await c.listPolicies({})).policies.map((p) => p.policyName)).not.toContain('Deny private key exports');
    expect((await c.listWebhookEndpoints({})).webhookEndpoints).toEqual([]);
  });

  if (lang.language === 'yaml') {
    test('`pulumi import` as the README writes it protects what it imports; its way to destroy then deletes it', async () => {
      const section = markdownSection(README, '### `pulumi import`');
      const [imports, unprotect] = codeBlocks(section).filter((b) => b.lang === 'sh');
      const importPolicy = imports!.code.split('\n').find((l) => l.startsWith('pulumi import walletinfra:index:Policy '))!;
      const { policyId } = (
        await o.org.client.createPolicy({
          policyName: 'Made by hand',
          effect: 'EFFECT_DENY',
          condition: "activity.action == 'EXPORT'",
          notes: '',
        })
      ).result;
      mustSucceed('pulumi stack init', await pulumi(dir, env, ['stack', 'init', 'imported']));
      for (const key of ['walletinfra:organizationId', 'walletinfra:apiPublicKey']) {
        mustSucceed(
          'pulumi config set',
          await pulumi(dir, env, ['config', 'set', key, key.endsWith('Id') ? o.org.organizationId : o.org.apiPublicKey]),
        );
      }
      mustSucceed(
        'pulumi config set',
        await pulumi(dir, env, ['config', 'set', '--secret', 'walletinfra:apiPrivateKey', o.org.apiPrivateKey]),
      );
      mustSucceed('the import', await runCommands(substituted(importPolicy, { '<policyId>': policyId }), dir, env));

      const refused = await pulumi(dir, env, ['destroy']);
      expect(refused.code).not.toBe(0);
      expect(`${refused.stdout}${refused.stderr}`.replace(/\s+/g, ' ')).toContain('cannot be deleted because it is protected');
      expect((await o.org.client.listPolicies({})).policies.map((p) => p.policyId)).toContain(policyId);

      mustSucceed("the README's way to destroy it", await runCommands(substituted(unprotect!.code, {}), dir, env));
      expect((await o.org.client.listPolicies({})).policies.map((p) => p.policyId)).not.toContain(policyId);
    });
  }
});
