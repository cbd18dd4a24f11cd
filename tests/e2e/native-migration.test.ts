// A stack of dynamic resources moves to the native provider with nothing created, deleted or replaced at the
// service, through the real CLI against the emulator. The program (one resource of every kind in KINDS) is
// first written on the dynamic classes of @walletinfra/pulumi and brought up; the move is what the README's
// "Moving a stack to the native provider" says: the plugin in Pulumi.yaml, the generated Node.js SDK
// installed, and the program's import changed from `@walletinfra/pulumi` to `@walletinfra/pulumi-native`
// (the classes keep their names and arguments). Every native type is aliased to its dynamic type in the
// schema, so the generated SDK registers each resource with that alias and the engine finds the old state;
// the default provider changes from pulumi-nodejs to walletinfra, and the engine asks the new provider's
// DiffConfig whether that needs a replacement (never). `preview --json` shows no create, delete or replace of
// a resource, `up` moves the state, `preview --expect-no-changes` holds, and the service's objects are what
// they were (read in full before and after: ids, versions, timestamps). Then the tools read the native
// stack: walletinfra-drift (drift, and its report of objects no stack declares) and walletinfra-policy test --stack.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { KINDS } from '@walletinfra/pulumi/resources/kinds';
import { generateSchema } from '@walletinfra/pulumi/native/schema';
import {
  OutputRef,
  PROGRAM_FILE,
  renderProgram,
  SecretLiteral,
  type Program,
  type ProgramValue,
} from '@walletinfra/pulumi/native/examples';
import { functionToken } from '@walletinfra/pulumi/tokens';
import { nativeFunctions } from '@walletinfra/pulumi/native/functions';
import { ConfigSecret } from '@walletinfra/pulumi/resources/kind';
import { createRuntime } from '@walletinfra/pulumi/runtime/providers';
import { DISK, runExport } from '@walletinfra/pulumi/export/cli';
import { readOrganization, type OrganizationSnapshot } from '@walletinfra/pulumi/export/snapshot';
import { createContext } from '@walletinfra/pulumi/context';
import { acknowledgeExisting, ONRAMP_SECRET, startOrganization, type TestOrganization } from '../support/e2e/organization';
import { runDrift } from '../support/e2e/drift';
import { REPO_ROOT, run } from '../support/e2e/process';
import { stepTimings } from '../support/e2e/timings';
import { nameOf, PulumiProject, type PreviewDigest } from '../support/e2e/project';
import {
  builtNodejsSdk,
  builtPythonSdk,
  linkNodejsSdk,
  pluginsSection,
  pythonVenv,
  typeCheckProgram,
  writeTypeScriptConfig,
} from '../support/e2e/native';
import { kindsWithoutResource, nativeProgram, ONRAMP_SECRET_KEY } from '../support/e2e/native-program';

jest.setTimeout(1_200_000);

const WORK = join(REPO_ROOT, '.data', 'e2e', `native-migration-${process.pid}`);
const SCHEMA = generateSchema();
const VERSION = (JSON.parse(readFileSync(join(REPO_ROOT, 'provider', 'package.json'), 'utf8')) as { version: string }).version;
const { timed, summary } = stepTimings('native migration e2e');

/**
 * The program of every kind without function calls (the dynamic classes' data sources run in the program): a
 * value the native program reads from a call (the root quorum as it is) is the call's answer, asked of the
 * provider's own function, written as a literal.
 */
