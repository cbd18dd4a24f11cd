// The run's Pulumi project: one directory under .data/acceptance/ (inside the repository, so the program
// resolves the workspace's packages), with its own local state backend, PULUMI_HOME and passphrase, one stack,
// and the program of ./program/ that declares whatever plan.json lists. Each step writes the plan and runs one
// CLI command; the processes the engine starts (the program, the provider) inherit the recording settings.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { copyFileSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { RECORDING_ENV } from '@walletinfra/sdk/process';
import { Interrupted, type Interruption } from './interrupt';

export const STACK = 'acceptance';

/** The program's plan: what it declares (./program/index.ts). */
export interface ProgramPlan {
  resources: Array<{ name: string; type: string; args: Record<string, unknown> }>;
  lookups: Array<{ name: string; fn: string; args: Record<string, unknown> }>;
}

export interface PulumiResult {
  code: number;
  stdout: string;
  stderr: string;
  seconds: number;
}

export interface ProjectOptions {
  dir: string;
  /** The Pulumi CLI's directory (scripts/ensure-pulumi.sh --print-bin-dir). */
  pulumiBinDir: string;
  /** The environment the run was given (the credentials, WALLETINFRA_*), passed on to the engine. */
  env: Readonly<Record<string, string | undefined>>;
  recordFile: string;
  /** Hex key of the recording's placeholders, shared with the engine's processes. */
  recordKey: string;
  /** Identifiers the engine's processes hide in the recording too. */
  recordHidden?: readonly string[];
  now: () => number;
  /** Stops the command in progress when the run is interrupted (./interrupt.ts). */
  interruption?: Interruption;
}

const PROGRAM_DIR = join(__dirname, 'program');

