// The emulator's use of the policy language (docs/service-behaviour.md#policy-language): syntax checks when policies and session profiles are
// written, and the decision on non-root writes. The language itself is the sdk's (`@walletinfra/sdk` policy
// area); this adapter maps stored records to its inputs.
import {
  activityParamsFor,
  checkPolicyExpression,
  evaluatePolicies,
  evaluatePolicyExpression,
  policyUserOf,
  type PolicyContext,
  type PolicyDecision,
  type PolicyValue,
} from '@walletinfra/sdk/policy';
import type { PolicyRecord, UserRecord } from './store/records';

export interface PolicyDiagnostic {
  field: 'condition' | 'consensus' | 'time' | 'scope';
  /** `line:column: message` */
  message: string;
}

export interface EvaluationInput {
  policies: PolicyRecord[];
  activity: { type: string; params: Record<string, PolicyValue> };
  /** users who have approved so far (the submitter first) */
  approvers: UserRecord[];
  credentials: Array<{ id: string; user_id: string; type: string; public_key: string; credential_id?: string }>;
  nowMs: number;
  /** For a vote: the consensus the voted-on activity awaits, and the organization's root quorum. */
  votedActivity?: { consensus: 'POLICY' | 'ROOT_QUORUM' };
  rootQuorum?: { userIds: readonly string[]; threshold: number };
  /** the request's own keywords (`eth.tx`, `wallet`, …) and the velocity-control states (`controls`) */
  context?: Pick<PolicyContext, 'eth' | 'wallet' | 'wallet_account' | 'private_key' | 'controls'>;
}

export interface PolicyEngine {
  /** `velocityControls`: the organization's identifiers, so `controls.<identifier>` naming another is refused */
  check(fields: Partial<Record<PolicyDiagnostic['field'], string>>, velocityControls?: readonly string[]): PolicyDiagnostic[];
  evaluate(input: EvaluationInput): PolicyDecision;
  timeActive(time: string, nowMs: number): { active: boolean; error?: string };
}

export { activityParamsFor };

// Checking an expression is pure (its text and kind decide the answer), and clients write the same
// conditions again and again: the answers of recent checks are kept, up to CHECKED_LIMIT expressions.
const CHECKED_LIMIT = 1024;
const checked = new Map<string, readonly string[]>();

function messagesOf(source: string, field: PolicyDiagnostic['field'], velocityControls: readonly string[] | undefined): readonly string[] {
  const key = velocityControls === undefined ? `${field}:${source}` : `${field}:${velocityControls.join(',')}:${source}`;
  let messages = checked.get(key);
  if (messages === undefined) {
    const options = velocityControls === undefined ? {} : { velocityControls };
    messages = checkPolicyExpression(source, field, options).map((d) => `${d.position.line}:${d.position.column}: ${d.message}`);
    if (checked.size >= CHECKED_LIMIT) checked.clear();
    checked.set(key, messages);
  }
  return messages;
}

export const policyEngine: PolicyEngine = {
  check(fields, velocityControls) {
    const out: PolicyDiagnostic[] = [];
    for (const field of ['condition', 'consensus', 'time', 'scope'] as const) {
      const source = fields[field];
      if (source === undefined || source === '') continue;
      for (const message of messagesOf(source, field, velocityControls)) out.push({ field, message });
    }
    return out;
  },

  evaluate(input) {
    return evaluatePolicies(
      input.policies.map((p) => {
        const policy: Parameters<typeof evaluatePolicies>[0][number] = {
          policyId: p.policyId,
          policyName: p.policyName,
          effect: p.effect === 'EFFECT_DENY' ? 'EFFECT_DENY' : 'EFFECT_ALLOW',
          condition: p.condition,
          consensus: p.consensus,
        };
        if (p.time !== undefined) policy.time = p.time;
        return policy;
      }),
      {
        activity: { type: input.activity.type, params: input.activity.params },
        approvers: input.approvers.map((u) => policyUserOf(u)),
        credentials: input.credentials,
        now: input.nowMs,
        ...(input.votedActivity !== undefined ? { votedActivity: input.votedActivity } : {}),
        ...(input.rootQuorum !== undefined ? { rootQuorum: input.rootQuorum } : {}),
        ...input.context,
      },
    );
  },

  timeActive(time, nowMs) {
    try {
      return {
        active: evaluatePolicyExpression(time, 'time', { activity: { type: 'ACTIVITY_TYPE_UNSPECIFIED' }, approvers: [], now: nowMs }),
      };
    } catch (e) {
      return { active: false, error: e instanceof Error ? e.message : String(e) };
    }
  },
};
