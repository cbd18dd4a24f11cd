// The native provider end to end, through the real CLI and its language hosts against the emulator: a
// YAML program (the schema's types used directly, the plugin installed from its packed tarball with
// `pulumi plugin install`), a Python and a Go program (on the SDKs `pulumi package gen-sdk` generates
// from the plugin's schema, the plugin found through `plugins.providers` in Pulumi.yaml). Each creates a
// Policy with a secret note: `up`, then `preview --expect-no-changes`, then `destroy`. The state keeps
// the note encrypted; the policy exists at the service between `up` and `destroy`, and not after.
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { startOrganization, type TestOrganization } from '../support/e2e/organization';
import { REPO_ROOT, cleanEnv, run } from '../support/e2e/process';
import { PulumiProject } from '../support/e2e/project';
import { generateSdk, installPythonSdk, pluginsSection, prepareGoPrograms, pythonVenv, writeGoSdkModule } from '../support/e2e/native';

jest.setTimeout(1_800_000);

const WORK = join(REPO_ROOT, '.data', 'e2e', `native-languages-${process.pid}`);
const SDK_DIR = join(WORK, 'sdk');
const PROGRAMS = join(REPO_ROOT, 'tests', 'e2e', 'programs');
/** Seconds each step took, printed at the end (the report of how long each language's `up` takes). */
const timings: Record<string, number> = {};

async function timed<T>(label: string, step: () => Promise<T>): Promise<T> {
  const started = Date.now();
  try {
    return await step();
  } finally {
    timings[label] = (Date.now() - started) / 1000;
  }
}

afterAll(() => {
  process.stdout.write(`native provider timings (s): ${JSON.stringify(timings)}\n`);
  if (process.env.WALLETINFRA_E2E_KEEP !== '1') rmSync(WORK, { recursive: true, force: true });
});

/** The provider's settings for the emulator organization, as a user sets them (the key as a secret). */
async function configure(project: PulumiProject, org: TestOrganization): Promise<void> {
  await project.setConfig('walletinfra:organizationId', org.organizationId);
  await project.setConfig('walletinfra:apiPublicKey', org.apiPublicKey);
  await project.setConfig('walletinfra:apiPrivateKey', org.apiPrivateKey, true);
  await project.setConfig('walletinfra:baseUrl', org.baseUrl);
}

/**
 * up, preview --expect-no-changes, destroy, with what each leaves at the service and in the state. The
 * note is declared secret by the program: the state holds it encrypted, the output shows it as a secret.
 */
async function lifecycle(language: string, project: PulumiProject, org: TestOrganization, note: string): Promise<void> {
  await timed(`${language} up`, () => project.up());
  const outputs = await project.outputs();
  const policy = (await org.client.listPolicies({})).policies.find((p) => p.policyId === outputs.policyId);
  expect(policy).toMatchObject({
    policyName: `Deny private key exports (${language})`,
    effect: 'EFFECT_DENY',
    condition: "activity.resource == 'PRIVATE_KEY' && activity.action == 'EXPORT'",
    notes: note,
  });
  expect(outputs.notes).toBe('[secret]');
  const state = (await project.pulumi(['stack', 'export', '--stack', project.stack])).stdout;
  expect(state).toContain('"type": "walletinfra:index:Policy"');
  expect(state).not.toContain(note);

  await timed(`${language} preview`, () => project.pulumi(['preview', '--expect-no-changes', '--stack', project.stack]));
  await timed(`${language} destroy`, () => project.pulumi(['destroy', '--yes', '--skip-preview', '--stack', project.stack]));
  expect((await org.client.listPolicies({})).policies.map((p) => p.policyId)).not.toContain(outputs.policyId);
}

