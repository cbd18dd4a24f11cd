// A policy request as test files, jest matchers and the impact report write it: the activity, its
// approvers and the condition keywords, in the policy language's own (snake_case) names, plus the time.
// One zod schema per medium — a YAML/JSON file or code, which write big integers differently — and
// `toPolicyContext`, which turns a parsed request into what evaluatePolicies takes.
import {
  ACTIVITY_TYPES,
  OWN_CREDENTIAL_ACTIVITY_KINDS,
  VOTE_ACTIVITY_KINDS,
  activityKindOf,
  type ContractInterfaceInput,
  type PolicyContext,
  type PolicyVelocityControlState,
} from '@walletinfra/sdk/policy';
import { contractAddressKey } from '@walletinfra/sdk/rules';
import { VELOCITY_CONTROL_AGGREGATION_OPERATORS } from '@walletinfra/sdk/schemas';
import type * as Contracts from '@walletinfra/sdk/contracts';
import { z } from 'zod';

const KNOWN_TYPES = new Set(ACTIVITY_TYPES);

/** Where a request is written: a test file (integers beyond 2^53 as `'123n'` strings) or code (bigints). */
export type RequestMedium = 'file' | 'code';

/** How an unsupported value reads in a message: its kind, never its contents. */
export function received(v: unknown): string {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'a list';
  if (typeof v === 'string') return 'text';
  if (typeof v === 'number' || typeof v === 'bigint') return 'a number';
  if (typeof v === 'boolean') return 'true or false';
  if (typeof v === 'object') return 'a map';
  return `a ${typeof v}`;
}

function isPlainObject(v: object): boolean {
  const proto: unknown = Object.getPrototypeOf(v);
  return proto === Object.prototype || proto === null;
}

/**
 * Why a value a policy would read cannot be used, with the fix, or undefined when it can: booleans, text,
 * integers (bigints, safe JS numbers), Dates in code, null (an absent field), lists and maps of these.
 */
function leafProblem(v: unknown, medium: RequestMedium): string | undefined {
  if (typeof v === 'number') {
    if (Number.isSafeInteger(v)) return undefined;
    if (!Number.isInteger(v)) return `${v} is not an integer; the policy language has no fractions`;
    const digits = BigInt(v).toString();
    return medium === 'file'
      ? `${digits} is beyond 2^53, where a YAML or JSON number loses digits; write it as a string ending in n: "${digits}n"`
      : `${digits} is beyond 2^53, where a number loses digits; write it as a bigint: ${digits}n`;
  }
  if (typeof v === 'bigint') {
    // A file's bare integer literal arrives as a bigint (parsed exactly); other readers of the file would lose its digits.
    if (medium === 'code' || (v <= BigInt(Number.MAX_SAFE_INTEGER) && v >= BigInt(Number.MIN_SAFE_INTEGER))) return undefined;
    return `${v} is beyond 2^53, where a YAML or JSON number loses digits; write it as a string ending in n: "${v}n"`;
  }
  if (typeof v === 'boolean' || typeof v === 'string' || v === null) return undefined;
  if (v instanceof Date) {
    if (medium === 'file') return 'must be true/false, an integer, text, a list or a map';
    return Number.isNaN(v.getTime()) ? 'is an invalid Date' : undefined;
  }
  if (typeof v === 'object' && !Array.isArray(v) && !isPlainObject(v)) {
    return `must be a plain object, not a ${v.constructor.name}`;
  }
  if (typeof v !== 'object') return `must be true/false, an integer, text, a list or a map, not ${received(v)}`;
  return undefined;
}

/** Every unusable value inside `v`, each at its own path. */
function valueProblems(v: unknown, medium: RequestMedium, path: PropertyKey[] = []): Array<{ path: PropertyKey[]; message: string }> {
  const problem = leafProblem(v, medium);
  if (problem !== undefined) return [{ path, message: problem }];
  if (Array.isArray(v)) return v.flatMap((item, i) => valueProblems(item, medium, [...path, i]));
  if (typeof v === 'object' && v !== null && !(v instanceof Date)) {
    return Object.entries(v).flatMap(([k, item]) => (item === undefined ? [] : valueProblems(item, medium, [...path, k])));
  }
  return [];
}

/** A map of values a policy reads (`wallet`, `eth`, `activity.params`, …), checked to the leaf. */
function struct(medium: RequestMedium): z.ZodType<Record<string, unknown>> {
  return z.record(z.string(), z.unknown()).superRefine((value, ctx) => {
    for (const p of valueProblems(value, medium)) ctx.addIssue({ code: 'custom', path: p.path, message: p.message });
  });
}

const Approver = z.strictObject({
  id: z.string().min(1, 'must be a non-empty user id'),
  tags: z.array(z.string()).optional(),
  email: z.string().optional(),
  alias: z.string().optional(),
});

