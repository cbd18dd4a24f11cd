// An earlier release of @walletinfra/sdk and @walletinfra/pulumi, built from the repository's own git
// history, so the provider-upgrade test runs the code that wrote users' stacks without any registry. The build
// uses the repository's TypeScript and node_modules (the versions the workspace runs, checked against the
// release's own ranges) and is cached under .data/releases/<commit>/ (git-ignored): only the first run builds.
import { existsSync, mkdirSync, readFileSync, readlinkSync, renameSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { REPO_ROOT, cleanEnv, run } from './process';

/** The previous release, whose state users' stacks hold: main before each resource kind was declared once (provider/src/resources/<kind>/spec.ts). */
export const PREVIOUS_RELEASE = '20f8fed91d6fcaeef54d1f0d0c065804eaf3a71e';

export interface BuiltRelease {
  commit: string;
  /** The built packages: `package.json` and `dist/` of each, as npm would install them. */
  sdkDir: string;
  providerDir: string;
  /** The provider's package.json version at that commit. */
  version: string;
}

const PACKAGES = ['sdk', 'provider'] as const;
const BUILT = 'built.json';

async function must(command: string, args: readonly string[], cwd: string): Promise<void> {
  const result = await run(command, args, { cwd, env: cleanEnv() });
  if (result.code !== 0) throw new Error(`${command} ${args.join(' ')} exited ${result.code}\n${result.stdout}${result.stderr}`);
}

function linkOf(path: string): string | undefined {
  try {
    return readlinkSync(path);
  } catch {
    return undefined;
  }
}

/**
 * The release's packages find third-party code where the workspace's do: their own folder's node_modules (the
 * workspace's nested copies, such as the sdk's undici) and then the repository's. `@walletinfra/sdk` resolves to
 * the release's own sdk, in node_modules beside the two packages. Run on every use: links are cheap, and a
 * nested folder npm created after the build is then seen too.
 */
function linkDependencies(dir: string): void {
  const link = (path: string, target: string): void => {
    const to = relative(dirname(path), target);
    if (linkOf(path) === to) return;
    rmSync(path, { force: true });
    mkdirSync(dirname(path), { recursive: true });
    symlinkSync(to, path);
  };
  link(join(dir, 'node_modules', '@walletinfra', 'sdk'), join(dir, 'sdk'));
  for (const pkg of PACKAGES) {
    const nested = join(REPO_ROOT, pkg, 'node_modules');
    if (existsSync(nested)) link(join(dir, pkg, 'node_modules'), nested);
  }
}

type Version = [number, number, number];

function versionOf(text: string): Version | undefined {
  const m = /^(\d+)\.(\d+)\.(\d+)$/.exec(text);
  return m === null ? undefined : [Number(m[1]), Number(m[2]), Number(m[3])];
}

function compare(a: Version, b: Version): number {
  return a[0] - b[0] || a[1] - b[1] || a[2] - b[2];
}

/** npm's `^x.y.z`, `~x.y.z` and exact `x.y.z` (https://docs.npmjs.com/cli/v10/configuring-npm/package-json#dependencies), the forms this repository writes. */
export function satisfies(version: string, range: string): boolean {
  const m = /^([~^]?)(\d+\.\d+\.\d+)$/.exec(range);
  const low = versionOf(m?.[2] ?? '');
  const v = versionOf(version);
  if (m === null || low === undefined) throw new Error(`unsupported version range ${JSON.stringify(range)}: write ^x.y.z, ~x.y.z or x.y.z`);
  if (v === undefined) return false; // a prerelease satisfies none of these forms
  if (m[1] === '') return compare(v, low) === 0;
  const high: Version =
    m[1] === '~' ? [low[0], low[1] + 1, 0] : low[0] > 0 ? [low[0] + 1, 0, 0] : low[1] > 0 ? [0, low[1] + 1, 0] : [0, 0, low[2] + 1];
  return compare(v, low) >= 0 && compare(v, high) < 0;
}

/**
 * Every third-party package the release declares must resolve, from where its package sits, to a version in the
 * declared range: otherwise it would run against code it never shipped with, and a failure would look like a
 * regression of the current release.
 */
function checkDependencies(dir: string, commit: string): void {
  const problems: string[] = [];
  for (const pkg of PACKAGES) {
    const manifest = JSON.parse(readFileSync(join(dir, pkg, 'package.json'), 'utf8')) as {
      name: string;
      dependencies?: Record<string, string>;
      peerDependencies?: Record<string, string>;
    };
    for (const [name, range] of Object.entries({ ...manifest.dependencies, ...manifest.peerDependencies })) {
      if (name.startsWith('@walletinfra/')) continue;
      const found = [join(REPO_ROOT, pkg, 'node_modules', name), join(REPO_ROOT, 'node_modules', name)].find((p) => existsSync(p));
      const version =
        found === undefined ? undefined : (JSON.parse(readFileSync(join(found, 'package.json'), 'utf8')) as { version: string }).version;
      if (version === undefined) problems.push(`${manifest.name} needs ${name} ${range}, which is not installed`);
      else if (!satisfies(version, range)) problems.push(`${manifest.name} needs ${name} ${range}, and ${version} is installed`);
    }
  }
  if (problems.length > 0) {
    throw new Error(
      `the release at ${commit} cannot run on this repository's node_modules: ${problems.join('; ')}. ` +
        'Move PREVIOUS_RELEASE (tests/support/e2e/release.ts) to a release built for these versions.',
    );
  }
}

/**
 * The full id of `commit` in the clone at `cwd`, or an error that says how to get it: a shallow clone lacks the
 * previous release (CI clones the whole history).
 */
export async function resolveCommit(commit: string, cwd = REPO_ROOT): Promise<string> {
  const git = (args: readonly string[]) => run('git', args, { cwd, env: cleanEnv() });
  const resolved = await git(['rev-parse', '--verify', '--quiet', `${commit}^{commit}`]);
  if (resolved.code === 0) return resolved.stdout.trim();
  const what = `commit ${commit} (the previous release the provider-upgrade test installs)`;
  const shallow = await git(['rev-parse', '--is-shallow-repository']);
  if (shallow.code !== 0) throw new Error(`${what} cannot be read: ${cwd} is not a git clone; run the test in a clone of the repository.`);
  if (shallow.stdout.trim() === 'true') {
    throw new Error(`${what} is not in this shallow clone: run \`git fetch --unshallow\`, or clone without --depth.`);
  }
  throw new Error(`${what} is not in this clone: fetch the full history of main.`);
}

/** The release at `commit`, built once into .data/releases/<commit>/ (about 15 s of one core for tsc), then reused. */
export async function buildRelease(commit: string): Promise<BuiltRelease> {
  const full = await resolveCommit(commit);
  const dir = join(REPO_ROOT, '.data', 'releases', full);
  if (!existsSync(join(dir, BUILT))) {
    const started = Date.now();
    const tmp = `${dir}.${process.pid}.tmp`;
    rmSync(tmp, { recursive: true, force: true });
    mkdirSync(tmp, { recursive: true });
    await must(
      'git',
      ['archive', '--format=tar', `--output=${join(tmp, 'source.tar')}`, full, 'sdk', 'provider', 'tsconfig.base.json'],
      REPO_ROOT,
    );
    await must('tar', ['-xf', 'source.tar'], tmp);
    rmSync(join(tmp, 'source.tar'));
    linkDependencies(tmp);
    checkDependencies(tmp, full);
    await must(process.execPath, [join(REPO_ROOT, 'node_modules', 'typescript', 'bin', 'tsc'), '-b', join(tmp, 'provider')], tmp);
    writeFileSync(join(tmp, BUILT), `${JSON.stringify({ commit: full, buildMs: Date.now() - started }, null, 2)}\n`);
    // Another test process may have finished the same build first; either copy is the same.
    if (existsSync(join(dir, BUILT))) rmSync(tmp, { recursive: true, force: true });
    else {
      rmSync(dir, { recursive: true, force: true });
      renameSync(tmp, dir);
    }
  }
  linkDependencies(dir);
  checkDependencies(dir, full);
  const { version } = JSON.parse(readFileSync(join(dir, 'provider', 'package.json'), 'utf8')) as { version: string };
  return { commit: full, sdkDir: join(dir, 'sdk'), providerDir: join(dir, 'provider'), version };
}
