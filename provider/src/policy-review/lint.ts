// `walletinfra-policy lint`: the policy linter (docs/policy-lint.md) over a policies file or the policies a stack
// plans. With a stack, the organization's users, tags and root quorum (consensus satisfiability) and the planned
// and live smart-contract interfaces and velocity controls (contract calls) are read too, as the provider's
// preview reads them. Exit codes follow `walletinfra-policy test`: 0 when no finding is at error level (warnings
// are printed), 1 when one is, 3 for invalid input, 4 when the stack could not be previewed or read. A preview the
// provider failed at a Policy's check (a function name the uploaded ABI lacks is an error at any level) still lints
// what it planned before it stopped, and reports each refusal as an error (exit 1).
import { resolve } from 'node:path';
import { lintPolicies, type LintPolicy, type PolicyLintFinding } from '@walletinfra/sdk/policy';
import { messageOf } from '../errors';
import { findingPlace, findingText, ruleDocs, severityAt } from '../policy-lint/findings';
import { organizationView, type OrganizationFacts } from '../policy-lint/view';
import { EXIT, type PolicyArgs } from './args';
import type { StackRunner } from '../stack/run';
import type { clientReader } from './organization';
import type { ReviewPolicy } from './decide';
import { loadPolicyFileAt, policyProblems } from './files';
import { FileProblems, problemText, type Problem } from './problems';
import { refusedTail, reportRefusal, type Refusal, type ReportRefusal } from './refusals';
import { policySets, reviewedPreview, stackDependencies, stackReader } from './stack';

/** What the command needs from its process: `walletinfra-policy`'s dependencies (./cli.ts) have these. */
export interface LintDeps {
  runner: StackRunner;
  stdout(text: string): void;
  stderr(text: string): void;
  env: Readonly<Record<string, string | undefined>>;
  makeReader?: typeof clientReader;
}

/** What is linted: the policies, where each is written, and what the organization tells about them. */
interface LintSubject {
  policies: ReviewPolicy[];
  /** A policy's place in the file, or the stack resource that declares it. */
  placeOf: (index: number, field?: 'condition' | 'consensus') => Pick<Problem, 'file' | 'line' | 'column'> & { resource?: string };
  facts: OrganizationFacts;
  /** The level the stack asks for (walletinfra:policyLint), when linting a stack. */
  stackLevel?: 'warn' | 'error' | 'off';
  /** Resources the provider refused at the preview's check (the preview stopped there). */
  refusals: Refusal[];
}

/** The stack could not be previewed or read (exit 4). */
class Unavailable extends Error {}

function fromFile(file: string): LintSubject {
  const { policies, where } = loadPolicyFileAt(file);
  const placeOf: LintSubject['placeOf'] = (i, field) => where(i, field);
  return { policies, placeOf, facts: {}, refusals: [] };
}

async function fromStack(args: PolicyArgs, deps: LintDeps): Promise<LintSubject> {
  const stack = args.stack as string;
  const workDir = resolve(args.cwd);
  try {
    const changes = await reviewedPreview(deps.runner, stack, args.cwd, 'linting', (t) => deps.stderr(t));
    const config = deps.runner.stackConfig !== undefined ? await deps.runner.stackConfig(stack, workDir) : {};
    const reader = await stackReader(deps.runner, stack, workDir, deps.env, deps.makeReader);
    const sets = await policySets(reader, changes.policies);
    const lint = reader.lintFacts !== undefined ? await reader.lintFacts() : undefined;
    const dependencies = stackDependencies(changes, lint, reader.organizationId);
    const names = new Map(sets.changes.flatMap((c) => (c.planned !== undefined ? [[c.planned.policyId, c.name] as const] : [])));
    const level = config['walletinfra:policyLint']?.trim().toLowerCase();
    if (sets.elsewhere.length > 0) deps.stderr(`[policy] not linted (another organization): ${sets.elsewhere.join(', ')}\n`);
    deps.stderr(`[policy] ${sets.planned.length} planned policies (${sets.changes.length} changed by the stack)\n`);
    const problems = policyProblems(sets.planned);
    if (problems.length > 0) throw new FileProblems(problems);
    return {
      policies: sets.planned,
      placeOf: (i) => {
        const name = names.get(sets.planned[i]?.policyId ?? '');
        return name !== undefined ? { resource: name } : {};
      },
      facts: {
        ...(lint !== undefined ? { users: lint.users ?? [], userTags: lint.userTags ?? [], rootQuorum: lint.rootQuorum } : {}),
        smartContractInterfaces: dependencies.interfaces,
        velocityControls: dependencies.controls.map((c) => c.identifier),
      },
      ...(level === 'warn' || level === 'error' || level === 'off' ? { stackLevel: level } : {}),
      refusals: changes.refusals,
    };
  } catch (err) {
    if (err instanceof FileProblems) throw err;
    throw new Unavailable(messageOf(err), { cause: err });
  }
}