async function programWithoutCalls(organization: TestOrganization): Promise<Program> {
  const full = nativeProgram('Migration', 1);
  const runtime = createRuntime({ env: credentialsOf(organization) });
  const answers: Record<string, unknown> = {};
  try {
    const functions = nativeFunctions(runtime);
    for (const c of full.calls ?? []) {
      const fn = functions.find((f) => f.token === functionToken(c.function))!;
      answers[c.name] = (await fn.invoke(c.args)).outputs;
    }
  } finally {
    await runtime.context.close();
  }
  const literal = (v: ProgramValue): ProgramValue => {
    if (v instanceof OutputRef && v.name in answers) {
      const at = (o: unknown, k: string): unknown => (o !== null && typeof o === 'object' ? (o as Record<string, unknown>)[k] : undefined);
      return v.path.reduce<unknown>(at, answers[v.name]) as ProgramValue;
    }
    if (Array.isArray(v)) return (v as readonly ProgramValue[]).map(literal);
    if (v !== null && typeof v === 'object' && !(v instanceof OutputRef) && !(v instanceof ConfigSecret) && !(v instanceof SecretLiteral)) {
      return Object.fromEntries(Object.entries(v as Record<string, ProgramValue>).map(([k, x]) => [k, literal(x)]));
    }
    return v;
  };
  const resources = full.resources.map((r) => ({ ...r, properties: literal(r.properties) as Record<string, ProgramValue> }));
  const names = new Set(resources.map((r) => r.name));
  return { resources, outputs: Object.fromEntries(Object.entries(full.outputs ?? {}).filter(([, ref]) => names.has(ref.name))) };
}

function credentialsOf(organization: TestOrganization): Record<string, string> {
  return {
    WALLETINFRA_ORGANIZATION_ID: organization.organizationId,
    WALLETINFRA_API_PUBLIC_KEY: organization.apiPublicKey,
    WALLETINFRA_API_PRIVATE_KEY: organization.apiPrivateKey,
    WALLETINFRA_BASE_URL: organization.baseUrl,
  };
}

let PROGRAM: Program;

const DYNAMIC_IMPORT = 'import * as walletinfra from "@walletinfra/pulumi";';
const NATIVE_IMPORT = 'import * as walletinfra from "@walletinfra/pulumi-native";';

const PULUMI_YAML = ['name: migration', 'runtime:', '  name: nodejs', '  options:', '    typescript: true', 'main: index.ts', ''].join(
  '\n',
);

let org: TestOrganization;
let project: PulumiProject;
let sdk: Promise<string>;

/** Every object of the organization as the service returns it, kind by kind. */
function serviceObjects(): Promise<OrganizationSnapshot['objects']> {
  return serviceObjectsOf(org);
}

async function serviceObjectsOf(organization: TestOrganization): Promise<OrganizationSnapshot['objects']> {
  const ctx = createContext({ env: credentialsOf(organization) });
  try {
    return (await readOrganization(ctx.session({}), () => undefined)).objects;
  } finally {
    await ctx.close();
  }
}

/** The type and id of every walletinfra resource in the stack's state, by resource name. */
async function stateResources(): Promise<Record<string, { type: string; id: string }>> {
  const state = JSON.parse((await project.pulumi(['stack', 'export', '--stack', project.stack])).stdout) as {
    deployment: { resources?: Array<{ urn: string; type: string; id?: string }> };
  };
  const out: Record<string, { type: string; id: string }> = {};
  for (const r of state.deployment.resources ?? []) {
    if (r.type.includes('walletinfra:') && !r.type.startsWith('pulumi:providers:')) out[nameOf(r.urn)] = { type: r.type, id: r.id ?? '' };
  }
  return out;
}

/** The resources whose state still holds the dynamic provider's serialized stub (`__provider`), by name. */
async function stubs(): Promise<string[]> {
  const state = JSON.parse((await project.pulumi(['stack', 'export', '--stack', project.stack])).stdout) as {
    deployment: { resources?: Array<{ urn: string; outputs?: Record<string, unknown> }> };
  };
  return (state.deployment.resources ?? [])
    .filter((r) => r.outputs?.__provider !== undefined)
    .map((r) => nameOf(r.urn))
    .sort();
}

