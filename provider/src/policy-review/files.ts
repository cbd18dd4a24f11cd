// Test files and policy files, YAML or JSON (JSON is read by the same YAML parser, so both report the
// line of a problem). Each is validated against one zod schema; every bad field is reported at its own
// line and column as `FILE:LINE:COLUMN: case "NAME": path.to.field: problem`, and every policy is checked
// with the policy language's checker before any case runs.
import { readFileSync } from 'node:fs';
import { checkPolicy } from '@walletinfra/sdk/policy';
import { isMap, isScalar, LineCounter, parseDocument, type Document } from 'yaml';
import { z } from 'zod';
import { DECISIONS, type ReviewPolicy } from './decide';
import { FileProblems, dotted, issueMessage, knownKeys, unknownFieldMessage, type Problem } from './problems';
import { VELOCITY_CONTROL_AGGREGATION_OPERATORS } from '@walletinfra/sdk/schemas';
import { PolicyRequestFileSchema, type ParsedPolicyRequest, type RequestDependencies } from './request';

export { FileProblems } from './problems';

const names = z.union([z.string(), z.array(z.string())]).optional();

export const TestCaseSchema = z.strictObject({
  name: z.string().min(1, 'must be a non-empty name'),
  request: PolicyRequestFileSchema,
  expect: z.enum(DECISIONS, { message: `must be one of ${DECISIONS.join(', ')}` }),
  /** Policy names (or ids) that must be among the deciding policies. */
  decidedBy: names,
  /** Policy names (or ids) expected to fail to evaluate on this request. */
  expectErrors: names,
});

/** An ABI the file's requests decode contract calls with (besides the stack's interfaces). */
const FileInterface = z.strictObject({
  address: z.string().regex(/^0x[0-9a-fA-F]{40}$/, "must be an Ethereum address: '0x' followed by 40 hexadecimal digits"),
  abi: z.union([z.string(), z.array(z.unknown())], { message: 'must be the ABI: a list of function descriptions, or its JSON text' }),
});

/** A velocity control the file's requests give aggregates for (besides the stack's controls). */
const FileControl = z.strictObject({
  identifier: z.string().regex(/^[A-Za-z_][A-Za-z0-9_]*$/, 'must be a velocity control identifier'),
  operator: z.enum(VELOCITY_CONTROL_AGGREGATION_OPERATORS, {
    message: `must be one of ${VELOCITY_CONTROL_AGGREGATION_OPERATORS.join(', ')}`,
  }),
  threshold: z.string().regex(/^[0-9]+(?:\.[0-9]{1,18})?$/, "must be a non-negative decimal, like '1000' or '0.5'"),
});

