// Problems with the input of the policy tools (test files, policy files, matcher arguments), one per bad
// field, in the file format's own words: `FILE:LINE:COLUMN: case "NAME": request.field: what is wrong`.
import { closestName } from '@walletinfra/sdk/policy';
import type { z } from 'zod';
import { received } from './request';

export interface Problem {
  file?: string;
  line?: number;
  column?: number;
  /** The test case, by name (or `#N` when it has none). */
  case?: string;
  /** The policy, by name. */
  policy?: string;
  /** The dotted path of the field, from the case's (or the policy's) own fields. */
  field?: string;
  message: string;
}

/** The one-line form: `file:line:column: case "x": field: message`. */
export function problemText(p: Problem): string {
  const at = p.file === undefined ? '' : `${p.file}${p.line !== undefined ? `:${p.line}:${p.column ?? 1}` : ''}: `;
  const subject = p.case !== undefined ? `case "${p.case}": ` : p.policy !== undefined ? `policy '${p.policy}': ` : '';
  return `${at}${subject}${p.field !== undefined && p.field !== '' ? `${p.field}: ` : ''}${p.message}`;
}

/** The input cannot be used; every problem is listed, all at once. */
export class FileProblems extends Error {
  constructor(readonly problems: Problem[]) {
    super(problems.map(problemText).join('\n'));
    this.name = 'FileProblems';
  }
}

export function dotted(path: ReadonlyArray<PropertyKey>): string {
  return path.map((k, i) => (typeof k === 'number' ? `[${k}]` : `${i === 0 ? '' : '.'}${String(k)}`)).join('');
}

/** `cases[3].request.approvers[0]` → `cases[].request.approvers[]`, the key of the tables below. */
function shapeOf(path: ReadonlyArray<PropertyKey>): string {
  return dotted(path.map((k) => (typeof k === 'number' ? -1 : k))).replace(/\[-1\]/g, '[]');
}

// What a field holds, in the file format's words, for "must be …" and "is missing: …" messages. Keys are
// shapes relative to a case, a request or a policies file; the longest matching suffix wins.
const WHAT: Readonly<Record<string, { is: string; missing?: string }>> = {
  cases: { is: 'a list of cases, each { name, request, expect }', missing: 'a test file holds cases: [{ name, request, expect }]' },
  'cases[]': { is: 'a case: { name, request, expect }' },
  'cases[].name': { is: 'text', missing: 'give each case a name, unique in its file' },
  'cases[].request': {
    is: 'a map: { activity: { type: ACTIVITY_TYPE_… }, approvers: [{ id: … }] }',
    missing: 'give the request the case decides: its activity and approvers',
  },
  'cases[].expect': {
    is: 'ALLOW, DENY or REQUIRES_CONSENSUS',
    missing: 'give the decision the case expects: ALLOW, DENY or REQUIRES_CONSENSUS',
  },
  'cases[].decidedBy': { is: 'a policy name, or a list of them' },
  'cases[].expectErrors': { is: 'a policy name, or a list of them' },
  activity: { is: 'a map: { type: ACTIVITY_TYPE_… }', missing: 'give the activity: activity: { type: ACTIVITY_TYPE_… }' },
  'activity.type': {
    is: 'an activity type, like ACTIVITY_TYPE_CREATE_WALLET',
    missing: 'give the activity type, like ACTIVITY_TYPE_CREATE_WALLET',
  },
  approvers: { is: 'a list of users, like [{ id: <user id>, tags: [<tag id>] }]' },
  'approvers[]': { is: 'a user, like { id: <user id>, tags: [<tag id>] }' },
  'approvers[].id': { is: 'a user id', missing: 'give each approver its user id' },
  'approvers[].tags': { is: 'a list of user tag ids' },
  credentials: { is: 'a list of credentials, like [{ id, user_id, type: CREDENTIAL_TYPE_…, public_key }]' },
  secret: { is: 'a map: { static_properties: { <key>: <text> } }' },
  'secret.static_properties': { is: 'a map of text values', missing: 'give the secret its static_properties' },
  wallets: { is: 'a list of wallets, like [{ id: <wallet id> }]' },
  rootQuorum: { is: 'true (the root quorum approved it), or { userIds: [<root user id>, …], threshold: <how many> }' },
  votedActivity: { is: 'a map: { consensus: POLICY } or { consensus: ROOT_QUORUM }' },
  '[]': { is: 'a policy: { policyName, effect, condition, consensus, time }' },
  '[].policyName': { is: 'text', missing: 'give each policy its name' },
  '[].effect': { is: 'EFFECT_ALLOW or EFFECT_DENY', missing: 'give the effect: EFFECT_ALLOW or EFFECT_DENY' },
  policies: { is: 'a list of policies' },
};

