#!/usr/bin/env node
// `walletinfra-policy test`: policy unit tests, like `opa test`. Exit 0 when every case passes, 1 when a
// case fails or anything else goes wrong (every error names the file, case and field).
import { writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { exitWith, PROCESS_OUTPUT, runTool, type Tool } from '../cli/run';
import { automationRunner, describeRunError, type StackRunner } from '../drift/run';
import { messageOf } from '../errors';
import { parsePolicyArgs, USAGE, type PolicyArgs } from './args';
import type { ReviewPolicy } from './decide';
import { loadTestFiles } from './discover';
import { FileProblems, loadPolicyFile } from './files';
import type { clientReader } from './organization';
import { caseLines, junitXml, runCases, summaryLine } from './run-tests';
import { policySets, previewPolicyChanges, stackReader } from './stack';

export interface PolicyCliDeps {
  runner: StackRunner;
  now(): Date;
  stdout(text: string): void;
  stderr(text: string): void;
  writeFile(path: string, text: string): void;
  env: Readonly<Record<string, string | undefined>>;
  makeReader?: typeof clientReader;
}

export function defaultPolicyDeps(): PolicyCliDeps {
  return {
    runner: automationRunner(),
    now: () => new Date(),
    ...PROCESS_OUTPUT,
    writeFile: (p, t) => writeFileSync(p, t),
    env: process.env,
  };
}

async function policiesFor(args: PolicyArgs, deps: PolicyCliDeps): Promise<ReviewPolicy[]> {
  if (args.policies !== undefined) return loadPolicyFile(args.policies);
  const stack = args.stack as string;
  const workDir = resolve(args.cwd);
  deps.stderr(`[policy] preview of stack ${stack} in ${args.cwd}...\n`);
  let changes;
  try {
    changes = await previewPolicyChanges(deps.runner, stack, workDir);
  } catch (err) {
    throw new Error(`--stack ${stack}: the preview failed: ${describeRunError(err, stack)}`);
  }
  const reader = await stackReader(deps.runner, stack, workDir, deps.env, deps.makeReader);
  const sets = await policySets(reader, changes);
  if (sets.elsewhere.length > 0) deps.stderr(`[policy] not tested (another organization): ${sets.elsewhere.join(', ')}\n`);
  deps.stderr(`[policy] ${sets.planned.length} planned policies (${changes.length} changed by the stack)\n`);
  return sets.planned;
}

const POLICY: Tool<PolicyArgs> = { name: 'walletinfra-policy', usage: USAGE, parse: parsePolicyArgs };

export async function policyMain(argv: readonly string[], deps: PolicyCliDeps = defaultPolicyDeps()): Promise<number> {
  return runTool(POLICY, argv, deps, (args) => testPolicies(args, deps));
}

async function testPolicies(args: PolicyArgs, deps: PolicyCliDeps): Promise<number> {
  try {
    const cases = loadTestFiles(args.files);
    const policies = await policiesFor(args, deps);
    const nowMs = args.now !== undefined ? Date.parse(args.now) : deps.now().getTime();
    const results = runCases(cases, policies, nowMs);
    if (args.json)
      deps.stdout(
        `${JSON.stringify({ summary: { cases: results.length, failed: results.filter((r) => !r.passed).length }, results }, null, 2)}\n`,
      );
    else deps.stdout(`${[...results.flatMap(caseLines), summaryLine(results)].join('\n')}\n`);
    if (args.junit !== undefined) deps.writeFile(args.junit, junitXml(results));
    return results.every((r) => r.passed) ? 0 : 1;
  } catch (err) {
    const problems = err instanceof FileProblems ? err.problems : [messageOf(err)];
    deps.stderr(`${problems.map((p) => `walletinfra-policy: ${p}`).join('\n')}\n`);
    return 1;
  }
}

export function runPolicyCli(): void {
  exitWith(POLICY.name, policyMain(process.argv.slice(2)));
}

if (require.main === module) runPolicyCli();
