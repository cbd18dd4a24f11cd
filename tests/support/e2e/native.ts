// What the native provider's end-to-end tests share: the plugin as a project finds it (`plugins.providers`
// naming provider/bin, where `pulumi-resource-walletinfra` runs the built provider), SDKs generated from
// the checked-in schema by `pulumi package gen-sdk` through the built language hosts, and the Python
// virtualenv.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, readFileSync, renameSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { REPO_ROOT, cleanEnv, pulumiBinDir, run, type RunResult } from './process';

/** The directory `plugins.providers` names: it holds the `pulumi-resource-walletinfra` executable. */
export const PLUGIN_DIR = join(REPO_ROOT, 'provider', 'bin');
export const PLUGIN = join(PLUGIN_DIR, 'pulumi-resource-walletinfra');

/** The `plugins` section of a Pulumi.yaml that uses the plugin from this repository. */
export function pluginsSection(): string {
  return ['plugins:', '  providers:', '    - name: walletinfra', `      path: ${PLUGIN_DIR}`, ''].join('\n');
}

let goReady = false;

/** The Go modules a program on Pulumi's Go SDK needs, in the module cache (scripts/ensure-pulumi.sh --go-programs). */
export function prepareGoPrograms(): void {
  if (goReady) return;
  execFileSync('bash', [join(REPO_ROOT, 'scripts', 'ensure-pulumi.sh'), '--go-programs'], {
    cwd: REPO_ROOT,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  goReady = true;
}

let venv: string | undefined;

/** The virtualenv with Pulumi's Python SDK (scripts/ensure-pulumi.sh --print-python-venv). */
export function pythonVenv(): string {
  if (venv === undefined) {
    const out = execFileSync('bash', [join(REPO_ROOT, 'scripts', 'ensure-pulumi.sh'), '--print-python-venv'], {
      cwd: REPO_ROOT,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    venv = out.trim().split('\n').pop() ?? '';
  }
  return venv;
}

export type SdkLanguage = 'nodejs' | 'python' | 'go';

/** The checked-in schema (`npm run schema` writes it; a unit test holds it to the code). */
export const SCHEMA_FILE = join(REPO_ROOT, 'provider', 'schema.json');

/**
 * `pulumi package gen-sdk` for `language` from the checked-in schema, as the plugin `version` serves it,
 * written under `out`; returns the language's directory. Each generation goes through that language's host.
 */
export async function generateSdk(language: SdkLanguage, out: string, version: string): Promise<{ dir: string; seconds: number }> {
  rmSync(join(out, language), { recursive: true, force: true });
  mkdirSync(out, { recursive: true });
  const started = Date.now();
  const env = {
    ...cleanEnv(),
    PATH: `${pulumiBinDir()}:${process.env.PATH ?? ''}`,
    // Its own home per language: generations may run at once.
    PULUMI_HOME: join(out, `.pulumi-home-${language}`),
    PULUMI_SKIP_UPDATE_CHECK: 'true',
  };
  const args = ['package', 'gen-sdk', SCHEMA_FILE, '--language', language, '--version', version, '--out', out, '--non-interactive'];
  const result = await run('pulumi', args, {
    cwd: out,
    env,
  });
  if (result.code !== 0) {
    throw new Error(`pulumi package gen-sdk --language ${language} exited ${result.code}\n${result.stdout}\n${result.stderr}`);
  }
  return { dir: join(out, language), seconds: (Date.now() - started) / 1000 };
}

/**
 * Installs the generated Python SDK (`dir`, with its setup.py) into `target` without the network: the
 * virtualenv already holds what it requires and setuptools to build it. A program finds it through
 * PYTHONPATH, installed (the SDK reads its own version from its installed metadata).
 */
export async function installPythonSdk(dir: string, target: string): Promise<void> {
  const python = join(pythonVenv(), 'bin', 'python');
  const args = ['-m', 'pip', 'install', '--quiet', '--disable-pip-version-check', '--no-index', '--no-deps', '--no-build-isolation'];
  const result = await run(python, [...args, '--target', target, dir], { cwd: dir, env: cleanEnv() });
  if (result.code !== 0) throw new Error(`pip install of the generated SDK exited ${result.code}\n${result.stdout}\n${result.stderr}`);
}

/**
 * A go.mod for the generated Go SDK, at the root of `out` as Pulumi's providers keep it (sdk/go.mod): the
 * package `go/walletinfra` is then `github.com/walletinfra/walletinfra/sdk/go/walletinfra`, the schema's
 * importBasePath. Returns the module path, for the program's replace directive.
 */
export function writeGoSdkModule(out: string): string {
  const module = 'github.com/walletinfra/walletinfra/sdk';
  writeFileSync(join(out, 'go.mod'), `module ${module}\n\ngo 1.25\n\nrequire github.com/pulumi/pulumi/sdk/v3 v3.248.0\n`);
  return module;
}

const TSC = join(REPO_ROOT, 'node_modules', '.bin', 'tsc');

/**
 * A directory built once for the checked-in schema, the plugin version and the CLI, under
 * .data/e2e/native-sdk/<name>-<key>, where every end-to-end file finds it: the first to need it builds it in
 * a directory of its own (`build` gets that directory) and renames it into place, so files running at once
 * never see half a build.
 */
async function builtOnce(name: string, version: string, build: (dir: string) => Promise<void>): Promise<string> {
  const key = createHash('sha256').update(readFileSync(SCHEMA_FILE)).update(`\0${version}\0${pulumiBinDir()}`).digest('hex').slice(0, 16);
  const cached = join(REPO_ROOT, '.data', 'e2e', 'native-sdk', `${name}-${key}`);
  if (existsSync(cached)) return cached;
  const building = `${cached}.${process.pid}`;
  rmSync(building, { recursive: true, force: true });
  mkdirSync(building, { recursive: true });
  await build(building);
  try {
    renameSync(building, cached);
  } catch (error) {
    // Another file renamed its build into place first: use that one.
    if (!existsSync(cached)) throw error;
    rmSync(building, { recursive: true, force: true });
  }
  return cached;
}

/**
 * The Node.js SDK generated from the checked-in schema and built as its package.json says (`tsc`), its
 * package as npm would install it; returns that directory (shared by the native end-to-end files).
 */
export async function builtNodejsSdk(version: string): Promise<string> {
  const dir = await builtOnce('nodejs', version, async (out) => {
    const sdk = await generateSdk('nodejs', out, version);
    const built = await run(TSC, ['-p', sdk.dir], { cwd: sdk.dir, env: cleanEnv() });
    if (built.code !== 0) throw new Error(`tsc of the generated Node.js SDK exited ${built.code}\n${built.stdout}\n${built.stderr}`);
    cpSync(join(sdk.dir, 'package.json'), join(sdk.dir, 'bin', 'package.json'));
  });
  return join(dir, 'nodejs', 'bin');
}

/**
 * The Python SDK generated from the checked-in schema and installed (it reads its version from its installed
 * metadata) into a directory a program's PYTHONPATH names; returns that directory (shared like the Node.js SDK).
 */
export async function builtPythonSdk(version: string): Promise<string> {
  const dir = await builtOnce('python', version, async (out) => {
    const sdk = await generateSdk('python', join(out, 'gen'), version);
    await installPythonSdk(sdk.dir, join(out, 'site'));
  });
  return join(dir, 'site');
}

/** Links the built Node.js SDK into a project's node_modules as `@walletinfra/pulumi-native`. */
export function linkNodejsSdk(projectDir: string, bin: string): void {
  const scope = join(projectDir, 'node_modules', '@walletinfra');
  mkdirSync(scope, { recursive: true });
  symlinkSync(bin, join(scope, 'pulumi-native'), 'dir');
}

/**
 * The tsconfig of a TypeScript program at a project's root: Pulumi runs it through ts-node without a type
 * check (noCheck); tsconfig.check.json is the check (typeCheckProgram).
 */
export function writeTypeScriptConfig(projectDir: string): void {
  const compilerOptions = {
    target: 'ES2022',
    module: 'commonjs',
    moduleResolution: 'node',
    strict: true,
    esModuleInterop: true,
    skipLibCheck: true,
    types: ['node'],
  };
  writeFileSync(
    join(projectDir, 'tsconfig.json'),
    JSON.stringify({ compilerOptions: { ...compilerOptions, noCheck: true }, files: ['index.ts'] }),
  );
  writeFileSync(join(projectDir, 'tsconfig.check.json'), JSON.stringify({ compilerOptions, files: ['index.ts'] }));
}

/** The `Pulumi.yaml` of a TypeScript project named `name` whose program is index.ts ({@link writeTypeScriptConfig}). */
export function typeScriptPulumiYaml(name: string, extra = ''): string {
  return [
    `name: ${name}`,
    'runtime:',
    '  name: nodejs',
    '  options:',
    '    typescript: true',
    '    tsconfig: tsconfig.json',
    'main: index.ts',
    extra,
  ].join('\n');
}

/** The type check of a project's index.ts against the declarations of what it imports. */
export function typeCheckProgram(projectDir: string): Promise<RunResult> {
  return run(TSC, ['-p', join(projectDir, 'tsconfig.check.json'), '--noEmit'], { cwd: projectDir, env: cleanEnv() });
}
