// One Pulumi project per test file, in a directory of its own under .data/e2e/ (git-ignored, inside the
// repository so the program resolves the workspace's node_modules) with its own state backend, PULUMI_HOME
// and passphrase: test files never share state, and the repository's own stack config is never touched.
import { cpSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { REPO_ROOT, cleanEnv, pulumiBinDir, requireBuiltPackages, run, type RunResult } from './process';
// Pulumi runs the program transpile-only (`noCheck` in its tsconfig saves ~6 s per run on a 2-core machine);
// this type-only import makes the repository's type check (`npm run typecheck`) cover it instead.
import type * as baselineProgram from '../../../examples/baseline/index';
export type BaselineProgram = typeof baselineProgram;

export const PASSPHRASE = 'e2e-test-passphrase';

export interface ProjectOptions {
  /** Directory whose files become the program (default examples/baseline). */
  programDir?: string;
  /** The project's Pulumi.yaml (default: the repository's, for a TypeScript program at the root). */
  pulumiYaml?: string;
}

export class PulumiError extends Error {
  constructor(
    readonly args: readonly string[],
    readonly result: RunResult,
  ) {
    super(`pulumi ${args.join(' ')} exited ${result.code}\n--- stdout ---\n${result.stdout}\n--- stderr ---\n${result.stderr}`);
  }
}

let counter = 0;

export class PulumiProject {
  readonly env: NodeJS.ProcessEnv;

  private constructor(
    readonly dir: string,
    readonly stack: string,
  ) {
    this.env = {
      ...cleanEnv(),
      PATH: `${pulumiBinDir()}:${process.env.PATH ?? ''}`,
      PULUMI_HOME: join(dir, '.pulumi-home'),
      PULUMI_BACKEND_URL: `file://${join(dir, 'state')}`,
      PULUMI_CONFIG_PASSPHRASE: PASSPHRASE,
      PULUMI_SKIP_UPDATE_CHECK: 'true',
      PULUMI_AUTOMATION_API_SKIP_VERSION_CHECK: 'true',
    };
  }

  /** A new project directory holding a copy of the program, with stack `stack` created. */
  static async create(name: string, stack = 'e2e', options: ProjectOptions = {}): Promise<PulumiProject> {
    requireBuiltPackages();
    counter += 1;
    const dir = join(REPO_ROOT, '.data', 'e2e', `${name}-${process.pid}-${counter}`);
    rmSync(dir, { recursive: true, force: true });
    mkdirSync(join(dir, 'state'), { recursive: true });
    cpSync(options.programDir ?? join(REPO_ROOT, 'examples', 'baseline'), dir, { recursive: true });
    // The root Pulumi.yaml with the program at the project's root and stack config beside it.
    const rootProject = readFileSync(join(REPO_ROOT, 'Pulumi.yaml'), 'utf8');
    writeFileSync(
      join(dir, 'Pulumi.yaml'),
      options.pulumiYaml ?? rootProject.replace(/^main: .*$/m, 'main: index.ts').replace(/^stackConfigDir: .*$/m, ''),
    );
    const project = new PulumiProject(dir, stack);
    await project.pulumi(['stack', 'init', stack]);
    return project;
  }

  /** A project directory someone else wrote (e.g. walletinfra-export), used as it is, with stack `stack` created. */
  static async open(dir: string, stack = 'e2e'): Promise<PulumiProject> {
    requireBuiltPackages();
    mkdirSync(join(dir, 'state'), { recursive: true });
    const project = new PulumiProject(dir, stack);
    await project.pulumi(['stack', 'init', stack]);
    return project;
  }

  /** Runs `pulumi ARGS --non-interactive`; throws unless the exit code is one of `expect` (default 0). */
  async pulumi(args: readonly string[], expect: number | readonly number[] = 0, input?: string): Promise<RunResult> {
    const full = [...args, '--non-interactive'];
    const result = await run('pulumi', full, { cwd: this.dir, env: this.env, ...(input !== undefined ? { input } : {}) });
    const allowed = typeof expect === 'number' ? [expect] : expect;
    if (!allowed.includes(result.code)) throw new PulumiError(full, result);
    return result;
  }

  async setConfig(key: string, value: string, secret = false): Promise<void> {
    // Secrets through stdin, as the main job does.
    if (secret) await this.pulumi(['config', 'set', '--secret', key, '--stack', this.stack], 0, value);
    else await this.pulumi(['config', 'set', key, value, '--stack', this.stack]);
  }

  /** Sets several plain (not secret) config values with one CLI run (`pulumi config set-all`). */
  async setConfigs(values: Readonly<Record<string, string>>): Promise<void> {
    const pairs = Object.entries(values).flatMap(([key, value]) => ['--plaintext', `${key}=${value}`]);
    await this.pulumi(['config', 'set-all', ...pairs, '--stack', this.stack]);
  }

  /** Edits the program as a person would: `from`, which must occur exactly once in index.ts, becomes `to`. */
  editProgram(from: string, to: string): void {
    const path = join(this.dir, 'index.ts');
    const text = readFileSync(path, 'utf8');
    const found = text.split(from).length - 1;
    if (found !== 1) throw new Error(`index.ts holds ${found} copies of ${JSON.stringify(from)}; an edit names exactly one place`);
    writeFileSync(
      path,
      text.replace(from, () => to),
    );
  }

  async removeConfig(key: string): Promise<void> {
    await this.pulumi(['config', 'rm', key, '--stack', this.stack]);
  }

  /** `pulumi preview --json` (or another command with --json) parsed. */
  async json<T = PreviewDigest>(args: readonly string[], expect: number | readonly number[] = 0): Promise<{ code: number; digest: T }> {
    const result = await this.pulumi([...args, '--json', '--stack', this.stack], expect);
    return { code: result.code, digest: JSON.parse(result.stdout) as T };
  }

  async up(extra: readonly string[] = []): Promise<RunResult> {
    return this.pulumi(['up', '--yes', '--skip-preview', '--stack', this.stack, ...extra]);
  }

  async outputs(): Promise<Record<string, unknown>> {
    const result = await this.pulumi(['stack', 'output', '--json', '--stack', this.stack]);
    return JSON.parse(result.stdout) as Record<string, unknown>;
  }

  remove(): void {
    if (process.env.WALLETINFRA_E2E_KEEP === '1') return;
    rmSync(this.dir, { recursive: true, force: true });
  }
}

export interface PreviewStep {
  op: string;
  urn: string;
  oldState?: { type?: string; id?: string; inputs?: Record<string, unknown>; outputs?: Record<string, unknown> };
  newState?: { type?: string; id?: string; inputs?: Record<string, unknown>; outputs?: Record<string, unknown> };
  diffReasons?: string[];
  replaceReasons?: string[];
  detailedDiff?: Record<string, { kind: string; inputDiff?: boolean }> | null;
}

export interface PreviewDigest {
  steps: PreviewStep[];
  changeSummary?: Record<string, number>;
  diagnostics?: Array<{ message: string; severity: string; urn?: string }>;
}

/** The resource name at the end of a URN. */
export function nameOf(urn: string): string {
  return urn.split('::').pop() ?? urn;
}

/** Steps of dynamic resources only (drops the stack and the provider), as `name -> step`. */
export function stepsByName(digest: PreviewDigest): Record<string, PreviewStep> {
  const out: Record<string, PreviewStep> = {};
  for (const s of digest.steps) {
    if (!s.urn.includes('pulumi-nodejs:dynamic/')) continue;
    out[nameOf(s.urn)] = s;
  }
  return out;
}
