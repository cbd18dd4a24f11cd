// The native provider end to end, through the real CLI and its language hosts against the emulator, in YAML
// (the schema's types used directly, the plugin installed from its packed tarball with `pulumi plugin
// install`), Python, Go and TypeScript (on the SDKs `pulumi package gen-sdk` generates from the checked-in
// schema, provider/schema.json, the plugin found through `plugins.providers` in Pulumi.yaml). Each language
// runs the same program (../support/e2e/native-program.ts: one resource of every kind and two function
// calls) on one stack: `up`, `preview --expect-no-changes`, an edit that updates one property and replaces
// an object, `refresh` after a change made by hand shows the drift, `destroy`. Then the YAML stack imports an
// object of every kind made by hand (`pulumi import`, which writes the program) and previews no changes.
// Secrets stay encrypted in the state. Engine runs are kept to one per assertion; the file's wall time and
// each step's are printed at the end.
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parsePolicyExpression, withoutPositions } from '@walletinfra/sdk/policy';
import { KINDS } from '@walletinfra/pulumi/resources/kinds';
import { generateSchema } from '@walletinfra/pulumi/native/schema';
import { PROGRAM_FILE, renderProgram, type ProgramLanguage } from '@walletinfra/pulumi/native/examples';
import { ONRAMP_SECRET, startOrganization, type TestOrganization } from '../support/e2e/organization';
import { REPO_ROOT, cleanEnv, run } from '../support/e2e/process';
import { stepTimings } from '../support/e2e/timings';
import { packedWorkspaces } from '../support/e2e/packed';
import { nameOf, PulumiProject } from '../support/e2e/project';
import {
  builtNodejsSdk,
  builtPythonSdk,
  generateSdk,
  linkNodejsSdk,
  pluginsSection,
  prepareGoPrograms,
  pythonVenv,
  typeCheckProgram,
  writeGoSdkModule,
  typeScriptPulumiYaml,
  writeTypeScriptConfig,
} from '../support/e2e/native';
import {
  ALICE_PUBLIC_KEY,
  handMadeObjects,
  kindsWithoutResource,
  nativeProgram,
  ONRAMP_SECRET_KEY,
  SEED_POLICY,
  type ProgramVersion,
} from '../support/e2e/native-program';

jest.setTimeout(2_400_000);

const WORK = join(REPO_ROOT, '.data', 'e2e', `native-languages-${process.pid}`);
const SDK_DIR = join(WORK, 'sdk');
const SCHEMA = generateSchema();
const VERSION = (JSON.parse(readFileSync(join(REPO_ROOT, 'provider', 'package.json'), 'utf8')) as { version: string }).version;
const { timed, summary } = stepTimings('native provider e2e');

afterAll(() => {
  process.stdout.write(summary());
  if (process.env.WALLETINFRA_E2E_KEEP !== '1') rmSync(WORK, { recursive: true, force: true });
});

test('the program declares a resource of every kind', () => {
  expect(kindsWithoutResource()).toEqual([]);
});

/** The provider's settings for the emulator organization, as a user sets them (keys and secrets as secrets). */
async function configure(project: PulumiProject, org: TestOrganization): Promise<void> {
  // The plain values in one CLI run; each secret through stdin (never on a command line).
  await project.setConfigs({
    'walletinfra:organizationId': org.organizationId,
    'walletinfra:apiPublicKey': org.apiPublicKey,
    'walletinfra:baseUrl': org.baseUrl,
    'walletinfra:onRampEncryptionPublicKey': org.onRampEncryptionPublicKey,
    'walletinfra:allowLoopbackWebhookUrls': 'true',
  });
  await project.setConfig('walletinfra:apiPrivateKey', org.apiPrivateKey, true);
  await project.setConfig(ONRAMP_SECRET_KEY, ONRAMP_SECRET, true);
}

interface Language {
  language: ProgramLanguage;
  title: string;
  pulumiYaml(): string;
  /** Makes what the program needs next to it (SDK, module, virtualenv) before the first run. */
  prepare(project: PulumiProject): Promise<void>;
  /** Writes the program's text (and builds it, for Go). */
  write(project: PulumiProject, text: string): Promise<void>;
}

