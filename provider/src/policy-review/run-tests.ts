// Runs test cases against a policy set and renders the results: one line per case, a summary, JUnit
// XML for CI test reporters, and JSON.
import type { PolicyEvaluationResult } from '@walletinfra/sdk';
import { decide, describeEvaluations, type Decision, type ReviewPolicy } from './decide';
import type { TestCase } from './files';
import { toPolicyContext } from './request';

export interface CaseResult {
  file: string;
  line: number;
  name: string;
  passed: boolean;
  expected: Decision;
  actual: Decision;
  /** Names of the policies that decided the request. */
  decidedBy: string[];
  /** Why the case failed, when it did. */
  failure?: string;
  evaluations: PolicyEvaluationResult[];
}

const nameOf = (e: PolicyEvaluationResult): string => e.policyName ?? e.policyId;

function runCase(c: TestCase, policies: readonly ReviewPolicy[], nowMs: number): CaseResult {
  const result = decide(policies, toPolicyContext(c.request, nowMs));
  const decidedBy = result.deciding.map(nameOf);
  let failure: string | undefined;
  if (result.decision !== c.expect) failure = `expected ${c.expect}, got ${result.decision}`;
  else {
    const missing = c.decidedBy.filter((want) => !result.deciding.some((e) => e.policyId === want || e.policyName === want));
    if (missing.length > 0) {
      failure = `expected ${missing.map((m) => `'${m}'`).join(', ')} to decide it; decided by ${decidedBy.length > 0 ? decidedBy.map((d) => `'${d}'`).join(', ') : 'no policy (implicit deny)'}`;
    }
  }
  const out: CaseResult = {
    file: c.file,
    line: c.line,
    name: c.name,
    passed: failure === undefined,
    expected: c.expect,
    actual: result.decision,
    decidedBy,
    evaluations: result.evaluations,
  };
  if (failure !== undefined) out.failure = failure;
  return out;
}

export function runCases(cases: readonly TestCase[], policies: readonly ReviewPolicy[], nowMs: number): CaseResult[] {
  return cases.map((c) => runCase(c, policies, nowMs));
}

export function caseLines(r: CaseResult): string[] {
  const by = r.decidedBy.length > 0 ? ` by ${r.decidedBy.join(', ')}` : '';
  if (r.passed) return [`PASS ${r.file}:${r.line} ${r.name}: ${r.actual}${by}`];
  return [`FAIL ${r.file}:${r.line} ${r.name}: ${r.failure ?? ''}`, ...describeEvaluations(r.evaluations).map((l) => `       ${l}`)];
}

export function summaryLine(results: readonly CaseResult[]): string {
  const failed = results.filter((r) => !r.passed).length;
  return `${results.length} case${results.length === 1 ? '' : 's'}: ${results.length - failed} passed, ${failed} failed`;
}

const xml = (s: string): string => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** JUnit XML: one testsuite per file, one testcase per case. */
export function junitXml(results: readonly CaseResult[]): string {
  const byFile = new Map<string, CaseResult[]>();
  for (const r of results) byFile.set(r.file, [...(byFile.get(r.file) ?? []), r]);
  const failures = results.filter((r) => !r.passed).length;
  const lines = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites name="walletinfra-policy" tests="${results.length}" failures="${failures}">`,
  ];
  for (const [file, rs] of byFile) {
    lines.push(`  <testsuite name="${xml(file)}" tests="${rs.length}" failures="${rs.filter((r) => !r.passed).length}">`);
    for (const r of rs) {
      const open = `    <testcase classname="${xml(file)}" name="${xml(r.name)}" file="${xml(file)}" line="${r.line}"`;
      if (r.passed) lines.push(`${open}/>`);
      else {
        lines.push(`${open}>`);
        lines.push(`      <failure message="${xml(r.failure ?? '')}">${xml(describeEvaluations(r.evaluations).join('\n'))}</failure>`);
        lines.push('    </testcase>');
      }
    }
    lines.push('  </testsuite>');
  }
  lines.push('</testsuites>', '');
  return lines.join('\n');
}
