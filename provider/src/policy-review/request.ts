// A policy request as test files, jest matchers and the impact report write it: the activity, its
// approvers and the condition keywords, in the policy language's own (snake_case) names, plus the time.
// One zod schema; `toPolicyContext` turns a parsed request into what evaluatePolicies takes.
import { ACTIVITY_TYPES, type PolicyContext } from '@walletinfra/sdk';
import { z } from 'zod';

const KNOWN_TYPES = new Set(ACTIVITY_TYPES);

/** Any JSON/YAML value a policy can read; strings like `1000000000000000000000n` are integers beyond 2^53. */
const Value: z.ZodType<unknown> = z.lazy(() =>
  z.union([z.boolean(), z.number(), z.string(), z.null(), z.array(Value), z.record(z.string(), Value)]),
);
const Struct = z.record(z.string(), Value);

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

export const PolicyRequestSchema = z.strictObject({
  activity: z.strictObject({
    type: z.string().refine((t) => KNOWN_TYPES.has(t), {
      message: "must be an activity type the service defines, like 'ACTIVITY_TYPE_CREATE_WALLET' (see ACTIVITY_TYPES in @walletinfra/sdk)",
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
  /** When the request is made (RFC 3339); default: the time of the run. */
  time: z.iso.datetime({ offset: true, message: "must be an RFC 3339 time, like '2026-03-01T09:30:00Z'" }).optional(),
  /** The request is approved by the root quorum: policies are bypassed. */
  rootQuorum: z.boolean().optional(),
});
export type PolicyRequest = z.input<typeof PolicyRequestSchema>;
export type ParsedPolicyRequest = z.output<typeof PolicyRequestSchema>;

/** `'123n'` → 123n, recursively; everything else as is. */
function withBigInts(v: unknown): unknown {
  if (typeof v === 'string' && /^-?\d+n$/.test(v)) return BigInt(v.slice(0, -1));
  if (Array.isArray(v)) return v.map(withBigInts);
  if (v !== null && typeof v === 'object') return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, withBigInts(x)]));
  return v;
}

export function toPolicyContext(request: ParsedPolicyRequest, nowMs: number): PolicyContext {
  const { time, rootQuorum, ...keywords } = request;
  const context = withBigInts(keywords) as PolicyContext;
  context.now = time !== undefined ? Date.parse(time) : nowMs;
  if (rootQuorum === true) context.isRootQuorum = true;
  return context;
}