function writeProgram(project: PulumiProject, language: ProgramLanguage, text: string): void {
  writeFileSync(join(project.dir, PROGRAM_FILE[language]), text);
}

/**
 * Work that needs no stack (packing the plugin, generating and building the SDKs), started together when the
 * file starts so that it overlaps the engine runs of the languages before the one that waits for it.
 */
function background<T>(label: string, work: () => Promise<T>): () => Promise<T> {
  let started: Promise<T> | undefined;
  return () => {
    if (started === undefined) {
      started = timed(label, work);
      // Awaited later by the language that needs it; a failure is reported there.
      started.catch(() => undefined);
    }
    return started;
  };
}

const GO_ENV = { GOPROXY: 'off', GOSUMDB: 'off', GOFLAGS: '-mod=mod' };

const PREPARE = {
  /**
   * scripts/pack-plugin.sh: the tarball `pulumi plugin install -f` takes, from the workspaces' tarballs packed
   * once for the end-to-end files (native-docs.test.ts runs the README's `npm run plugin:pack` with its own pack).
   */
  plugin: background('pack plugin', async () => {
    const { dir } = await packedWorkspaces();
    const script = join(REPO_ROOT, 'scripts', 'pack-plugin.sh');
    const packed = await run('bash', [script, '--out', join(WORK, 'plugin'), '--tarballs', dir], { cwd: REPO_ROOT, env: cleanEnv() });
    if (packed.code !== 0) throw new Error(`scripts/pack-plugin.sh exited ${packed.code}\n${packed.stderr}`);
    return packed.stdout.trim().split('\n').pop() ?? '';
  }),
  /** The Python SDK, installed (it reads its version from its metadata) where PYTHONPATH finds it. */
  python: background('python sdk (gen-sdk, pip install)', () => builtPythonSdk(VERSION)),
  /** The Go SDK as a module, compiled once into the build cache. */
  go: background('go sdk (gen-sdk, go build)', async () => {
    await generateSdk('go', SDK_DIR, VERSION);
    const module = writeGoSdkModule(SDK_DIR);
    // Only modules already in the module cache (scripts/ensure-pulumi.sh --go-programs downloaded and
    // verified them): no network from a test.
    prepareGoPrograms();
    const built = await run('go', ['build', './...'], { cwd: SDK_DIR, env: { ...cleanEnv(), ...GO_ENV } });
    if (built.code !== 0) throw new Error(`go build of the generated Go SDK exited ${built.code}\n${built.stderr}`);
    return module;
  }),
  /** The Node.js SDK built as its package.json says (`tsc`), shared with the other native end-to-end files. */
  nodejs: background('nodejs sdk (gen-sdk, tsc)', () => builtNodejsSdk(VERSION)),
};

beforeAll(() => {
  mkdirSync(WORK, { recursive: true });
  for (const start of Object.values(PREPARE)) void start();
});

