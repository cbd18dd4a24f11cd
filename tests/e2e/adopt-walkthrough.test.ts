// examples/adopt-existing/README.md, executed: the page's ```sh blocks run as written, in order, in one bash
// shell at the repository's root, with the page's own variables ADOPT_DIR (a scratch directory) and
// EMULATOR_PORT (0: any free port) set. Then the test checks what the page promises: every object of the
// organization adopted, none created or changed (the emulator recorded no write at all), the preview after
// `up` clean, and the edit previewed as one update naming `notes`. The test stops the emulator the page
// started and waits until every process the page started has exited. Nothing leaves loopback: npm runs
// offline, Pulumi skips its update check, and the page keeps the state in a local directory.
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { WalletInfraClient } from '@walletinfra/sdk';
import { REPO_ROOT, cleanEnv, pulumiBinDir, requireBuiltPackages } from '../support/e2e/process';
import { nameOf } from '../support/e2e/project';

jest.setTimeout(900_000);

const PAGE = join(REPO_ROOT, 'examples', 'adopt-existing', 'README.md');
/** Relative to the repository's root, like the page's default (the program must resolve the workspace). */
const ADOPT_DIR = join('.data', 'e2e', `adopt-walkthrough-${process.pid}`);
/** Every process the page starts inherits the write end of this pipe: its end of file means all of them exited. */
const LIFELINE_FD = 9;

/** The contents of a Markdown page's ```sh blocks, in order. */
function shellBlocks(markdown: string): string[] {
  return [...markdown.matchAll(/^```sh\n([\s\S]*?)^```$/gm)].map((m) => m[1] as string);
}

const marker = (name: string) => `@@ ${name} @@`;

/** The blocks as one script: stop at the first failing command; a marker line on stdout before each block. */
function script(blocks: readonly string[]): string {
  const lines = ['set -euo pipefail'];
  blocks.forEach((block, i) => lines.push(`echo '${marker(`block ${i + 1}`)}'`, block));
  // The test's own last step, in the page's shell: the state the page's `pulumi up` left.
  lines.push(`echo '${marker('stack')}'`, 'pulumi stack export');
  return lines.join('\n');
}

/** stdout cut at the markers: section name -> text. */
function sections(stdout: string): Record<string, string> {
  const out: Record<string, string> = {};
  const parts = stdout.split(/^@@ (.+) @@$/m);
  for (let i = 1; i < parts.length; i += 2) out[parts[i] as string] = parts[i + 1] as string;
  return out;
}

interface PageRun {
  child: ChildProcess;
  stdout: string;
  stderr: string;
  code: number | null;
  /** Resolves when every process the page started has exited. */
  allExited: Promise<void>;
}

function runPage(text: string): Promise<PageRun> {
  const env: NodeJS.ProcessEnv = {
    ...cleanEnv(),
    PATH: `${pulumiBinDir()}:${process.env.PATH ?? ''}`,
    ADOPT_DIR,
    EMULATOR_PORT: '0',
    PULUMI_HOME: join(REPO_ROOT, ADOPT_DIR, '.pulumi-home'),
    PULUMI_SKIP_UPDATE_CHECK: 'true',
    NPM_CONFIG_OFFLINE: 'true',
    NPM_CONFIG_UPDATE_NOTIFIER: 'false',
  };
  const stdio = ['ignore', 'pipe', 'pipe', ...Array.from({ length: LIFELINE_FD - 3 }, () => 'ignore' as const), 'pipe'] as const;
  // Detached: the page's processes form one process group, which the test can stop as a whole.
  const child = spawn('bash', ['-c', text], { cwd: REPO_ROOT, env, stdio: [...stdio], detached: true });
  const lifeline = (child.stdio as unknown as Array<Readable | null>)[LIFELINE_FD] as Readable;
  const allExited = new Promise<void>((resolve) => {
    lifeline.on('data', () => undefined);
    lifeline.on('close', () => resolve());
  });
  let stdout = '';
  let stderr = '';
  child.stdout?.setEncoding('utf8').on('data', (d: string) => (stdout += d));
  child.stderr?.setEncoding('utf8').on('data', (d: string) => (stderr += d));
  return new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('exit', (code) =>
      resolve({
        child,
        code,
        allExited,
        get stdout() {
          return stdout;
        },
        get stderr() {
          return stderr;
        },
      }),
    );
  });
}

function stopPage(run: PageRun): void {
  try {
    process.kill(-(run.child.pid as number), 'SIGTERM');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ESRCH') throw error;
  }
}

let run: PageRun | undefined;

afterAll(async () => {
  if (run !== undefined) {
    stopPage(run);
    await run.allExited;
  }
  if (process.env.WALLETINFRA_E2E_KEEP !== '1') rmSync(join(REPO_ROOT, ADOPT_DIR), { recursive: true, force: true });
});

