// The example CI workflows' own shell steps, run locally with bash exactly as written in the YAML
// (`bash --noprofile --norc -eo pipefail`, as GitHub runs a `run:` script), with the workflow's plain env, the
// step's env (its `${{ expressions }}` filled from what the test knows), and GITHUB_OUTPUT / GITHUB_STEP_SUMMARY
// files. GitHub itself is the only stand-in: `gh` is fake-gh.js, keeping issues in a JSON file.
import { chmodSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { run, type RunResult } from './process';

// js-yaml ships with @pulumi/pulumi (no types of its own here).
// eslint-disable-next-line @typescript-eslint/no-require-imports -- an untyped package (above): require() lets this line declare the one function used
const yaml = require('js-yaml') as { load(text: string): unknown };

export interface Step {
  name?: string;
  id?: string;
  run?: string;
  env?: Record<string, string>;
}

export interface Workflow {
  env: Record<string, string>;
  jobs: Record<string, { steps: Step[] }>;
}

/** A workflow of examples/. */
export function loadWorkflow(path: string): Workflow {
  return yaml.load(readFileSync(join(__dirname, '..', '..', '..', 'examples', path), 'utf8')) as Workflow;
}

/** Issues and pull-request comments as fake-gh.js keeps them. */
export interface GhState {
  issues: Array<{ number: number; title: string; state: string; body: string; comments: string[] }>;
  comments: Array<{ id: number; pr: number; body: string }>;
}

export interface StepContext {
  /** The directory the step runs in. */
  cwd: string;
  /** A directory of the test's own: the fake `gh` on PATH, its state, the GITHUB_* files. */
  work: string;
  /** The environment under the workflow's and the step's (PATH is prefixed with the fake `gh`). */
  env: NodeJS.ProcessEnv;
  /** The values of `${{ expressions }}` the test knows, besides `steps.<id>.outputs.<name>`. */
  known: Readonly<Record<string, string>>;
}

/** Puts the fake `gh` in `work/bin`. */
export function installFakeGh(work: string): void {
  mkdirSync(join(work, 'bin'), { recursive: true });
  const gh = join(work, 'bin', 'gh');
  writeFileSync(gh, `#!/bin/sh\nexec "${process.execPath}" "${join(__dirname, 'fake-gh.js')}" "$@"\n`);
  chmodSync(gh, 0o755);
}

export function ghState(work: string): GhState {
  return JSON.parse(readFileSync(join(work, 'gh-state.json'), 'utf8')) as GhState;
}

function expression(expr: string, known: Readonly<Record<string, string>>, outputs: Readonly<Record<string, string>>): string {
  const m = /^steps\.[\w-]+\.outputs\.([\w-]+)$/.exec(expr);
  if (m) return outputs[m[1] as string] ?? '';
  if (expr in known) return known[expr] as string;
  throw new Error(`the test does not know the expression \${{ ${expr} }}`);
}

/** Runs step `name` of job `job`; `outputs` are earlier steps' outputs. Resolves with its result and its outputs. */
export async function runStep(
  wf: Workflow,
  job: string,
  name: string,
  ctx: StepContext,
  outputs: Readonly<Record<string, string>> = {},
): Promise<RunResult & { outputs: Record<string, string> }> {
  const s = wf.jobs[job]?.steps.find((x) => x.name === name);
  if (s?.run === undefined) throw new Error(`no step "${name}" with a run script in job ${job}`);
  const outFile = join(ctx.work, 'github-output');
  writeFileSync(outFile, '');
  const stepEnv: Record<string, string> = {};
  for (const [k, v] of Object.entries(s.env ?? {})) {
    stepEnv[k] = String(v).replace(/\$\{\{\s*([^}]+?)\s*\}\}/g, (_m, e: string) => expression(e, ctx.known, outputs));
  }
  const plainWorkflowEnv = Object.fromEntries(Object.entries(wf.env).filter(([, v]) => !String(v).includes('${{')));
  const env = {
    ...plainWorkflowEnv,
    ...ctx.env,
    PATH: `${join(ctx.work, 'bin')}:${ctx.env.PATH ?? ''}`,
    GITHUB_OUTPUT: outFile,
    GITHUB_STEP_SUMMARY: join(ctx.work, 'step-summary.md'),
    FAKE_GH_STATE: join(ctx.work, 'gh-state.json'),
    ...stepEnv,
  };
  const result = await run('bash', ['--noprofile', '--norc', '-eo', 'pipefail', '-c', s.run], { cwd: ctx.cwd, env });
  const stepOutputs: Record<string, string> = {};
  for (const line of readFileSync(outFile, 'utf8').split('\n')) {
    const eq = line.indexOf('=');
    if (eq > 0) stepOutputs[line.slice(0, eq)] = line.slice(eq + 1);
  }
  return { ...result, outputs: stepOutputs };
}
