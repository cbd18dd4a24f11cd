// Runs test cases against a policy set and renders the results: one line per case (with the policies that
// could not be evaluated, and on failure every outcome, the deciders first), a summary, JUnit XML for CI
// test reporters, and JSON.
import type { ImplicitPermission, PolicyEvaluationResult } from '@walletinfra/sdk/policy';
import {
  decide,
  decidedByText,
  errorLines,
  missedErrors,
  nameOf,
  outcomeLines,
  riskyErrorText,
  riskyErrors,
  type Decision,
  type ReviewPolicy,
} from './decide';
import type { TestCase } from './files';
import { toPolicyContext, type RequestDependencies } from './request';
import { refusedTail, type ReportRefusal } from './refusals';

/** The case's file's declarations, then the stack's. */
export function dependenciesOf(c: Pick<TestCase, 'dependencies'>, stack: RequestDependencies = {}): RequestDependencies {
  return {
    controls: [...(c.dependencies?.controls ?? []), ...(stack.controls ?? [])],
    interfaces: [...(c.dependencies?.interfaces ?? []), ...(stack.interfaces ?? [])],
  };
}

export interface CaseResult {
  file: string;
  line: number;
  name: string;
  /** `error`: a policy could not be evaluated in a way that may hide the service's decision. */
  status: 'passed' | 'failed' | 'error';
  passed: boolean;
  expected: Decision;
  actual: Decision;
  /** Names of the policies that decided the request. */
  decidedBy: string[];
  /** The service's exception that allowed the request, when no policy did. */
  implicitPermission?: ImplicitPermission;
  /** Why the case failed, when it did. */
  failure?: string;
  /** The policies that could not be evaluated on this request, expected or not. */
  policyErrors: Array<{ policy: string; error: string }>;
  evaluations: PolicyEvaluationResult[];
  durationMs: number;
  /** The lines shown under the case's own line. */
  details: string[];
  /** What decided, as the case's line says it. */
  decidedByText: string;
}

const EXPECT_IN_FILE = 'list the policy under expectErrors';

function runCase(
  c: TestCase,
  policies: readonly ReviewPolicy[],
  nowMs: number,
  clock: () => number,
  stack: RequestDependencies,
): CaseResult {
  const started = clock();
  const dependencies = dependenciesOf(c, stack);
  const result = decide(
    policies,
    toPolicyContext(c.request, nowMs, dependencies),
    (dependencies.controls ?? []).map((k) => k.identifier),
  );
  const by = decidedByText(result);
  const risky = riskyErrors(result, c.expectErrors);
  let status: CaseResult['status'] = 'passed';
  let failure: string | undefined;
  if (risky.length > 0) {
    status = 'error';
    failure = risky.map((r) => riskyErrorText(r, EXPECT_IN_FILE)).join('; ');
  } else if (result.decision !== c.expect) {
    status = 'failed';
    failure = `expected ${c.expect}, got ${result.decision}${by === '' ? '' : ` ${by}`}`;
  } else {
    const missed = missedErrors(result, c.expectErrors);
    const missing = c.decidedBy.filter((want) => !result.deciding.some((e) => e.policyId === want || e.policyName === want));
    if (missed.length > 0) {
      status = 'failed';
      failure = missed.join('; ');
    } else if (missing.length > 0) {
      status = 'failed';
      const actual =
        result.implicitPermission !== undefined
          ? by
          : result.deciding.length > 0
            ? result.deciding.map(nameOf).join(', ')
            : 'no policy (implicit deny)';
      failure = `expected ${missing.map((m) => `'${m}'`).join(', ')} to decide it; decided ${actual.startsWith('by ') ? actual : `by ${actual}`}`;
    }
  }
  const out: CaseResult = {
    file: c.file,
    line: c.line,
    name: c.name,
    status,
    passed: status === 'passed',
    expected: c.expect,
    actual: result.decision,
    decidedBy: result.deciding.map(nameOf),
    policyErrors: result.evaluations.filter((e) => e.outcome === 'OUTCOME_ERROR').map((e) => ({ policy: nameOf(e), error: e.error ?? '' })),
    evaluations: result.evaluations,
    durationMs: 0,
    details: status === 'passed' ? errorLines(result) : outcomeLines(result),
    decidedByText: by,
  };
  if (result.implicitPermission !== undefined) out.implicitPermission = result.implicitPermission;
  if (failure !== undefined) out.failure = failure;
  out.durationMs = clock() - started;
  return out;
}