const Credential = z.strictObject({
  id: z.string(),
  user_id: z.string(),
  type: z.string().startsWith('CREDENTIAL_TYPE_', "must be a CREDENTIAL_TYPE_… value, like 'CREDENTIAL_TYPE_API_KEY_P256'"),
  credential_id: z.string().optional(),
  public_key: z.string(),
});

const RootQuorum = z.union([
  z.boolean(),
  z.strictObject({
    userIds: z.array(z.string()).min(1, 'must list the root users'),
    // A test file's integers arrive as bigints (files.ts reads them exactly).
    threshold: z
      .union([z.number(), z.bigint()])
      .transform(Number)
      .pipe(z.number().int('must be a whole number').min(1, 'must be at least 1: how many root users must approve')),
  }),
]);

const DECIMAL = /^[0-9]+(?:\.[0-9]{1,18})?$/;
const decimalText = z
  .string()
  .regex(DECIMAL, "must be a non-negative decimal with at most 18 digits after the point, like '1000' or '0.5'");

/**
 * A velocity control's state in a request: its result (`true`/`false`), or the aggregate of the window with this
 * request counted, compared with the control's operator and threshold (given here, or taken from the control the
 * stack or the test file declares).
 */
const ControlState = z.union([
  z.boolean(),
  z.strictObject({
    aggregate: z.union([decimalText, z.bigint().nonnegative('must not be negative'), z.number().int().nonnegative('must not be negative')]),
    operator: z
      .enum(VELOCITY_CONTROL_AGGREGATION_OPERATORS, { message: `must be one of ${VELOCITY_CONTROL_AGGREGATION_OPERATORS.join(', ')}` })
      .optional(),
    threshold: decimalText.optional(),
  }),
]);

function requestSchema(medium: RequestMedium) {
  const Struct = struct(medium);
  return z
    .strictObject({
      activity: z.strictObject({
        type: z.string().refine((t) => KNOWN_TYPES.has(t), {
          message:
            "must be an activity type the service defines, like 'ACTIVITY_TYPE_CREATE_WALLET' (see ACTIVITY_TYPES in @walletinfra/sdk)",
        }),
        kind: z.string().optional(),
        resource: z.string().optional(),
        action: z.string().optional(),
        params: Struct.optional(),
      }),
      /** The users who approved so far, the submitter first. */
      approvers: z.array(Approver).default([]),
      credentials: z.array(Credential).optional(),
      wallet: Struct.optional(),
      wallets: z.array(Struct).optional(),
      private_key: Struct.optional(),
      wallet_account: Struct.optional(),
      secret: z.strictObject({ static_properties: z.record(z.string(), z.string()) }).optional(),
      eth: Struct.optional(),
      solana: Struct.optional(),
      tron: Struct.optional(),
      bitcoin: Struct.optional(),
      tempo: Struct.optional(),
      /** Velocity controls by identifier (`controls.<identifier>`). */
      controls: z.record(z.string().regex(/^[A-Za-z_][A-Za-z0-9_]*$/, 'must be a velocity control identifier'), ControlState).optional(),
      /** When the request is made (RFC 3339); default: the time of the run. */
      time: z.iso.datetime({ offset: true, message: "must be an RFC 3339 time, like '2026-03-01T09:30:00Z'" }).optional(),
      /** `true`: the root quorum approved it, so policies are bypassed; or the quorum, to count the approvers against. */
      rootQuorum: RootQuorum.optional(),
      /** For a vote: the consensus the voted-on activity awaits. */
      votedActivity: z
        .strictObject({ consensus: z.enum(['POLICY', 'ROOT_QUORUM'], { message: 'must be POLICY or ROOT_QUORUM' }) })
        .optional(),
    })
    .superRefine((request, ctx) => {
      const { type } = request.activity;
      const kind = activityKindOf(type);
      if (Object.hasOwn(OWN_CREDENTIAL_ACTIVITY_KINDS, kind) && typeof request.activity.params?.user_id !== 'string') {
        const example = request.approvers[0]?.id ?? '<user id>';
        ctx.addIssue({
          code: 'custom',
          path: ['activity', 'params', 'user_id'],
          message: `is missing: ${type} always names the user whose credentials change (its intent's userId); give it, e.g. params: { user_id: ${example} } for a user changing its own`,
        });
      }
      if (Object.hasOwn(VOTE_ACTIVITY_KINDS, kind) && request.votedActivity === undefined) {
        ctx.addIssue({
          code: 'custom',
          path: ['votedActivity'],
          message: `is missing: a vote (${type}) is decided by the consensus the voted-on activity awaits; give votedActivity: { consensus: POLICY } or { consensus: ROOT_QUORUM }`,
        });
      }
    });
}

