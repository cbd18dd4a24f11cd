// Policy: inputs, outputs and their normal form (docs/service-behaviour.md#policies). The service reads back
// `condition`, `consensus` and `notes` as '' when unset and may omit `time`; our normal form uses '' for
// all four on both sides of every comparison.
import type * as pulumi from '@pulumi/pulumi';
import type { Policy as ServicePolicy } from '@walletinfra/sdk';
import { POLICY_FIELD_TABLE } from '@walletinfra/sdk/rules';
import { serviceFields } from '../common/fields';
import { COMMON_KEYS, placementOf, type CommonInputs, type Placement } from '../common/inputs';

export type PolicyEffect = 'EFFECT_ALLOW' | 'EFFECT_DENY';

export interface PolicyAdopt {
  /** Take over the policy with this id. */
  id?: string;
  /** Take over the policy with the same `policyName` (names are unique, docs/service-behaviour.md#policies), or create it. */
  byName?: boolean;
}

/** Arguments of `new Policy(name, args)`. */
export interface PolicyArgs {
  policyName: pulumi.Input<string>;
  effect: pulumi.Input<PolicyEffect>;
  /** Policy-language condition (docs/service-behaviour.md#policy-language); empty or absent means "always". */
  condition?: pulumi.Input<string>;
  /** Policy-language consensus expression, e.g. `approvers.count() >= 2`. */
  consensus?: pulumi.Input<string>;
  notes?: pulumi.Input<string>;
  /** Time expression (early access, docs/service-behaviour.md#policy-language). */
  time?: pulumi.Input<string>;
  /** The organization to manage the policy in (default: the credentials' organization). */
  organizationId?: pulumi.Input<string>;
  /** Named credentials from `walletinfra:profiles` / `WALLETINFRA_PROFILE_<NAME>_*`. */
  profile?: pulumi.Input<string>;
  /**
   * Take over an existing object instead of creating one (provider README, "Adopting existing objects"). The stack
   * then owns it: `pulumi destroy` deletes it unless the resource has the `retainOnDelete: true` option.
   */
  adopt?: pulumi.Input<PolicyAdopt>;
}

/** The service's fields, in the order diffs report them (the sdk's field table, from the intents). */
export const POLICY_FIELDS = serviceFields(POLICY_FIELD_TABLE) as ReadonlyArray<
  'policyName' | 'effect' | 'condition' | 'consensus' | 'notes' | 'time'
>;
export const POLICY_KEYS = [...POLICY_FIELDS, ...COMMON_KEYS] as const;
export const POLICY_ADOPT_FLAGS = ['byName'] as const;

/** Inputs after `check`: every text field present ('' when unset), `organizationId` resolved. */
export interface PolicyInputs extends CommonInputs {
  policyName: string;
  effect: PolicyEffect;
  condition: string;
  consensus: string;
  notes: string;
  time: string;
  organizationId: string;
  adopt?: PolicyAdopt;
}

/** The resource's outputs: the normal-form inputs plus the service's id. */
export interface PolicyOutputs extends PolicyInputs {
  policyId: string;
}

const TEXT = ['condition', 'consensus', 'notes', 'time'] as const;

/** Normal form of inputs; leaves unknown values (preview) untouched. */
export function normalizePolicyInputs(news: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = { ...news };
  for (const k of TEXT) if (out[k] === undefined || out[k] === null) out[k] = '';
  return out;
}

/** Outputs from the live object, keeping what only our state knows (profile, adopt). */
export function policyOutputsFromLive(live: ServicePolicy, state: Placement<PolicyAdopt>): PolicyOutputs {
  return {
    policyId: live.policyId,
    policyName: live.policyName,
    effect: live.effect as PolicyEffect,
    condition: live.condition,
    consensus: live.consensus,
    notes: live.notes,
    time: live.time ?? '',
    ...placementOf(state),
  };
}

/** The inputs an object implies (what `read` hands the engine so later diffs compare against reality). */
export function policyInputsFromOutputs(outs: PolicyOutputs): PolicyInputs {
  const { policyId: _id, ...inputs } = outs;
  return inputs;
}
