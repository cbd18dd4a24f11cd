// Policy lookups, optionally with each expression parsed by the sdk's policy-language parser,
// as a JSON tree without source positions (big integers as decimal strings, so the tree fits in an Output).
import type { Policy } from '@walletinfra/sdk';
import { InvalidRequestError, NotFoundError } from '@walletinfra/sdk/errors';
import { parsePolicyExpression, withoutPositions } from '@walletinfra/sdk/policy';
import type { ProviderContext } from '../runtime/context';
import { POLICIES } from '../resources/policy/spec';
import { define, selectorOfArgs, type LookupSelector } from './define';

/** Parsed `condition`, `consensus` and `time` (absent when the field is empty). */
export interface ParsedPolicyExpressions {
  condition?: unknown;
  consensus?: unknown;
  time?: unknown;
}

export type PolicyWithExpressions = Policy & { parsed?: ParsedPolicyExpressions };

export interface GetPolicyArgs extends LookupSelector {
  policyId?: string;
  /** Find the policy by its unique name instead of its id. */
  policyName?: string;
  parseExpressions?: boolean;
}
export interface GetPolicyResult {
  organizationId: string;
  policy: PolicyWithExpressions;
}

export interface GetPoliciesArgs extends LookupSelector {
  parseExpressions?: boolean;
}
export interface GetPoliciesResult {
  organizationId: string;
  policies: PolicyWithExpressions[];
}

function jsonSafe(value: unknown): unknown {
  if (typeof value === 'bigint') return value.toString();
  if (Array.isArray(value)) return value.map(jsonSafe);
  if (value !== null && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, jsonSafe(v)]));
  return value;
}

/** Throws the parser's error (with its position) for an expression the service accepted but we cannot parse. */
export function parseExpressions(policy: Policy): ParsedPolicyExpressions {
  const out: ParsedPolicyExpressions = {};
  for (const field of ['condition', 'consensus', 'time'] as const) {
    const source = policy[field] ?? '';
    if (source.trim() !== '') out[field] = jsonSafe(withoutPositions(parsePolicyExpression(source)));
  }
  return out;
}

function withParsed(policy: Policy, parse: boolean | undefined): PolicyWithExpressions {
  return parse === true ? { ...policy, parsed: parseExpressions(policy) } : policy;
}

export function policyLookups(context: () => ProviderContext) {
  return {
    policy: define<GetPolicyArgs, GetPolicyResult>('getPolicy', ['policyId', 'policyName', 'parseExpressions'], context, async (ctx, a) => {
      const session = ctx.session(selectorOfArgs(a));
      if ((a.policyId === undefined) === (a.policyName === undefined)) {
        throw InvalidRequestError.fromIssues('getPolicy', [{ path: 'policyId', message: 'set exactly one of policyId or policyName' }]);
      }
      let policy: Policy | undefined;
      if (a.policyId !== undefined) {
        const id = a.policyId;
        policy = (await session.client.getPolicy({ policyId: id })).policy;
      } else {
        policy = (await session.list(POLICIES)).find((p) => p.policyName === a.policyName);
        if (policy === undefined)
          throw new NotFoundError(`getPolicy: organization ${session.organizationId} has no policy named "${a.policyName}"`);
      }
      return { organizationId: session.organizationId, policy: withParsed(policy, a.parseExpressions) };
    }),
    policies: define<GetPoliciesArgs, GetPoliciesResult>('getPolicies', ['parseExpressions'], context, async (ctx, a) => {
      const session = ctx.session(selectorOfArgs(a));
      const policies = await session.list(POLICIES);
      return { organizationId: session.organizationId, policies: policies.map((p) => withParsed(p, a.parseExpressions)) };
    }),
  };
}