export const TestFileSchema = z.strictObject({
  cases: z.array(TestCaseSchema).min(1, 'must list at least one case'),
  smartContractInterfaces: z.array(FileInterface).optional(),
  velocityControls: z.array(FileControl).optional(),
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
      z.looseObject(PolicySchema.shape).transform(({ policyId, policyName, effect, condition, consensus, time, notes }) => ({
        policyId,
        policyName,
        effect,
        condition,
        consensus,
        time,
        notes,
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
  expectErrors: string[];
  /** The interfaces and velocity controls the file declares. */
  dependencies?: RequestDependencies;
}

interface Parsed {
  file: string;
  doc: Document.Parsed;
  lines: LineCounter;
}

/** Integers are read as bigints, so a bare integer beyond 2^53 keeps its digits for the message that refuses it. */
function parse(file: string, text: string): Parsed {
  const lines = new LineCounter();
  const doc = parseDocument(text, { lineCounter: lines, prettyErrors: false, uniqueKeys: true, intAsBigInt: true });
  if (doc.errors.length > 0) {
    throw new FileProblems(
      doc.errors.map((e) => {
        const at = lines.linePos(e.pos[0]);
        return { file, line: at.line, column: at.col, message: e.message.split('\n')[0] ?? e.message };
      }),
    );
  }
  return { file, doc, lines };
}

function read(file: string): string {
  try {
    return readFileSync(file, 'utf8');
  } catch (err) {
    throw new FileProblems([{ file, message: `cannot read the file (${(err as NodeJS.ErrnoException).code ?? (err as Error).message})` }]);
  }
}

type Position = { line: number; column: number };

/** Line and column of the node at `path`, or of its closest parent that exists. */
function positionOf(p: Parsed, path: ReadonlyArray<PropertyKey>): Position {
  for (let n = path.length; n >= 0; n--) {
    const node = p.doc.getIn(path.slice(0, n) as unknown[], true) as { range?: [number, number, number] } | undefined;
    if (node?.range !== undefined) return columned(p.lines.linePos(node.range[0]));
  }
  return columned(p.lines.linePos(p.doc.contents?.range?.[0] ?? 0));
}

const columned = (at: { line: number; col: number }): Position => ({ line: at.line, column: at.col });

/** Line and column of the key `key` of the map at `path` (an unknown field is reported where it is written). */
function keyPosition(p: Parsed, path: ReadonlyArray<PropertyKey>, key: string): Position {
  const map = p.doc.getIn(path as unknown[], true);
  if (isMap(map)) {
    const pair = map.items.find((item) => isScalar(item.key) && String(item.key.value) === key);
    const range = isScalar(pair?.key) ? pair.key.range : undefined;
    if (range !== undefined && range !== null) return columned(p.lines.linePos(range[0]));
  }
  return positionOf(p, path);
}

function caseName(data: unknown, index: number): string {
  const c = Array.isArray((data as { cases?: unknown })?.cases) ? (data as { cases: unknown[] }).cases[index] : undefined;
  const name = (c as { name?: unknown } | undefined)?.name;
  return typeof name === 'string' && name !== '' ? name : `#${index + 1}`;
}

/** Where a problem at `path` is, and what it is about: the case and its field, or the field from the top. */
function locate(p: Parsed, data: unknown, path: ReadonlyArray<PropertyKey>, cases: boolean): Pick<Problem, 'case' | 'field'> {
  if (cases && path[0] === 'cases' && typeof path[1] === 'number') {
    const rest = dotted(path.slice(2));
    return { case: caseName(data, path[1]), field: rest === '' ? '(the case)' : rest };
  }
  const field = dotted(path);
  return field === '' ? {} : { field };
}

/** One problem per issue (per key for unknown fields), in the order of the file. */
function issuesToProblems(p: Parsed, data: unknown, schema: z.ZodType, issues: readonly z.core.$ZodIssue[], cases: boolean): Problem[] {
  const problems = issues.flatMap((issue): Problem[] => {
    if (issue.code === 'unrecognized_keys') {
      const known = knownKeys(schema, issue.path);
      const where = locate(p, data, issue.path, cases);
      if (where.field === '(the case)') delete where.field;
      return issue.keys.map((key) => ({
        file: p.file,
        ...keyPosition(p, issue.path, key),
        ...where,
        message: unknownFieldMessage(key, known),
      }));
    }
    return [{ file: p.file, ...positionOf(p, issue.path), ...locate(p, data, issue.path, cases), message: issueMessage(issue) }];
  });
  return problems.sort((a, b) => (a.line ?? 0) - (b.line ?? 0) || (a.column ?? 0) - (b.column ?? 0));
}

export function loadTestFile(file: string, text = read(file)): TestCase[] {
  const p = parse(file, text);
  const data: unknown = p.doc.toJS();
  const result = TestFileSchema.safeParse(data, { reportInput: true });
  if (!result.success) throw new FileProblems(issuesToProblems(p, data, TestFileSchema, result.error.issues, true));
  const seen = new Map<string, number>();
  const problems: Problem[] = [];
  const list = (v: string | string[] | undefined): string[] => (v === undefined ? [] : Array.isArray(v) ? v : [v]);
  const dependencies: RequestDependencies = {
    controls: result.data.velocityControls ?? [],
    interfaces: (result.data.smartContractInterfaces ?? []).map((i) => ({
      smartContractAddress: i.address,
      type: 'SMART_CONTRACT_INTERFACE_TYPE_ETHEREUM',
      // a bare integer of the file arrives as a bigint (read exactly), which JSON has no form for
      smartContractInterface:
        typeof i.abi === 'string' ? i.abi : JSON.stringify(i.abi, (_k, v: unknown) => (typeof v === 'bigint' ? Number(v) : v)),
    })),
  };
  const out = result.data.cases.map((c, i) => {
    const line = positionOf(p, ['cases', i]).line;
    const before = seen.get(c.name);
    if (before !== undefined) {
      problems.push({
        file,
        line,
        column: 1,
        case: c.name,
        message: `name already used by the case at line ${before}; names must be unique in a file`,
      });
    }
    seen.set(c.name, line);
    return {
      file,
      line,
      name: c.name,
      request: c.request,
      expect: c.expect,
      decidedBy: list(c.decidedBy),
      expectErrors: list(c.expectErrors),
      dependencies,
    };
  });
  if (problems.length > 0) throw new FileProblems(problems);
  return out;
}

/** The checker's findings for each policy, one problem per finding, at the field's position when `at` gives one. */
export function policyProblems(
  policies: readonly ReviewPolicy[],
  at: (index: number, field: 'condition' | 'consensus' | 'time') => Omit<Problem, 'message'> = () => ({}),
): Problem[] {
  return policies.flatMap((policy, i) =>
    checkPolicy(policy).flatMap(({ field, diagnostics }) =>
      diagnostics.map((d) => {
        const where = at(i, field);
        return {
          policy: policy.policyName,
          ...where,
          field: where.field !== undefined ? `${where.field}.${field}` : field,
          message: `${d.position.line}:${d.position.column}: ${d.message}`,
        };
      }),
    ),
  );
}

export type PolicyData = { ok: true; policies: ReviewPolicy[] } | { ok: false; schema: z.ZodType; issues: readonly z.core.$ZodIssue[] };

/** Policies from parsed YAML/JSON (or a matcher's argument): a list, or a `list_policies` answer. */
export function policiesFromData(data: unknown): PolicyData {
  const result = PolicyFileSchema.safeParse(data, { reportInput: true });
  if (!result.success) {
    // Report against the shape the data has (a list or {policies}), not both union branches.
    const schema = Array.isArray(data) ? z.array(PolicySchema) : z.strictObject({ policies: z.array(z.looseObject(PolicySchema.shape)) });
    return { ok: false, schema, issues: schema.safeParse(data, { reportInput: true }).error?.issues ?? result.error.issues };
  }
  const listed = Array.isArray(result.data) ? result.data : result.data.policies;
  const policies = listed.map((x) => Object.fromEntries(Object.entries(x).filter(([, v]) => v !== undefined)) as unknown as ReviewPolicy);
  return { ok: true, policies };
}

/** Policies from a file; refused when the file does not validate or a policy does not pass the checker. */
export function loadPolicyFile(file: string, text = read(file)): ReviewPolicy[] {
  return loadPolicyFileAt(file, text).policies;
}

/** Where a policy's field is written in its file. */
export type PolicyPlace = (index: number, field?: 'condition' | 'consensus' | 'time') => { file: string; line: number; column: number };

/** Policies from a file with where each is written (`where`), refused like `loadPolicyFile`. */
export function loadPolicyFileAt(file: string, text = read(file)): { policies: ReviewPolicy[]; where: PolicyPlace } {
  const p = parse(file, text);
  const data: unknown = p.doc.toJS();
  const parsed = policiesFromData(data);
  if (!parsed.ok) throw new FileProblems(issuesToProblems(p, data, parsed.schema, parsed.issues, false));
  const base = Array.isArray(data) ? [] : ['policies'];
  const where: PolicyPlace = (i, field) => ({ file, ...positionOf(p, field === undefined ? [...base, i] : [...base, i, field]) });
  const problems = policyProblems(parsed.policies, (i, field) => where(i, field));
  if (problems.length > 0) throw new FileProblems(problems);
  return { policies: parsed.policies, where };
}
