// What a user does with the published packages: `npm pack` the three workspaces, install the tarballs into a
// TypeScript project of its own OUTSIDE the repository (own package.json, Pulumi.yaml, tsconfig and program),
// start the emulator from that project's node_modules/.bin, and run pulumi up, preview --expect-no-changes,
// preview with the shipped policy pack, walletinfra-drift and destroy there. Nothing from the repository's node_modules or sources is visible to it.
// The tarballs are packed once per content of the sources for the files that install them (../support/e2e/packed.ts):
// on a fresh clone the first of them runs the real `npm pack`.
//
// One difference from a user's machine, for the SQLite driver only: better-sqlite3's install script
// (`prebuild-install || node-gyp rebuild`) downloads a prebuilt addon for the user's Node.js from its GitHub
// releases, which a test may not reach. Rather than compile SQLite from source (minutes on a CI machine, and a
// download attempt beyond loopback first), the install gets that prebuilt addon from a local prebuilds directory
// (prebuild-install's `npm_config_<package>_local_prebuilds`): a tarball of the addon the repository's own
// `npm install` compiled for this Node.js ABI, named as the release asset of that version. So the project installs
// better-sqlite3 the way a user's does (from the registry, then a prebuilt addon that prebuild-install loads to
// check it), and it holds its own copy: nothing resolves into the repository. If the registry's newest
// better-sqlite3 in the emulator's range is not the repository's version, the name does not match and the install
// compiles from source as before (slower, same proof). Our own packages come only from the tarballs.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, realpathSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { WalletInfraClient } from '@walletinfra/sdk';
import { acknowledgeExisting } from '../support/e2e/organization';
import { REPO_ROOT, cleanEnv, pulumiBinDir, run, type RunResult } from '../support/e2e/process';
import { findPrivateReferences } from '../support/e2e/private-references';
import { packedWorkspaces, type Workspace } from '../support/e2e/packed';

jest.setTimeout(1_200_000);

const ROOT_PKG = JSON.parse(readFileSync(join(REPO_ROOT, 'package.json'), 'utf8')) as { devDependencies: Record<string, string> };

let work: string;
let project: string;
let tarballs: Record<Workspace, string>;
let emulator: ChildProcess | undefined;
let env: NodeJS.ProcessEnv;
let baseUrl: string;
let credentials: { organizationId: string; apiPublicKey: string; apiPrivateKey: string; adminToken: string };

function must(what: string, result: RunResult, expected: number | number[] = 0): RunResult {
  const ok = Array.isArray(expected) ? expected.includes(result.code) : result.code === expected;
  if (!ok) throw new Error(`${what} exited ${result.code}\n--- stdout ---\n${result.stdout}\n--- stderr ---\n${result.stderr}`);
  return result;
}

async function pulumi(args: string[], expected: number | number[] = 0, input?: string): Promise<RunResult> {
  const result = await run('pulumi', [...args, '--non-interactive'], { cwd: project, env, ...(input !== undefined ? { input } : {}) });
  return must(`pulumi ${args.join(' ')}`, result, expected);
}