function whatOf(path: ReadonlyArray<PropertyKey>): { is: string; missing?: string } | undefined {
  const shape = shapeOf(path);
  let best: string | undefined;
  for (const key of Object.keys(WHAT)) {
    if (
      (shape === key || shape.endsWith(`.${key}`) || (key.startsWith('[]') && shape.endsWith(key))) &&
      (best === undefined || key.length > best.length)
    )
      best = key;
  }
  return best === undefined ? undefined : WHAT[best];
}

const TYPE_WORDS: Readonly<Record<string, string>> = {
  string: 'text',
  object: 'a map',
  record: 'a map',
  array: 'a list',
  boolean: 'true or false',
  number: 'a number',
  int: 'an integer',
  bigint: 'an integer',
};

/** The message of one zod issue in the file format's terms (unknown keys are reported per key, elsewhere). */
export function issueMessage(issue: z.core.$ZodIssue): string {
  if (issue.code === 'invalid_type') {
    const what = whatOf(issue.path);
    if (issue.input === undefined) return what?.missing !== undefined ? `is missing: ${what.missing}` : 'is missing';
    return `must be ${what?.is ?? TYPE_WORDS[issue.expected] ?? issue.expected}, not ${received(issue.input)}`;
  }
  if (issue.code === 'invalid_union') {
    const what = whatOf(issue.path);
    if (issue.input === undefined) return what?.missing !== undefined ? `is missing: ${what.missing}` : 'is missing';
    return `must be ${what?.is ?? 'one of the forms this field takes'}, not ${received(issue.input)}`;
  }
  return issue.message;
}

/** `unknown field 'approver'; did you mean 'approvers'?`, or the known fields when none is close. */
export function unknownFieldMessage(key: string, known: readonly string[]): string {
  const close = closestName(key, known);
  return close !== undefined ? `unknown field '${key}'; did you mean '${close}'?` : `unknown field '${key}'; known: ${known.join(', ')}`;
}

/** Each issue as `path: message` lines for code (the jest matchers): unknown keys one by one, with the known ones. */
export function issueLines(schema: z.ZodType, issues: readonly z.core.$ZodIssue[], prefix: ReadonlyArray<PropertyKey> = []): string[] {
  return issues.flatMap((issue) => {
    if (issue.code === 'unrecognized_keys') {
      const known = knownKeys(schema, issue.path);
      return issue.keys.map((key) => `${dotted([...prefix, ...issue.path]) || '(top)'}: ${unknownFieldMessage(key, known)}`);
    }
    return [`${dotted([...prefix, ...issue.path]) || '(top)'}: ${issueMessage(issue)}`];
  });
}

interface ZodDefLike {
  type: string;
  shape?: Record<string, { _zod: { def: ZodDefLike } }>;
  element?: { _zod: { def: ZodDefLike } };
  innerType?: { _zod: { def: ZodDefLike } };
  in?: { _zod: { def: ZodDefLike } };
  options?: ReadonlyArray<{ _zod: { def: ZodDefLike } }>;
}

/** The keys an object schema at `path` knows, for unknown-field messages; [] when the path leads elsewhere. */
export function knownKeys(schema: z.ZodType, path: ReadonlyArray<PropertyKey>): string[] {
  const walk = (def: ZodDefLike, rest: ReadonlyArray<PropertyKey>): string[] => {
    if (def.innerType !== undefined) return walk(def.innerType._zod.def, rest);
    if (def.type === 'pipe' && def.in !== undefined) return walk(def.in._zod.def, rest);
    if (def.type === 'union' && def.options !== undefined) {
      return [...new Set(def.options.flatMap((o) => walk(o._zod.def, rest)))];
    }
    if (rest.length === 0) return def.type === 'object' && def.shape !== undefined ? Object.keys(def.shape) : [];
    const [head, ...tail] = rest;
    if (def.type === 'array' && def.element !== undefined && typeof head === 'number') return walk(def.element._zod.def, tail);
    const next = def.type === 'object' && typeof head === 'string' ? def.shape?.[head] : undefined;
    return next !== undefined ? walk(next._zod.def, tail) : [];
  };
  return walk(schema._zod.def, path);
}