// YAML last: it waits for the packed plugin, the longest preparation.
const LANGUAGES: Language[] = [
  {
    language: 'python',
    title: 'Python',
    pulumiYaml: () =>
      [
        'name: native-python',
        'runtime:',
        '  name: python',
        '  options:',
        '    toolchain: pip',
        `    virtualenv: ${pythonVenv()}`,
        pluginsSection(),
      ].join('\n'),
    prepare: async (project) => {
      project.env.PYTHONPATH = await PREPARE.python();
    },
    write: (project, text) => Promise.resolve(writeProgram(project, 'python', text)),
  },
  {
    language: 'go',
    title: 'Go',
    // A program built once per version (`go build`), not by every engine run.
    pulumiYaml: () => ['name: native-go', 'runtime:', '  name: go', '  options:', '    binary: ./program', pluginsSection()].join('\n'),
    prepare: async (project) => {
      const module = await PREPARE.go();
      writeFileSync(
        join(project.dir, 'go.mod'),
        ['module native-go', '', 'go 1.25', '', `require ${module} v0.0.0`, '', `replace ${module} => ${SDK_DIR}`, ''].join('\n'),
      );
      Object.assign(project.env, GO_ENV);
    },
    write: async (project, text) => {
      writeProgram(project, 'go', text);
      // An edit changes values, not imports: go.mod and go.sum stay as the first build's `go mod tidy` left them.
      const edit = existsSync(join(project.dir, 'program'));
      const build = await timed(edit ? 'go build (edit)' : 'go build', async () => {
        const tidy = edit ? undefined : await run('go', ['mod', 'tidy'], { cwd: project.dir, env: project.env });
        if (tidy !== undefined && tidy.code !== 0) return tidy;
        // Without symbol and debug tables (-s -w): linking is most of a build, and the test never debugs the program.
        return run('go', ['build', '-ldflags=-s -w', '-o', 'program', '.'], { cwd: project.dir, env: project.env });
      });
      if (build.code !== 0) throw new Error(`building the Go program failed (${build.code})\n${build.stderr}\n--- main.go ---\n${text}`);
    },
  },
  {
    language: 'typescript',
    title: 'TypeScript',
    pulumiYaml: () => typeScriptPulumiYaml('native-typescript', pluginsSection()),
    prepare: async (project) => {
      linkNodejsSdk(project.dir, await PREPARE.nodejs());
      writeTypeScriptConfig(project.dir);
    },
    write: async (project, text) => {
      writeProgram(project, 'typescript', text);
      const checked = await timed('tsc --noEmit program', () => typeCheckProgram(project.dir));
      if (checked.code !== 0) throw new Error(`the TypeScript program does not type-check\n${checked.stdout}\n--- index.ts ---\n${text}`);
    },
  },
  {
    language: 'yaml',
    title: 'YAML',
    pulumiYaml: () => 'name: native-yaml\nruntime: yaml\n',
    prepare: async (project) => {
      await project.pulumi(['plugin', 'install', 'resource', 'walletinfra', VERSION, '-f', await PREPARE.plugin()]);
      // The installed plugin, not a `pulumi-resource-walletinfra` that npm linked onto PATH (node_modules/.bin).
      project.env.PULUMI_IGNORE_AMBIENT_PLUGINS = 'true';
    },
    write: (project, text) => Promise.resolve(writeProgram(project, 'yaml', text)),
  },
];

interface StepMetadata {
  op: string;
  urn: string;
  old?: { outputs?: Record<string, unknown> } | null;
  new?: { outputs?: Record<string, unknown> } | null;
  keys?: string[];
  diffs?: string[];
}

/** The steps of the program's resources in the engine events `pulumi up|refresh --json` prints (one JSON object a line). */
function stepsOf(stdout: string, event: 'resourcePreEvent' | 'resOutputsEvent'): StepMetadata[] {
  return stdout
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as Record<string, { metadata?: StepMetadata } | undefined>)
    .flatMap((e) => (e[event]?.metadata !== undefined ? [e[event].metadata] : []))
    .filter((m) => m.urn.includes('walletinfra:index:'));
}

/** What `up` did to each resource, by name: the op, and the properties it changed (replaced, for a replacement). */
function upChanges(stdout: string): Record<string, [string, string[]]> {
  const out: Record<string, [string, string[]]> = {};
  for (const step of stepsOf(stdout, 'resourcePreEvent')) {
    const name = nameOf(step.urn);
    if (['create-replacement', 'replace', 'delete-replaced'].includes(step.op)) {
      // A replacement is three steps; the keys that force it are on the first.
      const keys = out[name]?.[0] === 'replace' ? out[name][1] : [];
      out[name] = ['replace', [...new Set([...keys, ...(step.keys ?? [])])].sort()];
    } else if (out[name] === undefined) out[name] = [step.op, [...(step.diffs ?? [])].sort()];
  }
  return out;
}

/** What `refresh` read differently from the state, by resource name: the outputs that changed. */
function refreshChanges(stdout: string): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const step of stepsOf(stdout, 'resOutputsEvent')) {
    const [before, after] = [step.old?.outputs ?? {}, step.new?.outputs ?? {}];
    const changed = [...new Set([...Object.keys(before), ...Object.keys(after)])].filter(
      (k) => JSON.stringify(before[k]) !== JSON.stringify(after[k]),
    );
    if (changed.length > 0) out[nameOf(step.urn)] = changed.sort();
  }
  return out;
}

