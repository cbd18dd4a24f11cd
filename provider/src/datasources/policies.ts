// Policy lookups, optionally with each expression parsed by the sdk's policy-language parser,
// as a JSON tree without source positions (big integers as decimal strings, so the tree fits in an Output).
import { z } from 'zod';
import { NotFoundError } from '@walletinfra/sdk/errors';
import { GetPolicyRequest, Policy, type Policy as ServicePolicy } from '@walletinfra/sdk/schemas';
import { parsePolicyExpression, withoutPositions } from '@walletinfra/sdk/policy';
import { dataSource, selectorOfArgs, type ArgsOfDataSource, type ResultOfDataSource } from './define';
import { POLICIES } from '../session/lists';

/** Parsed `condition`, `consensus` and `time` (absent when the field is empty): JSON syntax trees. */
const ParsedPolicyExpressions = z.object({
  condition: z.unknown().optional().describe('The condition as a JSON syntax tree.'),
  consensus: z.unknown().optional().describe('The consensus expression as a JSON syntax tree.'),
  time: z.unknown().optional().describe('The time expression as a JSON syntax tree.'),
});
export type ParsedPolicyExpressions = z.infer<typeof ParsedPolicyExpressions>;

const PolicyWithExpressions = Policy.extend({
  parsed: ParsedPolicyExpressions.optional().describe('With `parseExpressions`: each expression parsed, without source positions.'),
});
export type PolicyWithExpressions = z.infer<typeof PolicyWithExpressions>;

const PARSE_DOC =
  "Also parse each expression with the sdk's policy-language parser (`parsed`: JSON trees without source positions, big integers as decimal strings).";

function jsonSafe(value: unknown): unknown {
  if (typeof value === 'bigint') return value.toString();
  if (Array.isArray(value)) return value.map(jsonSafe);
  if (value !== null && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, jsonSafe(v)]));
  return value;
}

/** Throws the parser's error (with its position) for an expression the service accepted but we cannot parse. */
export function parseExpressions(policy: ServicePolicy): ParsedPolicyExpressions {
  const out: ParsedPolicyExpressions = {};
  for (const field of ['condition', 'consensus', 'time'] as const) {
    const source = policy[field] ?? '';
    if (source.trim() !== '') out[field] = jsonSafe(withoutPositions(parsePolicyExpression(source)));
  }
  return out;
}

function withParsed(policy: ServicePolicy, parse: boolean | undefined): PolicyWithExpressions {
  return parse === true ? { ...policy, parsed: parseExpressions(policy) } : policy;
}

export const GET_POLICY = dataSource({
  name: 'getPolicy',
  description: 'One policy, by its id (get_policy) or by its unique name.',
  args: z.strictObject({
    policyId: GetPolicyRequest.shape.policyId.optional(),
    policyName: z.string().optional(),
    parseExpressions: z.boolean().optional(),
  }),
  result: z.object({ organizationId: z.string(), policy: PolicyWithExpressions }),
  docs: {
    policyId: 'The id of the policy (or give `policyName`).',
    policyName: 'Find the policy by its unique name instead of its id.',
    parseExpressions: PARSE_DOC,
    organizationId: 'The organization that was read.',
    policy: 'The policy.',
  },
  refine: (a) =>
    (a.policyId === undefined) === (a.policyName === undefined)
      ? [{ path: 'policyId', message: 'set exactly one of policyId or policyName' }]
      : [],
  read: async (ctx, a) => {
    const session = ctx.session(selectorOfArgs(a));
    let policy: ServicePolicy | undefined;
    if (a.policyId !== undefined) {
      policy = (await session.client.getPolicy({ policyId: a.policyId })).policy;
    } else {
      policy = (await session.list(POLICIES)).find((p) => p.policyName === a.policyName);
      if (policy === undefined)
        throw new NotFoundError(`getPolicy: organization ${session.organizationId} has no policy named "${a.policyName}"`);
    }
    return { organizationId: session.organizationId, policy: withParsed(policy, a.parseExpressions) };
  },
});

export const GET_POLICIES = dataSource({
  name: 'getPolicies',
  description: 'Every policy of the organization (list_policies), optionally with each expression parsed.',
  args: z.strictObject({ parseExpressions: z.boolean().optional() }),
  result: z.object({ organizationId: z.string(), policies: z.array(PolicyWithExpressions) }),
  docs: {
    parseExpressions: PARSE_DOC,
    organizationId: 'The organization that was read.',
    policies: 'Every policy, as the service lists them.',
  },
  read: async (ctx, a) => {
    const session = ctx.session(selectorOfArgs(a));
    const policies = await session.list(POLICIES);
    return { organizationId: session.organizationId, policies: policies.map((p) => withParsed(p, a.parseExpressions)) };
  },
});

export type GetPolicyArgs = ArgsOfDataSource<typeof GET_POLICY>;
export type GetPolicyResult = ResultOfDataSource<typeof GET_POLICY>;
export type GetPoliciesArgs = ArgsOfDataSource<typeof GET_POLICIES>;
export type GetPoliciesResult = ResultOfDataSource<typeof GET_POLICIES>;

export const POLICY_DATA_SOURCES = [GET_POLICY, GET_POLICIES];