/**
 * Runs every case; `clock` is a monotonic clock in milliseconds, for the JUnit times; `stack` holds the velocity
 * controls and contract interfaces of the stack the policies come from.
 */
export function runCases(
  cases: readonly TestCase[],
  policies: readonly ReviewPolicy[],
  nowMs: number,
  clock: () => number = () => performance.now(),
  stack: RequestDependencies = {},
): CaseResult[] {
  return cases.map((c) => runCase(c, policies, nowMs, clock, stack));
}

export function caseLines(r: CaseResult): string[] {
  const head =
    r.status === 'passed'
      ? `PASS ${r.file}:${r.line} ${r.name}: ${r.actual}${r.decidedByText === '' ? '' : ` ${r.decidedByText}`}`
      : `FAIL ${r.file}:${r.line} ${r.name}: ${r.failure ?? ''}`;
  return [head, ...r.details.map((l) => `       ${l}`)];
}

export interface Summary {
  cases: number;
  passed: number;
  failed: number;
  /** Cases that failed because a policy could not be evaluated (JUnit errors). */
  errors: number;
}

export function summaryOf(results: readonly CaseResult[]): Summary {
  const count = (s: CaseResult['status']): number => results.filter((r) => r.status === s).length;
  return { cases: results.length, passed: count('passed'), failed: count('failed'), errors: count('error') };
}

/** `refused`: resources the stack's preview refused (`walletinfra-policy test --stack`). */
export function summaryLine(results: readonly CaseResult[], refused = 0): string {
  const s = summaryOf(results);
  const errors = s.errors > 0 ? `, ${s.errors} error${s.errors === 1 ? '' : 's'}` : '';
  return `${s.cases} case${s.cases === 1 ? '' : 's'}: ${s.passed} passed, ${s.failed} failed${errors}${refusedTail(refused)}`;
}

const xml = (s: string): string => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
const seconds = (ms: number): string => (ms / 1000).toFixed(3);

function counts(rs: readonly CaseResult[]): string {
  const s = summaryOf(rs);
  return `tests="${s.cases}" failures="${s.failed}" errors="${s.errors}" time="${seconds(rs.reduce((t, r) => t + r.durationMs, 0))}"`;
}

/** JUnit XML: one testsuite per file, one testcase per case; a policy that could not be evaluated is an <error>. */
export function junitXml(results: readonly CaseResult[]): string {
  const byFile = new Map<string, CaseResult[]>();
  for (const r of results) byFile.set(r.file, [...(byFile.get(r.file) ?? []), r]);
  const lines = ['<?xml version="1.0" encoding="UTF-8"?>', `<testsuites name="walletinfra-policy" ${counts(results)}>`];
  for (const [file, rs] of byFile) {
    lines.push(`  <testsuite name="${xml(file)}" ${counts(rs)}>`);
    for (const r of rs) {
      const open = `    <testcase classname="${xml(file)}" name="${xml(r.name)}" file="${xml(file)}" line="${r.line}" time="${seconds(r.durationMs)}"`;
      if (r.passed) lines.push(`${open}/>`);
      else {
        const tag = r.status === 'error' ? 'error' : 'failure';
        lines.push(`${open}>`);
        lines.push(`      <${tag} message="${xml(r.failure ?? '')}">${xml(r.details.join('\n'))}</${tag}>`);
        lines.push('    </testcase>');
      }
    }
    lines.push('  </testsuite>');
  }
  lines.push('</testsuites>', '');
  return lines.join('\n');
}

/** The `--json` document: the summary, each case without its rendering, and what the stack's preview refused. */
export function resultsJson(
  results: readonly CaseResult[],
  refused: readonly ReportRefusal[] = [],
): { summary: Summary & { refused: number }; results: unknown[]; refused: ReportRefusal[] } {
  return {
    summary: { ...summaryOf(results), refused: refused.length },
    refused: [...refused],
    results: results.map((r) => Object.fromEntries(Object.entries(r).filter(([k]) => k !== 'details' && k !== 'decidedByText'))),
  };
}