export const PolicyRequestSchema = requestSchema('code');
export const PolicyRequestFileSchema = requestSchema('file');
export type PolicyRequest = z.input<typeof PolicyRequestSchema>;
export type ParsedPolicyRequest = z.output<typeof PolicyRequestSchema>;

/** `'123n'` → 123n, recursively; everything else as is. */
function withBigInts(v: unknown): unknown {
  if (typeof v === 'string' && /^-?\d+n$/.test(v)) return BigInt(v.slice(0, -1));
  if (Array.isArray(v)) return v.map(withBigInts);
  if (v !== null && typeof v === 'object' && !(v instanceof Date)) {
    return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, withBigInts(x)]));
  }
  return v;
}

/** A velocity control as the tools know it: what `controls.<identifier>` compares its aggregate with. */
export interface KnownControl {
  identifier: string;
  operator: string;
  threshold: string;
}

/** What a request's evaluation may depend on besides the request: the velocity controls and contract interfaces known. */
export interface RequestDependencies {
  controls?: readonly KnownControl[];
  interfaces?: readonly ContractInterfaceInput[];
}

/**
 * Velocity-control states without an operator and threshold, and no control to take them from: `[path, message]`.
 * `declare` says how to declare a control where the request is written.
 */
export function controlProblems(
  request: ParsedPolicyRequest,
  deps: RequestDependencies = {},
  declare = 'declare the control under velocityControls',
): Array<{ path: PropertyKey[]; message: string }> {
  return Object.entries(request.controls ?? {}).flatMap(([identifier, state]) => {
    if (typeof state === 'boolean' || (state.operator !== undefined && state.threshold !== undefined)) return [];
    if ((deps.controls ?? []).some((c) => c.identifier === identifier)) return [];
    const known = (deps.controls ?? []).map((c) => c.identifier);
    return [
      {
        path: ['controls', identifier],
        message:
          `no velocity control '${identifier}' is declared (known: ${known.length > 0 ? known.join(', ') : 'none'}), so its operator and threshold are unknown; ` +
          `give them with the aggregate ({ aggregate, operator, threshold }), the result alone (true or false), or ${declare}`,
      },
    ];
  });
}

function controlStates(request: ParsedPolicyRequest, deps: RequestDependencies): Record<string, PolicyVelocityControlState> | undefined {
  if (request.controls === undefined) return undefined;
  const out: Record<string, PolicyVelocityControlState> = {};
  for (const [identifier, state] of Object.entries(request.controls)) {
    if (typeof state === 'boolean') {
      out[identifier] = state;
      continue;
    }
    const known = (deps.controls ?? []).find((c) => c.identifier === identifier);
    const operator = state.operator ?? known?.operator;
    const threshold = state.threshold ?? known?.threshold;
    if (operator === undefined || threshold === undefined) throw new Error(controlProblems(request, deps)[0]?.message);
    out[identifier] = { aggregate: state.aggregate, operator, threshold };
  }
  return out;
}

let contracts: typeof Contracts | undefined;

/**
 * `eth.tx` with the call decoded, as the service decodes it: when the request gives `to` and `data` but no
 * `function_name`, and an Ethereum interface is known for `to`, its ABI fills `function_name`, `function_signature`
 * and `contract_call_args`; calldata it cannot decode leaves them unset (docs/service-behaviour.md#smart-contract-interfaces).
 */
function decodedCall(context: PolicyContext, deps: RequestDependencies): void {
  const tx = (context.eth as { tx?: Record<string, unknown> } | undefined)?.tx;
  if (tx === undefined || typeof tx.to !== 'string' || typeof tx.data !== 'string' || tx.function_name !== undefined) return;
  const ethereum = 'SMART_CONTRACT_INTERFACE_TYPE_ETHEREUM';
  const key = contractAddressKey(ethereum, tx.to);
  const abi = (deps.interfaces ?? []).find((i) => i.type === ethereum && contractAddressKey(ethereum, i.smartContractAddress) === key);
  if (abi === undefined) return;
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- viem loads only for a request that calls a contract
  contracts ??= require('@walletinfra/sdk/contracts') as typeof Contracts;
  const decoded = contracts.decodeContractCall(tx.data, abi.smartContractInterface);
  if (decoded.decoded) Object.assign(tx, decoded.call);
}

export function toPolicyContext(request: ParsedPolicyRequest, nowMs: number, deps: RequestDependencies = {}): PolicyContext {
  const { time, rootQuorum, controls: _controls, ...keywords } = request;
  const context = withBigInts(keywords) as PolicyContext;
  context.now = time !== undefined ? Date.parse(time) : nowMs;
  if (rootQuorum === true) context.isRootQuorum = true;
  else if (typeof rootQuorum === 'object') context.rootQuorum = rootQuorum;
  const controls = controlStates(request, deps);
  if (controls !== undefined) context.controls = controls;
  decodedCall(context, deps);
  return context;
}
