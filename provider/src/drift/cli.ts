#!/usr/bin/env node
// `walletinfra-drift`: drift report (default) or pull-request preview summary (`--preview`) for one or more
// stacks. Exit 0 clean, 2 drift, 1 error. Output files are written even when a stack fails, so a
// CI job can publish what was found.
import { existsSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { exitWith, installedVersion, ownVersion, PROCESS_OUTPUT, runTool, type Tool } from '../cli/run';
import { USAGE, parseArgs, type DriftArgs } from './args';
import { collectSteps } from '../stack/collect';
import type { EngineEventLike } from '../stack/events';
import { renderChangesMarkdown } from './markdown';
import { buildReport, buildStackReport, exitCodeFor } from './report';
import { automationRunner, describeRunError, type StackRunner } from '../stack/run';
import { stackPolicyImpact, type ImpactSettings } from '../policy-review/stack-impact';
import type { ChangeReport, StackReport, ToolVersions } from './types';
import { KINDS } from '../resources/kinds';
import type { MakeInventoryReader } from './unmanaged/read';
import { unmanagedReport } from './unmanaged/run';
import type { IgnoreRule, UnmanagedReport } from './unmanaged/types';

export interface CliDeps {
  runner: StackRunner;
  now(): Date;
  stdout(text: string): void;
  stderr(text: string): void;
  writeFile(path: string, text: string): void;
  /** Where the policy impact reads credentials from when the stack's config has none. */
  env?: Readonly<Record<string, string | undefined>>;
  /** Tests: how the policy impact reads the organization. */
  makeReader?: ImpactSettings['makeReader'];
  /** Tests: how the unmanaged-objects report reads an organization. */
  makeInventoryReader?: MakeInventoryReader;
}

export function defaultDeps(): CliDeps {
  return {
    runner: automationRunner(),
    now: () => new Date(),
    ...PROCESS_OUTPUT,
    writeFile: (p, t) => writeFileSync(p, t),
  };
}

function projectError(cwd: string): string | undefined {
  const dir = resolve(cwd);
  if (!existsSync(dir)) return `--cwd ${cwd}: no such directory`;
  if (!existsSync(join(dir, 'Pulumi.yaml')) && !existsSync(join(dir, 'Pulumi.yml'))) {
    return `--cwd ${cwd}: no Pulumi.yaml there (point --cwd at the Pulumi project directory)`;
  }
  return undefined;
}

async function checkStack(args: DriftArgs, stack: string, deps: CliDeps): Promise<StackReport> {
  const events: EngineEventLike[] = [];
  let error: string | undefined;
  try {
    await deps.runner.run(args.mode, stack, resolve(args.cwd), (e) => events.push(e), { refresh: args.refresh });
  } catch (err) {
    error = describeRunError(err, stack);
  }
  const steps = collectSteps(events);
  const report = buildStackReport(args.mode, { stack, workDir: args.cwd, steps, ...(error !== undefined ? { error } : {}) });
  if (args.mode === 'preview' && error === undefined) {
    const impact = await stackPolicyImpact(deps.runner, stack, resolve(args.cwd), steps, {
      maxActivities: args.impactActivities,
      maxAgeMs: args.impactWindowMs,
      nowMs: deps.now().getTime(),
      testPaths: args.policyTests,
      env: deps.env ?? process.env,
      ...(deps.makeReader !== undefined ? { makeReader: deps.makeReader } : {}),
    });
    if (impact !== undefined) report.policyImpact = impact;
  }
  return report;
}

function oneLine(s: StackReport): string {
  if (s.status === 'error') return `[drift] ${s.stack}: error: ${s.error ?? ''}`;
  const c = s.summary as unknown as Record<string, number>;
  const counts = Object.entries(c)
    .map(([k, v]) => `${k} ${v}`)
    .join(', ');
  return `[drift] ${s.stack}: ${s.status} (${counts})`;
}

const DRIFT: Tool<DriftArgs> = { name: 'walletinfra-drift', usage: USAGE, parse: parseArgs };

export async function main(argv: readonly string[], deps: CliDeps = defaultDeps()): Promise<number> {
  return runTool(DRIFT, argv, deps, (args) => checkStacks(args, deps));
}

async function checkStacks(args: DriftArgs, deps: CliDeps): Promise<number> {
  const badCwd = projectError(args.cwd);
  if (badCwd !== undefined) {
    deps.stderr(`walletinfra-drift: ${badCwd}\n`);
    return 1;
  }
  const runAt = deps.now();
  const stacks: StackReport[] = [];
  for (const stack of args.stacks) {
    deps.stderr(`[drift] ${args.mode === 'drift' ? 'refresh preview' : 'preview'} of stack ${stack} in ${args.cwd}...\n`);
    const report = await checkStack(args, stack, deps);
    deps.stderr(`${oneLine(report)}\n`);
    if (report.policyImpact?.status === 'not-evaluable') {
      deps.stderr(`[drift] ${stack}: the policy impact could not be computed: ${report.policyImpact.reason}\n`);
    }
    stacks.push(report);
  }
  const failed = stacks.filter((s) => s.status === 'error').map((s) => s.stack);
  const unmanaged = args.mode === 'drift' && args.unmanaged ? await checkUnmanaged(args, deps, failed) : undefined;
  const pulumiCli = await deps.runner.pulumiVersion(resolve(args.cwd));
  const tools: ToolVersions = {
    walletinfraDrift: ownVersion(),
    ...(pulumiCli !== undefined ? { pulumiCli } : {}),
    pulumiSdk: installedVersion('@pulumi/pulumi') ?? 'unknown',
    node: process.version,
  };
  const report: ChangeReport = buildReport(args.mode, runAt, tools, stacks, unmanaged);
  const markdown = renderChangesMarkdown(report);
  try {
    if (args.jsonOut !== undefined) deps.writeFile(args.jsonOut, `${JSON.stringify(report, null, 2)}\n`);
    if (args.mdOut !== undefined) deps.writeFile(args.mdOut, markdown);
  } catch (err) {
    deps.stderr(`walletinfra-drift: could not write the report: ${(err as Error).message}\n`);
    return 1;
  }
  if (args.jsonOut === undefined && args.mdOut === undefined) deps.stdout(markdown);
  return exitCodeFor(report, args.detailedExitcode, args.failOnImpact);
}

async function checkUnmanaged(args: DriftArgs, deps: CliDeps, failed: readonly string[]): Promise<UnmanagedReport> {
  // Its reason is already reported once; the organizations are read with the same settings.
  if (failed.length > 0) return { status: 'not-evaluable', reason: `stack ${failed.join(', ')} could not be checked (see above)` };
  deps.stderr(`[drift] objects no stack declares, in the organizations of ${args.stacks.join(', ')}...\n`);
  const rules: IgnoreRule[] = [
    ...args.ignoreIds.map((id) => ({ id, source: '--ignore' })),
    ...args.ignoreKinds.map((kind) => ({ kind, source: '--ignore-kind' })),
  ];
  const report = await unmanagedReport(deps.runner, {
    stacks: args.stacks,
    workDir: resolve(args.cwd),
    env: deps.env ?? process.env,
    rules,
    strict: args.strict,
    kinds: KINDS,
    ...(deps.makeInventoryReader !== undefined ? { makeReader: deps.makeInventoryReader } : {}),
  });
  if (report.status === 'not-evaluable') deps.stderr(`[drift] the unmanaged-objects report could not be made: ${report.reason}\n`);
  else {
    const t = report.totals;
    deps.stderr(`[drift] unmanaged ${t.unmanaged}, acknowledged ${t.acknowledged}, managed ${t.managed} of ${t.total}\n`);
  }
  return report;
}

/** Runs the command for this process (the `walletinfra-drift` bin and `node dist/drift/cli.js`). */
export function runCli(): void {
  exitWith(DRIFT.name, () => main(process.argv.slice(2)));
}

if (require.main === module) runCli();