describe.each(LANGUAGES)('$title', (lang) => {
  let org: TestOrganization;
  let project: PulumiProject;
  /** The stack's outputs after the last `up` (read once per `up`: each read is a CLI run). */
  let outputs: Record<string, unknown>;
  const title = lang.title;
  const render = (version: ProgramVersion) => renderProgram(nativeProgram(title, version), lang.language, SCHEMA);

  beforeAll(async () => {
    org = await startOrganization();
    const programDir = join(WORK, 'empty');
    mkdirSync(programDir, { recursive: true });
    project = await PulumiProject.create(`native-${lang.language}`, 'e2e', { programDir, pulumiYaml: lang.pulumiYaml() });
    await lang.prepare(project);
    await timed(`${title} config`, () => configure(project, org));
    await lang.write(project, render(1));
  });

  afterAll(async () => {
    project?.remove();
    await org?.close();
  });

  test('up creates one object of every kind; the state keeps secrets encrypted; the functions answer', async () => {
    await timed(`${title} up`, () => project.up());
    outputs = await project.outputs();
    const c = org.client;
    const policy = (await c.listPolicies({})).policies.find((p) => p.policyId === outputs.policyId);
    expect(policy).toMatchObject({
      policyName: `Deny private key exports (${title})`,
      effect: 'EFFECT_DENY',
      notes: `set from a ${title} program`,
    });
    const hook = (await c.listWebhookEndpoints({})).webhookEndpoints.find((e) => e.endpointId === outputs.endpointId);
    expect(hook?.subscriptions?.map((s) => s.eventType)).toEqual(['ACTIVITY_UPDATES']);
    const credentials = (await c.listFiatOnRampCredentials({})).fiatOnRampCredentials;
    expect(credentials.map((x) => [x.publishableApiKey, x.sandboxMode])).toContainEqual([`pk_test_${title.toLowerCase()}`, true]);
    expect((await c.getIpAllowlist({ publicKey: ALICE_PUBLIC_KEY })).allowlist.rules.map((r) => r.cidr)).toEqual(['203.0.113.0/24']);
    expect((await c.listPrivateKeyTags({})).privateKeyTags.find((t) => t.tagId === outputs.tagId)?.tagName).toBe(
      `e2e-${title.toLowerCase()}`,
    );
    const profiles = (await c.getSessionProfiles({})).sessionProfiles;
    expect(profiles.find((p) => p.sessionProfileName === `e2e-${title.toLowerCase()}`)?.expirationSeconds).toBe('600');
    // Who can act: the user with its key, the tag it carries, and the root quorum taken over as it was.
    const operator = (await c.getUser({ userId: outputs.operatorId as string })).user;
    expect([operator.userName, operator.apiKeys.map((k) => k.apiKeyName), operator.userTags]).toEqual([
      `e2e operator (${title})`,
      ['e2e operator key'],
      [outputs.operatorsTagId],
    ]);
    expect(outputs.quorumThreshold).toBe((await c.getOrganizationConfigs({})).configs.quorum?.threshold);

    // The functions: a policy found by name with its condition parsed, and the organization's allowlist.
    const seed = (await c.listPolicies({})).policies.find((p) => p.policyName === SEED_POLICY)!;
    expect(outputs.seedPolicyId).toBe(seed.policyId);
    expect(outputs.seedCondition).toEqual(JSON.parse(JSON.stringify(withoutPositions(parsePolicyExpression(seed.condition)))));
    expect((outputs.allowlistRules as Array<{ cidr: string }>).map((r) => r.cidr)).toEqual(['203.0.113.0/24', '2001:db8:1234::/48']);

    expect(outputs.notes).toBe('[secret]');
    const state = (await project.pulumi(['stack', 'export', '--stack', project.stack])).stdout;
    const types = [...state.matchAll(/"type": "(walletinfra:index:[A-Za-z]+)"/g)].map((m) => m[1]);
    expect([...new Set(types)].sort()).toEqual(KINDS.map((k) => k.nativeToken).sort());
    expect(state).not.toContain(`set from a ${title} program`);
    expect(state).not.toContain(ONRAMP_SECRET);
  });

  test('preview shows no changes', async () => {
    await timed(`${title} preview`, () => project.pulumi(['preview', '--expect-no-changes', '--stack', project.stack]));
  });

  test('an edit updates the policy in place and replaces the webhook endpoint', async () => {
    const before = outputs;
    await lang.write(project, render(2));
    const up = await timed(`${title} up (edit)`, () => project.up(['--json']));
    const ops = upChanges(up.stdout);
    expect([ops['deny-exports'], ops.hooks]).toEqual([
      ['update', ['notes']],
      ['replace', ['subscriptions']],
    ]);
    expect(
      Object.entries(ops)
        .filter(([name]) => !['deny-exports', 'hooks'].includes(name))
        .map(([, [op]]) => op),
    ).toEqual(Array(KINDS.length - 2).fill('same'));
    const after = (outputs = await project.outputs());
    expect(after.policyId).toBe(before.policyId);
    expect(after.endpointId).not.toBe(before.endpointId);
    const c = org.client;
    expect((await c.listPolicies({})).policies.find((p) => p.policyId === after.policyId)?.notes).toBe(`changed in a ${title} program`);
    const hooks = (await c.listWebhookEndpoints({})).webhookEndpoints;
    expect(hooks.map((e) => e.endpointId)).not.toContain(before.endpointId);
    expect(
      hooks
        .find((e) => e.endpointId === after.endpointId)
        ?.subscriptions?.map((s) => s.eventType)
        .sort(),
    ).toEqual(['ACTIVITY_UPDATES', 'BALANCE_CONFIRMED_UPDATES']);
  });

  test('refresh after a change by hand shows the drift, and destroy removes what the service can delete', async () => {
    await org.client.updatePolicy({ policyId: outputs.policyId as string, policyCondition: "activity.action == 'EXPORT'" });
    const refresh = await timed(`${title} refresh`, () =>
      project.pulumi(['refresh', '--yes', '--skip-preview', '--json', '--stack', project.stack]),
    );
    expect(refreshChanges(refresh.stdout)).toEqual({ 'deny-exports': ['condition'] });

    await timed(`${title} destroy`, () => project.pulumi(['destroy', '--yes', '--skip-preview', '--stack', project.stack]));
    const c = org.client;
    expect((await c.listPolicies({})).policies.map((p) => p.policyId)).not.toContain(outputs.policyId);
    expect((await c.listWebhookEndpoints({})).webhookEndpoints.map((e) => e.endpointId)).not.toContain(outputs.endpointId);
    expect((await c.listFiatOnRampCredentials({})).fiatOnRampCredentials).toEqual([]);
    expect((await c.getIpAllowlist({ publicKey: ALICE_PUBLIC_KEY })).allowlist.rules).toEqual([]);
    expect((await c.listPrivateKeyTags({})).privateKeyTags.map((t) => t.tagId)).not.toContain(outputs.tagId);
    expect((await c.listUsers({})).users.map((u) => u.userId)).not.toContain(outputs.operatorId);
    expect((await c.listUserTags({})).userTags.map((t) => t.tagId)).not.toContain(outputs.operatorsTagId);
  });

  if (lang.language === 'yaml') {
    test('pulumi import takes over an object of every kind made by hand; its program then previews no changes', async () => {
      const ids = await handMadeObjects(org);
      expect(Object.keys(ids).sort()).toEqual(KINDS.map((k) => k.type).sort());
      const file = join(project.dir, 'import.json');
      writeFileSync(
        file,
        JSON.stringify({ resources: KINDS.map((k) => ({ type: k.nativeToken, name: `imported-${k.member}`, id: ids[k.type] })) }),
      );
      const generated = join(project.dir, 'imported.yaml');
      await timed('YAML import', () =>
        project.pulumi(['import', '--file', file, '--yes', '--protect=false', '--out', generated, '--stack', project.stack]),
      );
      // The program Pulumi wrote is the program now.
      writeFileSync(join(project.dir, PROGRAM_FILE.yaml), readFileSync(generated, 'utf8'));
      await timed('YAML preview (imported)', () => project.pulumi(['preview', '--expect-no-changes', '--stack', project.stack]));
      const state = (await project.pulumi(['stack', 'export', '--stack', project.stack])).stdout;
      for (const kind of KINDS) expect(state).toContain(`"id": "${ids[kind.type]}"`);
      expect(state).not.toContain(ONRAMP_SECRET);
    });
  }
});
