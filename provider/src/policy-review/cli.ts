#!/usr/bin/env node
// `walletinfra-policy test`: policy unit tests, like `opa test`; `walletinfra-policy lint`: the policy linter (./lint.ts). Exit 0 when every case passes, 1 when a case
// fails, 3 for invalid input (arguments, files, policies that do not parse), 4 when the tests cannot run;
// every problem names the file, case and field (USAGE lists the codes).
import { writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { exitWith, PROCESS_OUTPUT, runTool, type Tool } from '../cli/run';
import { automationRunner, type StackRunner } from '../stack/run';
import { pathWithin, readPaths } from '@walletinfra/sdk/policy';
import { messageOf } from '../errors';
import { EXIT, parsePolicyArgs, USAGE, type PolicyArgs } from './args';
import type { ReviewPolicy } from './decide';
import { loadTestFiles } from './discover';
import { loadPolicyFile, policyProblems, type TestCase } from './files';
import type { clientReader } from './organization';
import { FileProblems, problemText, type Problem } from './problems';
import { lintCommand } from './lint';
import { controlProblems, type RequestDependencies } from './request';
import { caseLines, dependenciesOf, junitXml, resultsJson, runCases, summaryLine } from './run-tests';
import { reportRefusal, type Refusal } from './refusals';
import { policySets, reviewedPreview, stackDependencies, stackReader } from './stack';

export interface PolicyCliDeps {
  runner: StackRunner;
  now(): Date;
  stdout(text: string): void;
  stderr(text: string): void;
  writeFile(path: string, text: string): void;
  env: Readonly<Record<string, string | undefined>>;
  makeReader?: typeof clientReader;
  /** A monotonic clock in milliseconds, for the case times of the JUnit report; default performance.now. */
  clock?: () => number;
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

/** The tests could not run (exit 4): a preview, a read of the organization or a report failed. */
class Unavailable extends Error {}

/** The policies to test, and with a stack, the velocity controls and contract interfaces they depend on. */
async function policiesFor(
  args: PolicyArgs,
  deps: PolicyCliDeps,
): Promise<{ policies: ReviewPolicy[]; dependencies: RequestDependencies; refusals: Refusal[] }> {
  if (args.policies !== undefined) return { policies: loadPolicyFile(args.policies), dependencies: {}, refusals: [] };
  const stack = args.stack as string;
  const workDir = resolve(args.cwd);
  let sets;
  let dependencies: RequestDependencies;
  let refusals: Refusal[];
  try {
    const changes = await reviewedPreview(deps.runner, stack, args.cwd, 'testing', (t) => deps.stderr(t));
    refusals = changes.refusals;
    const reader = await stackReader(deps.runner, stack, workDir, deps.env, deps.makeReader);
    sets = await policySets(reader, changes.policies);
    const usesDependencies =
      changes.smartContractInterfaces.length + changes.velocityControls.length > 0 || sets.planned.some(readsDependencies);
    const facts = usesDependencies && reader.lintFacts !== undefined ? await reader.lintFacts() : undefined;
    dependencies = stackDependencies(changes, facts, reader.organizationId);
  } catch (err) {
    throw new Unavailable(messageOf(err), { cause: err });
  }
  if (sets.elsewhere.length > 0) deps.stderr(`[policy] not tested (another organization): ${sets.elsewhere.join(', ')}\n`);
  deps.stderr(`[policy] ${sets.planned.length} planned policies (${sets.changes.length} changed by the stack)\n`);
  // The preview checked what the stack plans; live policies the service accepted may still fail our checker.
  const problems = policyProblems(sets.planned);
  if (problems.length > 0) throw new FileProblems(problems);
  return { policies: sets.planned, dependencies, refusals };
}

const DECODED = ['eth.tx.function_name', 'eth.tx.function_signature', 'eth.tx.contract_call_args'];

/** Does a policy read a velocity control or a decoded contract call? */
function readsDependencies(policy: ReviewPolicy): boolean {
  const reads = [...readPaths(policy.condition ?? ''), ...readPaths(policy.consensus ?? '')];
  return reads.some((r) => r.startsWith('controls.') || DECODED.some((f) => pathWithin(r, f)));
}

/** Velocity-control states whose operator and threshold no declared control gives, at the case's line. */
function caseControlProblems(cases: readonly TestCase[], stack: RequestDependencies): Problem[] {
  return cases.flatMap((c) =>
    controlProblems(c.request, dependenciesOf(c, stack)).map((p) => ({
      file: c.file,
      line: c.line,
      column: 1,
      case: c.name,
      field: `request.${p.path.map(String).join('.')}`,
      message: p.message,
    })),
  );
}

const POLICY: Tool<PolicyArgs> = { name: 'walletinfra-policy', usage: USAGE, parse: parsePolicyArgs, usageExitCode: EXIT.invalid };

export async function policyMain(argv: readonly string[], deps: PolicyCliDeps = defaultPolicyDeps()): Promise<number> {
  return runTool(POLICY, argv, deps, (args) => (args.command === 'lint' ? lintCommand(args, deps) : testPolicies(args, deps)));
}

/** Problems on stderr, one line each, or in the JSON on stdout with --json; returns the exit code. */
function refuse(args: PolicyArgs, deps: PolicyCliDeps, code: number, problems: readonly Problem[]): number {
  if (args.json) {
    const summary = { cases: 0, passed: 0, failed: 0, errors: 0, refused: 0 };
    deps.stdout(
      `${JSON.stringify({ summary, problems: problems.map((p) => ({ ...p, text: problemText(p) })), results: [], refused: [] }, null, 2)}\n`,
    );
  } else deps.stderr(`${problems.map((p) => `walletinfra-policy: ${problemText(p)}`).join('\n')}\n`);
  return code;
}

async function testPolicies(args: PolicyArgs, deps: PolicyCliDeps): Promise<number> {
  let cases: TestCase[] = [];
  let policies: ReviewPolicy[] = [];
  let dependencies: RequestDependencies = {};
  let refusals: Refusal[] = [];
  const invalid: Problem[] = [];
  try {
    cases = loadTestFiles(args.files);
  } catch (err) {
    if (!(err instanceof FileProblems)) return refuse(args, deps, EXIT.unavailable, [{ message: messageOf(err) }]);
    invalid.push(...err.problems);
  }
  // A policies file is checked even when the test files are not, so every problem shows at once; a stack's
  // preview waits for valid test files.
  if (invalid.length === 0 || args.policies !== undefined) {
    try {
      ({ policies, dependencies, refusals } = await policiesFor(args, deps));
    } catch (err) {
      if (!(err instanceof FileProblems)) return refuse(args, deps, EXIT.unavailable, [{ message: messageOf(err) }]);
      invalid.push(...err.problems);
    }
  }
  if (invalid.length === 0) invalid.push(...caseControlProblems(cases, dependencies));
  if (invalid.length > 0) return refuse(args, deps, EXIT.invalid, invalid);
  const nowMs = args.now !== undefined ? Date.parse(args.now) : deps.now().getTime();
  const results = runCases(cases, policies, nowMs, deps.clock, dependencies);
  // What the provider refused at the preview is not tested: the cases ran on what it planned before it stopped.
  const refused = refusals.map(reportRefusal);
  const problems: Problem[] = [];
  if (args.junit !== undefined) {
    try {
      deps.writeFile(args.junit, junitXml(results));
    } catch (err) {
      problems.push({ message: `--junit ${args.junit}: cannot write the report (${messageOf(err)})` });
    }
  }
  if (args.json) {
    const json = resultsJson(results, refused);
    deps.stdout(
      `${JSON.stringify(problems.length > 0 ? { ...json, problems: problems.map((p) => ({ ...p, text: problemText(p) })) } : json, null, 2)}\n`,
    );
  } else {
    deps.stdout(`${[...refused.map((r) => r.text), ...results.flatMap(caseLines), summaryLine(results, refused.length)].join('\n')}\n`);
    if (problems.length > 0) deps.stderr(`${problems.map((p) => `walletinfra-policy: ${problemText(p)}`).join('\n')}\n`);
  }
  if (problems.length > 0) return EXIT.unavailable;
  return results.every((r) => r.passed) && refused.length === 0 ? EXIT.passed : EXIT.failed;
}

export function runPolicyCli(): void {
  exitWith(POLICY.name, () => policyMain(process.argv.slice(2)));
}

if (require.main === module) runPolicyCli();