test('the walkthrough runs as written and does what it says', async () => {
  requireBuiltPackages();
  rmSync(join(REPO_ROOT, ADOPT_DIR), { recursive: true, force: true });
  const blocks = shellBlocks(readFileSync(PAGE, 'utf8'));
  expect(blocks.length).toBe(4);
  // The page's variables are the ones this test sets: it must not hard-code the port or the directory.
  expect(blocks[0]).toContain('ADOPT_DIR=${ADOPT_DIR:-.data/adopt} EMULATOR_PORT=${EMULATOR_PORT:-8787}');
  expect(blocks.join('\n')).not.toMatch(/8787(?!\})|\.data\/adopt(?!\})/);

  run = await runPage(script(blocks));
  if (run.code !== 0)
    throw new Error(`the page's commands exited ${run.code}\n--- stdout ---\n${run.stdout}\n--- stderr ---\n${run.stderr}`);
  const out = sections(run.stdout);

  // The emulator the page started is still running: ask it what happened.
  const credentials = JSON.parse(readFileSync(join(REPO_ROOT, ADOPT_DIR, 'credentials.json'), 'utf8')) as Record<string, string>;
  const client = new WalletInfraClient({
    baseUrl: credentials.baseUrl as string,
    organizationId: credentials.organizationId as string,
    apiPublicKey: credentials.apiPublicKey as string,
    apiPrivateKey: credentials.apiPrivateKey as string,
  });
  try {
    // No object created in the organization, and none changed: the emulator recorded no write.
    expect((await client.listActivities({})).activities.map((a) => a.type)).toEqual([]);

    // Every object adopted: one resource per object, each adopting its own id.
    const [policies, tags, profiles, allowlist, users, userTags] = await Promise.all([
      client.listPolicies({}),
      client.listPrivateKeyTags({}),
      client.getSessionProfiles({}),
      client.getIpAllowlist({}),
      client.listUsers({}),
      client.listUserTags({}),
    ]);
    expect(allowlist.allowlist.rules).not.toEqual([]);
    const objects = [
      ...policies.policies.map((p) => `Policy ${p.policyId}`),
      ...tags.privateKeyTags.filter((t) => t.tagType === 'TAG_TYPE_PRIVATE_KEY').map((t) => `PrivateKeyTag ${t.tagId}`),
      ...profiles.sessionProfiles.map((p) => `SessionProfile ${p.sessionProfileId}`),
      'IpAllowlist organization',
      // Who can act: every user, each of their API keys, the user tags and the root quorum.
      ...users.users.map((u) => `User ${u.userId}`),
      ...users.users.flatMap((u) => u.apiKeys.map((k) => `ApiKey ${k.apiKeyId}`)),
      ...userTags.userTags.map((t) => `UserTag ${t.tagId}`),
      'RootQuorum rootQuorum',
    ].sort();
    expect(objects.length).toBe(15);
    const state = JSON.parse(out.stack as string) as {
      deployment: { resources: Array<{ type: string; id?: string; inputs?: { adopt?: { id?: string } } }> };
    };
    const adopted = state.deployment.resources
      .filter((r) => r.type.startsWith('pulumi-nodejs:dynamic/walletinfra:'))
      .map(
        (r) =>
          `${r.type.split(':').pop()} ${r.id} ${r.inputs?.adopt?.id === r.id ? 'adopted' : `adopt: ${JSON.stringify(r.inputs?.adopt)}`}`,
      )
      .sort();
    expect(adopted).toEqual(objects.map((o) => `${o} adopted`));
  } finally {
    await client.close();
  }

  // `pulumi up` "created" them in Pulumi's state only (the 15 objects and the stack); `pulumi preview
  // --expect-no-changes` passed (exit 0).
  expect(out['block 3']).toMatch(/\+ 16 created/);
  // The edit: one update, of the policy whose notes changed, naming `notes`.
  const diff = out['block 4'] as string;
  expect(diff).toMatch(/Resources:\n\s+~ 1 to update\n\s+15 unchanged/);
  expect(diff.match(/\(update\)/g)).toHaveLength(1);
  expect(diff).toContain('~ notes: "key material never leaves the service" => "reviewed in a pull request"');
  expect(nameOf(diff.match(/\[urn=(\S+)\]\n\s+~ notes/)?.[1] ?? '')).toBe('seed-no-exports');

  // The test stops what the page started, and every process of it exits.
  const { baseUrl } = JSON.parse(readFileSync(join(REPO_ROOT, ADOPT_DIR, 'credentials.json'), 'utf8')) as { baseUrl: string };
  stopPage(run);
  await run.allExited;
  await expect(fetch(baseUrl)).rejects.toThrow();
  run = undefined;
});
