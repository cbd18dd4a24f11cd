// Test files and policy files, YAML or JSON (JSON is read by the same YAML parser, so both report the
// line of a problem). Each is validated against one zod schema; every bad field is reported as
// `FILE:LINE:COLUMN: case "NAME": path.to.field: problem`.
import { readFileSync } from 'node:fs';
import { LineCounter, parseDocument, type Document } from 'yaml';
import { z } from 'zod';
import { DECISIONS, type ReviewPolicy } from './decide';
import { PolicyRequestSchema, type ParsedPolicyRequest } from './request';

export const TestCaseSchema = z.strictObject({
  name: z.string().min(1, 'must be a non-empty name'),
  request: PolicyRequestSchema,
  expect: z.enum(DECISIONS, { message: `must be one of ${DECISIONS.join(', ')}` }),
  /** Policy names (or ids) that must be among the deciding policies. */
  decidedBy: z.union([z.string(), z.array(z.string())]).optional(),
});

export const TestFileSchema = z.strictObject({
  cases: z.array(TestCaseSchema).min(1, 'must list at least one case'),
});

const PolicySchema = z.strictObject({
  policyId: z.string().optional(),
  policyName: z.string().min(1, 'must be a non-empty name'),
  effect: z.enum(['EFFECT_ALLOW', 'EFFECT_DENY'], { message: "must be 'EFFECT_ALLOW' or 'EFFECT_DENY'" }),
  condition: z.string().optional(),
  consensus: z.string().optional(),
  time: z.string().optional(),
  notes: z.string().optional(),
});
/** A list of policies, or `{policies: [...]}` as `list_policies` answers (extra fields of that answer are ignored). */
export const PolicyFileSchema = z.union([
  z.array(PolicySchema),
  z.looseObject({
    policies: z.array(
      z
        .looseObject(PolicySchema.shape)
        .transform(({ policyId, policyName, effect, condition, consensus, time }) => ({
          policyId,
          policyName,
          effect,
          condition,
          consensus,
          time,
        })),
    ),
  }),
]);

export interface TestCase {
  file: string;
  line: number;
  name: string;
  request: ParsedPolicyRequest;
  expect: (typeof DECISIONS)[number];
  decidedBy: string[];
}

export class FileProblems extends Error {
  constructor(readonly problems: string[]) {
    super(problems.join('\n'));
    this.name = 'FileProblems';
  }
}

interface Parsed {
  doc: Document.Parsed;
  lines: LineCounter;
}

function parse(file: string, text: string): Parsed {
  const lines = new LineCounter();
  const doc = parseDocument(text, { lineCounter: lines, prettyErrors: false, uniqueKeys: true });
  if (doc.errors.length > 0) {
    throw new FileProblems(
      doc.errors.map((e) => {
        const at = lines.linePos(e.pos[0]);
        return `${file}:${at.line}:${at.col}: ${e.message.split('\n')[0]}`;
      }),
    );
  }
  return { doc, lines };
}

function read(file: string): string {
  try {
    return readFileSync(file, 'utf8');
  } catch (err) {
    throw new FileProblems([`${file}: cannot read the file (${(err as NodeJS.ErrnoException).code ?? (err as Error).message})`]);
  }
}

/** Line and column of the node at `path`, or of its closest parent that exists. */
function positionOf(p: Parsed, path: ReadonlyArray<PropertyKey>): { line: number; col: number } {
  for (let n = path.length; n >= 0; n--) {
    const node = p.doc.getIn(path.slice(0, n) as unknown[], true) as { range?: [number, number, number] } | undefined;
    if (node?.range !== undefined) return p.lines.linePos(node.range[0]);
    if (n === 0) return p.lines.linePos(p.doc.contents?.range?.[0] ?? 0);
  }
  return { line: 1, col: 1 };
}

function dotted(path: ReadonlyArray<PropertyKey>): string {
  return path.map((k, i) => (typeof k === 'number' ? `[${k}]` : `${i === 0 ? '' : '.'}${String(k)}`)).join('');
}

function caseName(data: unknown, index: number): string {
  const c = Array.isArray((data as { cases?: unknown })?.cases) ? (data as { cases: unknown[] }).cases[index] : undefined;
  const name = (c as { name?: unknown } | undefined)?.name;
  return typeof name === 'string' && name !== '' ? name : `#${index + 1}`;
}

function issuesToProblems(file: string, p: Parsed, data: unknown, issues: readonly z.core.$ZodIssue[], cases: boolean): string[] {
  return issues.map((issue) => {
    const at = positionOf(p, issue.path);
    let where = dotted(issue.path);
    if (cases && issue.path[0] === 'cases' && typeof issue.path[1] === 'number') {
      const rest = dotted(issue.path.slice(2));
      where = `case "${caseName(data, issue.path[1])}": ${rest === '' ? '(the case)' : rest}`;
    }
    const message =
      issue.code === 'unrecognized_keys'
        ? `unknown field${issue.keys.length > 1 ? 's' : ''} ${issue.keys.map((k) => `'${k}'`).join(', ')}`
        : issue.message;
    return `${file}:${at.line}:${at.col}: ${where === '' ? '' : `${where}: `}${message}`;
  });
}

export function loadTestFile(file: string, text = read(file)): TestCase[] {
  const p = parse(file, text);
  const data: unknown = p.doc.toJS();
  const result = TestFileSchema.safeParse(data);
  if (!result.success) throw new FileProblems(issuesToProblems(file, p, data, result.error.issues, true));
  const seen = new Map<string, number>();
  const problems: string[] = [];
  const out = result.data.cases.map((c, i) => {
    const line = positionOf(p, ['cases', i]).line;
    const before = seen.get(c.name);
    if (before !== undefined)
      problems.push(`${file}:${line}:1: case "${c.name}": name already used by the case at line ${before}; names must be unique in a file`);
    seen.set(c.name, line);
    const decidedBy = c.decidedBy === undefined ? [] : Array.isArray(c.decidedBy) ? c.decidedBy : [c.decidedBy];
    return { file, line, name: c.name, request: c.request, expect: c.expect, decidedBy };
  });
  if (problems.length > 0) throw new FileProblems(problems);
  return out;
}

export function loadPolicyFile(file: string, text = read(file)): ReviewPolicy[] {
  const p = parse(file, text);
  const data: unknown = p.doc.toJS();
  const result = PolicyFileSchema.safeParse(data);
  if (!result.success) {
    // Report against the shape the file uses (a list or {policies}), not both union branches.
    const branch = Array.isArray(data) ? z.array(PolicySchema) : z.strictObject({ policies: z.array(z.looseObject(PolicySchema.shape)) });
    const issues = branch.safeParse(data).error?.issues ?? result.error.issues;
    throw new FileProblems(issuesToProblems(file, p, data, issues, false));
  }
  const list = Array.isArray(result.data) ? result.data : result.data.policies;
  return list.map(
    (x) => Object.fromEntries(Object.entries(x).filter(([k, v]) => v !== undefined && k !== 'notes')) as unknown as ReviewPolicy,
  );
}