/** Starts the installed `walletinfra-emulator` bin and resolves with the JSON line it prints when ready. */
function startInstalledEmulator(): Promise<{ baseUrl: string }> {
  return new Promise((resolve, reject) => {
    const bin = join(project, 'node_modules', '.bin', 'walletinfra-emulator');
    const seed = join(project, 'node_modules', '@walletinfra', 'emulator', 'seeds', 'example.json');
    const child = spawn(
      bin,
      ['--json', '--port', '0', '--data-dir', join(project, '.emulator'), '--seed', seed, '--allow-loopback-webhooks'],
      {
        cwd: project,
        env,
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    emulator = child;
    let out = '';
    let err = '';
    child.stderr.setEncoding('utf8').on('data', (d: string) => (err += d));
    child.stdout.setEncoding('utf8').on('data', (d: string) => {
      out += d;
      for (const line of out.split('\n')) {
        if (!line.startsWith('{')) continue;
        try {
          const parsed = JSON.parse(line) as { baseUrl?: string };
          if (typeof parsed.baseUrl === 'string') resolve({ baseUrl: parsed.baseUrl });
        } catch {
          // an incomplete line: wait for the rest
        }
      }
    });
    child.on('error', reject);
    child.on('exit', (code) => reject(new Error(`walletinfra-emulator exited ${code} before it was ready\n${out}\n${err}`)));
  });
}

/**
 * A directory holding the prebuilt better-sqlite3 addon as its release asset is named
 * (`better-sqlite3-v<version>-node-v<abi>-<platform>-<arch>.tar.gz`, holding build/Release/better_sqlite3.node),
 * made from the addon the repository's `npm install` compiled for this Node.js.
 */
async function localSqlitePrebuilds(dir: string, env: NodeJS.ProcessEnv): Promise<string> {
  const driver = join(REPO_ROOT, 'node_modules', 'better-sqlite3');
  const { version } = JSON.parse(readFileSync(join(driver, 'package.json'), 'utf8')) as { version: string };
  mkdirSync(dir, { recursive: true });
  const asset = `better-sqlite3-v${version}-node-v${process.versions.modules}-${process.platform}-${process.arch}.tar.gz`;
  must(
    'tar (prebuilt addon)',
    await run('tar', ['-czf', join(dir, asset), '-C', driver, 'build/Release/better_sqlite3.node'], { cwd: dir, env }),
  );
  return dir;
}

const PROGRAM = `import * as pulumi from '@pulumi/pulumi';
import { Policy, WebhookEndpoint } from '@walletinfra/pulumi';
// The public subpath must resolve (types and runtime) for users, not only inside the repository.
import { renderChangesMarkdown } from '@walletinfra/pulumi/drift';
// The sdk's schemas and policy language are behind their own entries.
import { CreatePolicyIntent, type Policy as ServicePolicy } from '@walletinfra/sdk/schemas';
import { checkPolicyExpression } from '@walletinfra/sdk/policy';

const config = new pulumi.Config();

const denyExports = new Policy('deny-exports', {
  policyName: 'Deny private key exports (packed)',
  effect: 'EFFECT_DENY',
  condition: "activity.resource == 'PRIVATE_KEY' && activity.action == 'EXPORT'",
  notes: 'Managed by Pulumi from the published packages',
});

const hooks = new WebhookEndpoint('activity-hooks', {
  name: 'Activity updates (packed)',
  url: config.require('webhookUrl'),
  subscriptions: [{ eventType: 'ACTIVITY_UPDATES' }],
});

// Adopted from the seed, and kept in the organization by destroy (the README's retainOnDelete advice).
const seedPolicy = new Policy(
  'seed-no-exports',
  {
    policyName: 'Seed: no exports',
    effect: 'EFFECT_DENY',
    condition: "activity.action == 'EXPORT'",
    notes: 'key material never leaves the service',
    adopt: { byName: true },
  },
  { retainOnDelete: true },
);

export const policyId = denyExports.policyId;
export const seedPolicyId = seedPolicy.policyId;
export const endpointId = hooks.endpointId;
export const markdownRendererLoaded = typeof renderChangesMarkdown === 'function';
const effect: ServicePolicy['effect'] = 'EFFECT_DENY';
export const sdkEntries = {
  intentParsed: CreatePolicyIntent.safeParse({ policyName: 'p', effect, notes: '' }).success,
  conditionProblems: checkPolicyExpression("activity.action == 'EXPORT'", 'condition').length,
};
`;

beforeAll(async () => {
  const base = cleanEnv();
  work = mkdtempSync(join(tmpdir(), 'walletinfra-packed-'));
  project = join(work, 'my-infra');
  mkdirSync(project);
  // 1. npm pack the three workspaces (prepack builds each one), once for the end-to-end files that install them.
  ({ tarballs } = await packedWorkspaces());

  // 2. The user's project: its own package.json, Pulumi.yaml, tsconfig and program.
  writeFileSync(
    join(project, 'package.json'),
    JSON.stringify(
      {
        name: 'my-infra',
        private: true,
        dependencies: {
          '@pulumi/pulumi': ROOT_PKG.devDependencies['@pulumi/pulumi'],
          '@walletinfra/pulumi': `file:${tarballs.provider}`,
          '@walletinfra/sdk': `file:${tarballs.sdk}`,
        },
        devDependencies: {
          '@walletinfra/emulator': `file:${tarballs.emulator}`,
          '@types/node': ROOT_PKG.devDependencies['@types/node'],
          'ts-node': ROOT_PKG.devDependencies['ts-node'],
          typescript: ROOT_PKG.devDependencies.typescript,
        },
      },
      null,
      2,
    ),
  );
  writeFileSync(
    join(project, 'Pulumi.yaml'),
    'name: my-infra\nruntime:\n  name: nodejs\n  options:\n    typescript: true\nmain: index.ts\n',
  );
  writeFileSync(
    join(project, 'tsconfig.json'),
    // Pulumi's TypeScript template, plus esModuleInterop (zod 4's declaration files need it; README says so).
    JSON.stringify(
      {
        compilerOptions: {
          strict: true,
          target: 'es2020',
          module: 'commonjs',
          moduleResolution: 'node',
          esModuleInterop: true,
          types: ['node'],
        },
        files: ['index.ts'],
      },
      null,
      2,
    ),
  );
  writeFileSync(join(project, 'index.ts'), PROGRAM);

  // 3. Install the tarballs like any dependency (from the npm cache where it can; the SQLite driver's prebuilt addon
  //    from a local prebuilds directory, as the header says).
  const prebuilds = await localSqlitePrebuilds(join(work, 'prebuilds'), base);
  must(
    'npm install',
    await run('npm', ['install', '--no-audit', '--no-fund', '--prefer-offline'], {
      cwd: project,
      env: { ...base, npm_config_better_sqlite3_local_prebuilds: prebuilds },
    }),
  );

  env = {
    ...base,
    PATH: `${pulumiBinDir()}:${join(project, 'node_modules', '.bin')}:${process.env.PATH ?? ''}`,
    PULUMI_HOME: join(work, 'pulumi-home'),
    PULUMI_BACKEND_URL: `file://${join(work, 'state')}`,
    PULUMI_CONFIG_PASSPHRASE: 'packed-install-passphrase',
    PULUMI_SKIP_UPDATE_CHECK: 'true',
  };
  mkdirSync(join(work, 'state'));

  // 4. The emulator from the project's own node_modules/.bin.
  ({ baseUrl } = await startInstalledEmulator());
  credentials = JSON.parse(readFileSync(join(project, '.emulator', 'credentials.json'), 'utf8')) as typeof credentials;
  const keyResponse = await fetch(`${baseUrl}/__admin/onramp-encryption-key`, {
    headers: { Authorization: `Bearer ${credentials.adminToken}` },
  });
  const keyAnswer = (await keyResponse.json()) as { publicKey?: string };
  if (!keyResponse.ok || typeof keyAnswer.publicKey !== 'string')
    throw new Error(`on-ramp key: HTTP ${keyResponse.status} ${JSON.stringify(keyAnswer)}`);

  await pulumi(['stack', 'init', 'dev']);
  await pulumi(['config', 'set', 'walletinfra:organizationId', credentials.organizationId]);
  await pulumi(['config', 'set', 'walletinfra:apiPublicKey', credentials.apiPublicKey]);
  await pulumi(['config', 'set', '--secret', 'walletinfra:apiPrivateKey'], 0, credentials.apiPrivateKey);
  await pulumi(['config', 'set', 'walletinfra:baseUrl', baseUrl]);
  await pulumi(['config', 'set', 'walletinfra:onRampEncryptionPublicKey', keyAnswer.publicKey]);
  await pulumi(['config', 'set', 'walletinfra:allowLoopbackWebhookUrls', 'true']);
  await pulumi(['config', 'set', 'webhookUrl', 'http://127.0.0.1:9/packed-hooks']);
  // What the seed made is acknowledged, as a team acknowledges what it keeps out of code (walletinfra-drift:ignore).
  await pulumi(['config', 'set', 'walletinfra-drift:ignore', await acknowledgeExisting({ ...credentials, baseUrl })]);
});

afterAll(async () => {
  if (emulator && emulator.exitCode === null) {
    const exited = new Promise((resolve) => emulator?.once('exit', resolve));
    emulator.kill('SIGTERM');
    await exited;
  }
  if (work && process.env.WALLETINFRA_E2E_KEEP !== '1') rmSync(work, { recursive: true, force: true });
});

test('the project lives outside the repository and resolves only the installed packages', () => {
  expect(relative(REPO_ROOT, project).startsWith('..')).toBe(true);
  for (const [name, dir] of [
    ['@walletinfra/pulumi', 'provider'],
    ['@walletinfra/sdk', 'sdk'],
    ['@walletinfra/emulator', 'emulator'],
  ] as const) {
    const installed = join(project, 'node_modules', ...name.split('/'));
    const pkg = JSON.parse(readFileSync(join(installed, 'package.json'), 'utf8')) as { version: string; files: string[] };
    const ours = JSON.parse(readFileSync(join(REPO_ROOT, dir, 'package.json'), 'utf8')) as { version: string };
    expect(pkg.version).toBe(ours.version);
    expect(existsSync(join(installed, 'dist', 'index.js'))).toBe(true);
    expect(existsSync(join(installed, 'dist', 'index.d.ts'))).toBe(true);
    expect(existsSync(join(installed, 'CHANGELOG.md'))).toBe(true);
    expect(existsSync(join(installed, 'src'))).toBe(false);
  }
  // The SQLite driver's addon is the project's own copy (prebuilt or compiled there), not the repository's.
  const addon = realpathSync(join(project, 'node_modules', 'better-sqlite3', 'build', 'Release', 'better_sqlite3.node'));
  expect(relative(realpathSync(project), addon).startsWith('..')).toBe(false);
});

test('nothing the tarballs ship refers to private notes', async () => {
  const unpacked = join(work, 'unpacked');
  const found = [];
  for (const [name, file] of Object.entries(tarballs)) {
    const dir = join(unpacked, name);
    mkdirSync(dir, { recursive: true });
    must(`tar ${name}`, await run('tar', ['-xzf', file, '-C', dir], { cwd: work, env }));
    const files = must('find', await run('find', [dir, '-type', 'f'], { cwd: work, env }))
      .stdout.split('\n')
      .filter((f) => f !== '');
    expect(files.length).toBeGreaterThan(5);
    for (const f of files) found.push(...findPrivateReferences(relative(unpacked, f), readFileSync(f, 'utf8')));
  }
  expect(found).toEqual([]);
});

test('public subpaths resolve for users (runtime and types), internals do not', async () => {
  const script = [
    "const assert = require('node:assert');",
    "assert.strictEqual(typeof require('@walletinfra/pulumi/drift').renderChangesMarkdown, 'function');",
    "assert.strictEqual(typeof require('@walletinfra/pulumi').Policy, 'function');",
    "assert.ok(Object.keys(require('@walletinfra/pulumi/export')).length > 0);",
    "assert.strictEqual(typeof require('@walletinfra/sdk').WalletInfraClient, 'function');",
    "assert.strictEqual(typeof require('@walletinfra/sdk/process').installWasmTieringHold, 'function');",
    // the schemas, the policy language, the rules and contract calls: their own entries, no longer the main one
    "assert.strictEqual(typeof require('@walletinfra/sdk/schemas').CreatePolicyIntent.safeParse, 'function');",
    "assert.strictEqual(typeof require('@walletinfra/sdk/policy').evaluatePolicies, 'function');",
    "assert.strictEqual(typeof require('@walletinfra/sdk/rules').parseCidr, 'function');",
    "assert.strictEqual(typeof require('@walletinfra/sdk/contracts').decodeContractCall, 'function');",
    "assert.strictEqual(require('@walletinfra/sdk').CreatePolicyIntent, undefined);",
    "assert.strictEqual(typeof require('@walletinfra/emulator').startEmulator, 'function');",
    // What the providers serialized into state load.
    "assert.strictEqual(typeof require('@walletinfra/pulumi/dist/runtime').configure, 'function');",
    "assert.throws(() => require('@walletinfra/pulumi/dist/client'), { code: 'ERR_PACKAGE_PATH_NOT_EXPORTED' });",
  ].join('\n');
  must('node (subpaths)', await run(process.execPath, ['-e', script], { cwd: project, env }));
  // The program type-checks against the installed declaration files (including the ./drift subpath).
  must('tsc --noEmit', await run(join(project, 'node_modules', '.bin', 'tsc'), ['--noEmit', '-p', '.'], { cwd: project, env }));
});

test('pulumi up, preview --expect-no-changes, walletinfra-drift and destroy run in the user project', async () => {
  const client = new WalletInfraClient({
    baseUrl,
    organizationId: credentials.organizationId,
    apiPublicKey: credentials.apiPublicKey,
    apiPrivateKey: credentials.apiPrivateKey,
  });
  try {
    await pulumi(['up', '--yes', '--stack', 'dev']);
    const outputs = JSON.parse((await pulumi(['stack', 'output', '--json', '--stack', 'dev'])).stdout) as Record<string, unknown>;
    expect(outputs.markdownRendererLoaded).toBe(true);
    expect(outputs.sdkEntries).toEqual({ intentParsed: true, conditionProblems: 0 });
    const { policies } = await client.listPolicies();
    expect(policies.find((p) => p.policyId === outputs.policyId)?.policyName).toBe('Deny private key exports (packed)');
    const seed = policies.find((p) => p.policyName === 'Seed: no exports');
    expect(outputs.seedPolicyId).toBe(seed?.policyId); // adopted, not duplicated
    expect(policies.filter((p) => p.policyName === 'Seed: no exports')).toHaveLength(1);
    const { webhookEndpoints } = await client.listWebhookEndpoints();
    expect(webhookEndpoints.map((w) => w.endpointId)).toContain(outputs.endpointId);

    await pulumi(['preview', '--expect-no-changes', '--stack', 'dev']);
    // The policy pack the package ships runs from node_modules (its @pulumi/policy and the project's @pulumi/pulumi).
    const pack = await pulumi([
      'preview',
      '--stack',
      'dev',
      '--policy-pack',
      join('node_modules', '@walletinfra', 'pulumi', 'policy-pack'),
    ]);
    expect(pack.stdout).toMatch(/walletinfra@v0\.1\.0/);

    // The installed bin, as CI runs it (`npx walletinfra-drift`): clean first, then drift after an out-of-band edit.
    const clean = await run('npx', ['--no-install', 'walletinfra-drift', '--stack', 'dev'], { cwd: project, env });
    must('walletinfra-drift (clean)', clean, 0);
    await client.updatePolicy({ policyId: outputs.policyId as string, policyNotes: 'edited by hand' });
    const drifted = await run('npx', ['--no-install', 'walletinfra-drift', '--stack', 'dev'], { cwd: project, env });
    must('walletinfra-drift (drifted)', drifted, 2);
    expect(drifted.stdout).toContain('deny-exports');

    await pulumi(['destroy', '--yes', '--stack', 'dev']);
    const after = await client.listPolicies();
    expect(after.policies.map((p) => p.policyId)).not.toContain(outputs.policyId);
    // retainOnDelete: destroy forgot the adopted seed policy instead of deleting it.
    expect(after.policies.map((p) => p.policyId)).toContain(outputs.seedPolicyId);
    const afterHooks = await client.listWebhookEndpoints();
    expect(afterHooks.webhookEndpoints.map((w) => w.endpointId)).not.toContain(outputs.endpointId);
  } finally {
    await client.close();
  }
});