/** A word as a POSIX shell reads it: as it is when it needs no quoting, else in single quotes. */
export function shellWord(text: string): string {
  return /^[A-Za-z0-9_./:=@%+-]+$/.test(text) ? text : `'${text.replace(/'/g, `'\\''`)}'`;
}

export class AcceptanceProject {
  readonly #env: NodeJS.ProcessEnv;

  constructor(private readonly options: ProjectOptions) {
    this.#env = {
      ...Object.fromEntries(Object.entries(options.env).filter(([k]) => !k.startsWith('PULUMI_'))),
      PATH: `${options.pulumiBinDir}:${options.env.PATH ?? ''}`,
      ...this.inspectEnv(),
      PULUMI_SKIP_UPDATE_CHECK: 'true',
      [RECORDING_ENV.file]: options.recordFile,
      [RECORDING_ENV.key]: options.recordKey,
      [RECORDING_ENV.hide]: (options.recordHidden ?? []).join(','),
    };
  }

  get dir(): string {
    return this.options.dir;
  }

  /** Where the stack's state, the passphrase of its secrets and Pulumi's own files live (kept with the project). */
  inspectEnv(): Record<string, string> {
    const { dir } = this.options;
    return {
      PULUMI_HOME: join(dir, '.pulumi-home'),
      PULUMI_BACKEND_URL: `file://${join(dir, 'state')}`,
      PULUMI_CONFIG_PASSPHRASE_FILE: join(dir, 'passphrase'),
    };
  }

  /** The command that shows the stack and its resources' ids, to inspect what a run that stopped left. */
  inspectCommand(): string {
    const env = Object.entries(this.inspectEnv()).map(([k, v]) => `${k}=${shellWord(v)}`);
    return `${env.join(' ')} ${shellWord(join(this.options.pulumiBinDir, 'pulumi'))} stack --stack ${STACK} --show-ids --cwd ${shellWord(this.options.dir)}`;
  }

  /** Writes the project (program, compiler options, Pulumi.yaml) and creates the stack. */
  async init(): Promise<PulumiResult> {
    const { dir } = this.options;
    mkdirSync(join(dir, 'state'), { recursive: true });
    // The passphrase of the stack's secrets is kept beside its state (owner-only), so a stack a run left can be read.
    writeFileSync(join(dir, 'passphrase'), `${randomBytes(16).toString('hex')}\n`, { mode: 0o600 });
    copyFileSync(join(PROGRAM_DIR, 'index.ts'), join(dir, 'index.ts'));
    copyFileSync(join(PROGRAM_DIR, 'tsconfig.json'), join(dir, 'tsconfig.json'));
    writeFileSync(
      join(dir, 'Pulumi.yaml'),
      [
        'name: walletinfra-acceptance',
        'description: The acceptance run of walletinfra (tests/acceptance); safe to delete',
        'runtime:',
        '  name: nodejs',
        '  options:',
        '    typescript: true',
        '    tsconfig: tsconfig.json',
        'main: index.ts',
        '',
      ].join('\n'),
    );
    this.writePlan({ resources: [], lookups: [] });
    return this.pulumi(['stack', 'init', STACK], 'set-up');
  }

  /** The plan the next step's program declares (written owner-only: it holds the run's sample secrets). */
  writePlan(plan: ProgramPlan): void {
    writeFileSync(join(this.options.dir, 'plan.json'), `${JSON.stringify(plan, null, 2)}\n`, { mode: 0o600 });
  }

  /** Runs `pulumi ARGS --non-interactive` in the project; `step` names the recording's lines of its processes. */
  pulumi(args: readonly string[], step: string): Promise<PulumiResult> {
    const started = this.options.now();
    const { interruption } = this.options;
    interruption?.check();
    return new Promise((resolve, reject) => {
      // A process group of its own: a terminal's Ctrl-C reaches the run, which stops Pulumi as it should be.
      const child = spawn('pulumi', [...args, '--non-interactive'], {
        cwd: this.options.dir,
        env: { ...this.#env, [RECORDING_ENV.step]: step },
        stdio: ['ignore', 'pipe', 'pipe'],
        detached: true,
      });
      const tracked = interruption?.track(child, `pulumi ${args[0] ?? ''} (pid ${child.pid ?? '?'})`);
      let stdout = '';
      let stderr = '';
      child.stdout.setEncoding('utf8').on('data', (d: string) => (stdout += d));
      child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
      child.on('error', reject);
      child.on('close', (code, signal) => {
        tracked?.done();
        if (interruption?.signal !== undefined) reject(new Interrupted(interruption.signal));
        else resolve({ code: code ?? (signal !== null ? 128 : 1), stdout, stderr, seconds: (this.options.now() - started) / 1000 });
      });
    });
  }

  up(step: string, extra: readonly string[] = []): Promise<PulumiResult> {
    return this.pulumi(['up', '--yes', '--skip-preview', '--stack', STACK, ...extra], step);
  }

  preview(step: string, extra: readonly string[] = []): Promise<PulumiResult> {
    return this.pulumi(['preview', '--json', '--stack', STACK, ...extra], step);
  }

  destroy(step: string): Promise<PulumiResult> {
    return this.pulumi(['destroy', '--yes', '--skip-preview', '--stack', STACK], step);
  }

  async outputs(step: string): Promise<Record<string, unknown>> {
    const result = await this.pulumi(['stack', 'output', '--json', '--show-secrets', '--stack', STACK], step);
    if (result.code !== 0) throw new Error(`pulumi stack output exited ${result.code}: ${result.stderr.trim()}`);
    return JSON.parse(result.stdout) as Record<string, unknown>;
  }
}

/** What a preview plans for each of the program's resources (by name): create, update, replace, delete or same. */
export function plannedOps(previewJson: string): Record<string, string> {
  const digest = JSON.parse(previewJson) as { steps?: Array<{ op: string; urn: string }> };
  const ops: Record<string, string[]> = {};
  for (const step of digest.steps ?? []) {
    if (!step.urn.includes('pulumi-nodejs:dynamic/') && !step.urn.includes('walletinfra:index:')) continue;
    const name = step.urn.split('::').pop() ?? step.urn;
    (ops[name] ??= []).push(step.op);
  }
  return Object.fromEntries(
    Object.entries(ops).map(([name, list]) => {
      if (list.some((op) => op === 'replace' || op === 'create-replacement' || op === 'delete-replaced')) return [name, 'replace'];
      for (const op of ['create', 'update', 'delete']) if (list.includes(op)) return [name, op];
      return [name, 'same'];
    }),
  );
}