/** One finding as the command prints it and as JSON carries it. */
export interface LintReportFinding {
  rule: PolicyLintFinding['rule'];
  severity: 'warning' | 'error';
  policyName: string;
  /** The stack resource that declares the policy (with --stack). */
  resource?: string;
  file?: string;
  line?: number;
  column?: number;
  field?: 'condition' | 'consensus';
  /** Within the field's expression. */
  position?: { line: number; column: number };
  message: string;
  docs: string;
  text: string;
}

function reportFinding(f: PolicyLintFinding, subject: LintSubject, level: 'warn' | 'error'): LintReportFinding {
  const severity = severityAt(f, level);
  const place = subject.placeOf(f.policyIndex, f.field);
  const where = place.file !== undefined ? `${place.file}:${place.line ?? 1}:${place.column ?? 1}: ` : '';
  const resource = place.resource !== undefined ? ` (resource ${place.resource})` : '';
  const field = findingPlace(f);
  const text = `${where}${severity}: policy ${JSON.stringify(f.policyName)}${resource}${field !== '' ? ` ${field}` : ''}: ${findingText(f)}`;
  return {
    rule: f.rule,
    severity,
    policyName: f.policyName,
    ...(place.resource !== undefined ? { resource: place.resource } : {}),
    ...(place.file !== undefined ? { file: place.file, ...pick(place) } : {}),
    ...(f.field !== undefined ? { field: f.field } : {}),
    ...(f.position !== undefined ? { position: { line: f.position.line, column: f.position.column } } : {}),
    message: f.message,
    docs: ruleDocs(f.rule),
    text,
  };
}

function pick(place: { line?: number; column?: number }): { line?: number; column?: number } {
  return { ...(place.line !== undefined ? { line: place.line } : {}), ...(place.column !== undefined ? { column: place.column } : {}) };
}

function summaryOf(policies: number, findings: readonly LintReportFinding[], refused: readonly ReportRefusal[]) {
  const errors = findings.filter((f) => f.severity === 'error').length;
  return { policies, findings: findings.length, errors, warnings: findings.length - errors, refused: refused.length };
}

function summaryLine(s: ReturnType<typeof summaryOf>): string {
  const what = `${s.policies} ${s.policies === 1 ? 'policy' : 'policies'} linted`;
  const refused = refusedTail(s.refused);
  if (s.findings === 0) return `${what}: no findings${refused}`;
  const parts = [
    ...(s.errors > 0 ? [`${s.errors} error${s.errors === 1 ? '' : 's'}`] : []),
    ...(s.warnings > 0 ? [`${s.warnings} warning${s.warnings === 1 ? '' : 's'}`] : []),
  ];
  return `${what}: ${parts.join(', ')}${refused}`;
}

function refuse(args: PolicyArgs, deps: LintDeps, code: number, problems: readonly Problem[]): number {
  if (args.json) {
    const summary = { policies: 0, findings: 0, errors: 0, warnings: 0, refused: 0 };
    deps.stdout(
      `${JSON.stringify({ summary, problems: problems.map((p) => ({ ...p, text: problemText(p) })), findings: [], refused: [] }, null, 2)}\n`,
    );
  } else deps.stderr(`${problems.map((p) => `walletinfra-policy: ${problemText(p)}`).join('\n')}\n`);
  return code;
}

export async function lintCommand(args: PolicyArgs, deps: LintDeps): Promise<number> {
  let subject: LintSubject;
  try {
    subject = args.policies !== undefined ? fromFile(args.policies) : await fromStack(args, deps);
  } catch (err) {
    if (err instanceof FileProblems) return refuse(args, deps, EXIT.invalid, err.problems);
    return refuse(args, deps, EXIT.unavailable, [{ message: messageOf(err) }]);
  }
  // An explicit run lints even a stack whose previews do not (walletinfra:policyLint off).
  const level = args.level ?? (subject.stackLevel === 'error' ? 'error' : 'warn');
  const linted: LintPolicy[] = subject.policies.map((p) => ({
    policyName: p.policyName,
    effect: p.effect,
    ...(p.condition !== undefined ? { condition: p.condition } : {}),
    ...(p.consensus !== undefined ? { consensus: p.consensus } : {}),
    ...(p.notes !== undefined ? { notes: p.notes } : {}),
  }));
  const findings = lintPolicies(linted, organizationView(subject.facts)).map((f) => reportFinding(f, subject, level));
  const refused = subject.refusals.map(reportRefusal);
  const summary = summaryOf(linted.length, findings, refused);
  if (args.json) deps.stdout(`${JSON.stringify({ summary, findings, refused, problems: [] }, null, 2)}\n`);
  else deps.stdout(`${[...refused.map((r) => r.text), ...findings.map((f) => f.text), summaryLine(summary)].join('\n')}\n`);
  return summary.errors > 0 || refused.length > 0 ? EXIT.failed : EXIT.passed;
}