beforeAll(async () => {
  mkdirSync(WORK, { recursive: true });
  // Generated and built while the dynamic stack comes up (or found built by the native-languages file).
  sdk = builtNodejsSdk(VERSION);
  sdk.catch(() => undefined);
  org = await startOrganization();
  const programDir = join(WORK, 'empty');
  mkdirSync(programDir, { recursive: true });
  project = await PulumiProject.create('native-migration', 'e2e', { programDir, pulumiYaml: PULUMI_YAML });
  writeTypeScriptConfig(project.dir);
  // The settings are stack config, which the dynamic classes and the native provider both read; the seed is
  // acknowledged for walletinfra-drift, whose report of objects no stack declares then lists nothing.
  await project.setConfig('walletinfra-drift:ignore', await acknowledgeExisting(org));
  await project.setConfig('walletinfra:organizationId', org.organizationId);
  await project.setConfig('walletinfra:apiPublicKey', org.apiPublicKey);
  await project.setConfig('walletinfra:apiPrivateKey', org.apiPrivateKey, true);
  await project.setConfig('walletinfra:baseUrl', org.baseUrl);
  await project.setConfig('walletinfra:onRampEncryptionPublicKey', org.onRampEncryptionPublicKey);
  await project.setConfig('walletinfra:allowLoopbackWebhookUrls', 'true');
  await project.setConfig(ONRAMP_SECRET_KEY, ONRAMP_SECRET, true);
});

afterAll(async () => {
  process.stdout.write(summary());
  project?.remove();
  await org?.close();
  if (process.env.WALLETINFRA_E2E_KEEP !== '1') rmSync(WORK, { recursive: true, force: true });
});

test('the program declares a resource of every kind', () => {
  expect(kindsWithoutResource()).toEqual([]);
});

let before: OrganizationSnapshot['objects'];
let ids: Record<string, string>;

test('a stack of dynamic resources, one of every kind', async () => {
  PROGRAM = await programWithoutCalls(org);
  const text = renderProgram(PROGRAM, 'typescript', SCHEMA, { typescriptPackage: 'dynamic' });
  expect(text.split(DYNAMIC_IMPORT)).toHaveLength(2);
  writeFileSync(join(project.dir, 'index.ts'), text);
  await timed('dynamic up', () => project.up());
  const state = await stateResources();
  expect(
    Object.values(state)
      .map((r) => r.type)
      .sort(),
  ).toEqual(KINDS.map((k) => k.dynamicToken).sort());
  ids = Object.fromEntries(Object.entries(state).map(([name, r]) => [name, r.id]));
  // Each resource's serialized provider loads the package's runtime entry, which therefore stays.
  const exported = (await project.pulumi(['stack', 'export', '--stack', project.stack])).stdout;
  expect(exported).toContain('@walletinfra/pulumi/dist/runtime');
  before = await serviceObjects();
});

test('the move to the native provider: preview --json shows no create, delete or replace; up; then no changes', async () => {
  // What the README says to do: the plugin, the SDK, and the program's import.
  writeFileSync(join(project.dir, 'Pulumi.yaml'), `${PULUMI_YAML}${pluginsSection()}`);
  linkNodejsSdk(project.dir, await timed('nodejs sdk (gen-sdk, tsc; or built already)', () => sdk));
  const dynamicText = readFileSync(join(project.dir, 'index.ts'), 'utf8');
  writeFileSync(join(project.dir, 'index.ts'), dynamicText.replace(DYNAMIC_IMPORT, NATIVE_IMPORT));
  // The same arguments type-check against the generated SDK (its enum types accept the service's values).
  const checked = await typeCheckProgram(project.dir);
  expect(checked.stdout).toBe('');

  // --show-sames: a resource the move leaves alone is listed too, with the type its state had.
  const { digest } = await timed('native preview --json', () => project.json<PreviewDigest>(['preview', '--show-sames']));
  const steps = digest.steps.filter((s) => !s.urn.includes('::pulumi:pulumi:Stack::'));
  expect(steps.map((s) => [nameOf(s.urn), s.urn.split('::')[2], s.op, s.oldState?.type]).sort()).toEqual(
    PROGRAM.resources.map((r) => [r.name, `walletinfra:index:${r.type}`, 'same', `pulumi-nodejs:dynamic/walletinfra:${r.type}`]).sort(),
  );
  expect(digest.changeSummary).toEqual({ same: KINDS.length + 1 });

  await timed('native up', () => project.up());
  // The move kept each resource's outputs, the dynamic provider's stub among them; a refresh (the plugin
  // reads each object) leaves the stub behind.
  expect(await stubs()).toEqual(PROGRAM.resources.map((r) => r.name).sort());
  await timed('native refresh', () => project.pulumi(['refresh', '--yes', '--skip-preview', '--stack', project.stack]));
  expect(await stubs()).toEqual([]);
  await timed('native preview --expect-no-changes', () => project.pulumi(['preview', '--expect-no-changes', '--stack', project.stack]));

  const state = await stateResources();
  expect(
    Object.values(state)
      .map((r) => r.type)
      .sort(),
  ).toEqual(KINDS.map((k) => k.nativeToken).sort());
  expect(Object.fromEntries(Object.entries(state).map(([name, r]) => [name, r.id]))).toEqual(ids);
  const exported = (await project.pulumi(['stack', 'export', '--stack', project.stack])).stdout;
  expect(exported).not.toContain('pulumi-nodejs:dynamic/');
  expect(exported).not.toContain(ONRAMP_SECRET);
  expect(await serviceObjects()).toEqual(before);
});