describe('YAML, with the plugin installed from its packed tarball', () => {
  let org: TestOrganization;
  let project: PulumiProject;

  beforeAll(async () => {
    org = await startOrganization();
    project = await PulumiProject.create('native-yaml', 'e2e', {
      programDir: join(PROGRAMS, 'native-yaml'),
      pulumiYaml: 'name: native-yaml\nruntime: yaml\n',
    });
    const packed = await timed('pack plugin', () =>
      run('bash', [join(REPO_ROOT, 'scripts', 'pack-plugin.sh'), '--out', join(WORK, 'plugin')], { cwd: REPO_ROOT, env: cleanEnv() }),
    );
    if (packed.code !== 0) throw new Error(`scripts/pack-plugin.sh exited ${packed.code}\n${packed.stderr}`);
    const tarball = packed.stdout.trim().split('\n').pop() ?? '';
    const version = (JSON.parse(readFileSync(join(REPO_ROOT, 'provider', 'package.json'), 'utf8')) as { version: string }).version;
    await project.pulumi(['plugin', 'install', 'resource', 'walletinfra', version, '-f', tarball]);
    // The installed plugin, not a `pulumi-resource-walletinfra` that npm linked onto PATH (node_modules/.bin).
    project.env.PULUMI_IGNORE_AMBIENT_PLUGINS = 'true';
    await configure(project, org);
  });

  afterAll(async () => {
    project?.remove();
    await org?.close();
  });

  test('up, no changes, destroy', async () => {
    await lifecycle('YAML', project, org, 'set from a YAML program');
  });
});

describe('Python, on the generated SDK, with the plugin from plugins.providers', () => {
  let org: TestOrganization;
  let project: PulumiProject;

  beforeAll(async () => {
    const sdk = await timed('gen-sdk python', () => generateSdk('python', SDK_DIR));
    org = await startOrganization();
    project = await PulumiProject.create('native-python', 'e2e', {
      programDir: join(PROGRAMS, 'native-python'),
      pulumiYaml: [
        'name: native-python',
        'runtime:',
        '  name: python',
        '  options:',
        '    toolchain: pip',
        `    virtualenv: ${pythonVenv()}`,
        pluginsSection(),
      ].join('\n'),
    });
    const site = join(project.dir, 'sdk-site');
    await timed('install python sdk', () => installPythonSdk(sdk.dir, site));
    project.env.PYTHONPATH = site;
    await configure(project, org);
  });

  afterAll(async () => {
    project?.remove();
    await org?.close();
  });

  test('up, no changes, destroy', async () => {
    await lifecycle('Python', project, org, 'set from a Python program');
  });
});

describe('Go, on the generated SDK, with the plugin from plugins.providers', () => {
  let org: TestOrganization;
  let project: PulumiProject;

  beforeAll(async () => {
    await timed('gen-sdk go', () => generateSdk('go', SDK_DIR));
    const sdkModule = writeGoSdkModule(SDK_DIR);
    org = await startOrganization();
    project = await PulumiProject.create('native-go', 'e2e', {
      programDir: join(PROGRAMS, 'native-go'),
      pulumiYaml: ['name: native-go', 'runtime: go', pluginsSection()].join('\n'),
    });
    writeFileSync(
      join(project.dir, 'go.mod'),
      ['module native-go', '', 'go 1.25', '', `require ${sdkModule} v0.0.0`, '', `replace ${sdkModule} => ${SDK_DIR}`, ''].join('\n'),
    );
    // Only modules already in the module cache (scripts/ensure-pulumi.sh --go-programs downloaded and
    // verified them): no network from a test.
    prepareGoPrograms();
    Object.assign(project.env, { GOPROXY: 'off', GOSUMDB: 'off', GOFLAGS: '-mod=mod' });
    const tidy = await timed('go mod tidy', () => run('go', ['mod', 'tidy'], { cwd: project.dir, env: project.env }));
    if (tidy.code !== 0) throw new Error(`go mod tidy exited ${tidy.code}\n${tidy.stderr}`);
    await configure(project, org);
  });

  afterAll(async () => {
    project?.remove();
    await org?.close();
  });

  test('up, no changes, destroy', async () => {
    await lifecycle('Go', project, org, 'set from a Go program');
  });
});

test('the Node.js SDK generates from the same schema', async () => {
  const sdk = await timed('gen-sdk nodejs', () => generateSdk('nodejs', SDK_DIR));
  expect(existsSync(join(sdk.dir, 'policy.ts'))).toBe(true);
  expect(readFileSync(join(sdk.dir, 'policy.ts'), 'utf8')).toContain('aliases: [{ type: "pulumi-nodejs:dynamic/walletinfra:Policy" }]');
});