describe('the tools on the native stack', () => {
  const CONDITION = "activity.resource == 'PRIVATE_KEY' && activity.action == 'EXPORT'";
  const PLANNED = 'Deny private key exports (Migration)';

  test('walletinfra-drift reports a change made by hand to a native resource, by its kind', async () => {
    const policyId = ids['deny-exports']!;
    await org.client.updatePolicy({ policyId, policyCondition: "activity.action == 'EXPORT'" });
    const drift = await timed('walletinfra-drift', () => runDrift(project, ['--stack', project.stack]));
    expect(drift.code).toBe(2);
    const report = drift.json as {
      summary: unknown;
      unmanaged?: { totals: Record<string, number> };
      stacks: Array<{
        status: string;
        resources: Array<{ type: string; typeName: string; name: string; id: string; op: string; changes: unknown[] }>;
      }>;
    };
    expect(report.summary).toEqual({ drifted: 1, deletedOutsideCode: 0, clean: KINDS.length - 1 });
    // The objects no stack declares: none; the native stack's own count as managed, the seed as acknowledged.
    expect(report.unmanaged?.totals).toMatchObject({ managed: KINDS.length, unmanaged: 0 });
    expect(report.stacks[0]!.resources.map((r) => [r.type, r.typeName, r.name, r.id, r.op, r.changes])).toEqual([
      [
        'walletinfra:index:Policy',
        'Policy',
        'deny-exports',
        policyId,
        'update',
        [{ property: 'condition', kind: 'update', before: CONDITION, after: "activity.action == 'EXPORT'", forcesReplacement: false }],
      ],
    ]);
    expect(drift.markdown).toContain('#### deny-exports');
    for (const text of [JSON.stringify(drift.json), drift.markdown ?? '', drift.stdout, drift.stderr]) {
      expect(text).not.toContain(ONRAMP_SECRET);
      expect(text).not.toContain(org.apiPrivateKey);
    }
  });

  test('a native policy edited: drift --preview evaluates its impact; walletinfra-policy test --stack tests the planned set', async () => {
    // The policy now allows creating private key tags; live, nothing does.
    project.editProgram('effect: "EFFECT_DENY"', 'effect: "EFFECT_ALLOW"');
    project.editProgram(JSON.stringify(CONDITION), JSON.stringify("activity.type == 'ACTIVITY_TYPE_CREATE_PRIVATE_KEY_TAG'"));
    const drift = await timed('walletinfra-drift --preview', () => runDrift(project, ['--preview', '--stack', project.stack]));
    const impact = (drift.json as { stacks: Array<{ policyImpact?: { status: string; policyChanges: string[] } }> }).stacks[0]!
      .policyImpact;
    expect([impact?.status, impact?.policyChanges]).toEqual(['evaluated', ['deny-exports']]);

    const dir = mkdtempSync(join(project.dir, 'policy-tests-'));
    writeFileSync(
      join(dir, 'tags.yaml'),
      `cases:
  - name: anyone may create tags under the planned policy
    request:
      activity: { type: ACTIVITY_TYPE_CREATE_PRIVATE_KEY_TAG }
      approvers: [{ id: u-ops, tags: [] }]
    expect: ALLOW
`,
    );
    const bin = join(REPO_ROOT, 'provider', 'dist', 'policy-review', 'cli.js');
    const tested = await timed('walletinfra-policy test --stack', () =>
      run(process.execPath, [bin, 'test', dir, '--stack', project.stack, '--cwd', project.dir], { cwd: project.dir, env: project.env }),
    );
    expect([tested.code, tested.stdout]).toEqual([
      0,
      // Allowed by the planned policy, which only the program's edit of the native resource makes.
      `PASS ${join(dir, 'tags.yaml')}:2 anyone may create tags under the planned policy: ALLOW by ${PLANNED}\n1 case: 1 passed, 0 failed\n`,
    ]);
  });
});

// walletinfra-export for the native provider: a seeded organization (its own emulator) exported as YAML and
// as Python; `pulumi up` adopts every object (the service's objects are read in full before and after: the
// same), and `preview --expect-no-changes` holds.
describe.each([
  ['yaml', 'YAML'],
  ['python', 'Python'],
] as const)('walletinfra-export --language %s', (language, title) => {
  let seeded: TestOrganization;
  let exported: PulumiProject;

  afterAll(async () => {
    exported?.remove();
    await seeded?.close();
  });

  test(`the ${title} program adopts every object of the organization; then no changes`, async () => {
    seeded = await startOrganization();
    const dir = join(WORK, `export-${language}`);
    const stderr: string[] = [];
    const code = await runExport(['--out', dir, '--language', language], {
      env: {
        WALLETINFRA_ORGANIZATION_ID: seeded.organizationId,
        WALLETINFRA_API_PUBLIC_KEY: seeded.apiPublicKey,
        WALLETINFRA_API_PRIVATE_KEY: seeded.apiPrivateKey,
        WALLETINFRA_BASE_URL: seeded.baseUrl,
      },
      stdout: () => undefined,
      stderr: (t) => stderr.push(t),
      ...DISK,
    });
    expect([code, stderr.at(-1)]).toEqual([0, 'walletinfra-export: nothing needs a secret\n']);
    // As its README says: the plugin (here from this repository), and for Python the SDK (here the shared build).
    const pulumiYaml = readFileSync(join(dir, 'Pulumi.yaml'), 'utf8');
    if (language === 'python') {
      writeFileSync(
        join(dir, 'Pulumi.yaml'),
        `${pulumiYaml.replace('virtualenv: venv', `virtualenv: ${pythonVenv()}`)}${pluginsSection()}`,
      );
    } else {
      writeFileSync(join(dir, 'Pulumi.yaml'), `${pulumiYaml}${pluginsSection()}`);
    }
    exported = await PulumiProject.open(dir);
    if (language === 'python')
      exported.env.PYTHONPATH = await timed('python sdk (gen-sdk, pip; or built already)', () => builtPythonSdk(VERSION));
    await exported.setConfig('walletinfra:organizationId', seeded.organizationId);
    await exported.setConfig('walletinfra:apiPublicKey', seeded.apiPublicKey);
    await exported.setConfig('walletinfra:apiPrivateKey', seeded.apiPrivateKey, true);
    await exported.setConfig('walletinfra:baseUrl', seeded.baseUrl);

    // One `adopt` argument a resource: `adopt:` in YAML, `adopt=` in Python.
    const declared = [...readFileSync(join(dir, PROGRAM_FILE[language]), 'utf8').matchAll(/^ +adopt[:=]/gm)].length;
    expect(declared).toBeGreaterThan(0);
    const live = await serviceObjectsOf(seeded);
    await timed(`export ${language} up`, () => exported.up());
    await timed(`export ${language} preview --expect-no-changes`, () =>
      exported.pulumi(['preview', '--expect-no-changes', '--stack', exported.stack]),
    );
    const state = JSON.parse((await exported.pulumi(['stack', 'export', '--stack', exported.stack])).stdout) as {
      deployment: { resources?: Array<{ type: string; id?: string }> };
    };
    const adopted = (state.deployment.resources ?? []).filter((r) => r.type.startsWith('walletinfra:index:'));
    expect(adopted).toHaveLength(declared);
    expect(new Set(adopted.map((r) => r.type))).toEqual(new Set(KINDS.filter((k) => live[k.type]!.length > 0).map((k) => k.nativeToken)));
    expect(await serviceObjectsOf(seeded)).toEqual(live);
  });
});
