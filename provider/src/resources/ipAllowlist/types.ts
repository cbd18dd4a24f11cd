// IpAllowlist: the organization's list (or one API key's), owned whole by the resource because
// set_ip_allowlist replaces every rule of its scope (docs.turnkey.com/reference/ip-allowlisting). The
// normal form holds CIDRs as the service stores them (host bits cleared), rules sorted, '' for an absent
// label, so neither the service's normalisation nor the order rules are written in shows as a change.
import type * as pulumi from '@pulumi/pulumi';
import type { IpAllowlist as ServiceIpAllowlist } from '@walletinfra/sdk';
import { IP_ALLOWLIST_FIELD_TABLE, parseCidr } from '@walletinfra/sdk/rules';
import { containsUnknown } from '../../unknown';
import { serviceFields } from '../common/fields';
import { COMMON_KEYS, placementOf, type CommonInputs, type Placement } from '../common/inputs';

export type OnEvaluationError = 'ALLOW' | 'DENY';

export interface IpAllowlistRuleArgs {
  /** IPv4 or IPv6 CIDR; a bare address is one host. */
  cidr: pulumi.Input<string>;
  label?: pulumi.Input<string>;
}

export interface IpAllowlistAdopt {
  /** Take over the list with this id (`organization` or `apiKey:<publicKey>`, see the README). */
  id?: string;
  /** Take over whatever list the scope has now (there is always at most one). */
  byScope?: boolean;
}

export interface IpAllowlistArgs {
  /** The API key whose list this is; omit for the organization-level list. */
  publicKey?: pulumi.Input<string>;
  /** Organization-level lists only, and required there: whether the rules are enforced. */
  enabled?: pulumi.Input<boolean>;
  rules: pulumi.Input<pulumi.Input<IpAllowlistRuleArgs>[]>;
  /** What the service does when it cannot evaluate the list (default DENY). */
  onEvaluationError?: pulumi.Input<OnEvaluationError>;
  /** Accept an enabled organization-level list without rules, which locks every API key out. */
  allowLockout?: pulumi.Input<boolean>;
  organizationId?: pulumi.Input<string>;
  profile?: pulumi.Input<string>;
  adopt?: pulumi.Input<IpAllowlistAdopt>;
}

export interface IpAllowlistRule {
  cidr: string;
  label: string;
}

export interface IpAllowlistInputs extends CommonInputs {
  publicKey?: string;
  /** false for per-key lists, which the service does not switch on and off themselves. */
  enabled: boolean;
  rules: IpAllowlistRule[];
  onEvaluationError: OnEvaluationError;
  allowLockout: boolean;
  organizationId: string;
  adopt?: IpAllowlistAdopt;
}

export type IpAllowlistOutputs = IpAllowlistInputs;

/** The resource's properties that reach the service, in the order diffs report them (the sdk's field table, from set_ip_allowlist). */
export const IP_ALLOWLIST_FIELDS = serviceFields(IP_ALLOWLIST_FIELD_TABLE);
export const IP_ALLOWLIST_KEYS = [...IP_ALLOWLIST_FIELDS, 'allowLockout', ...COMMON_KEYS] as const;
export const IP_ALLOWLIST_ADOPT_FLAGS = ['byScope'] as const;

/** The resource id: one list per organization and one per API key. */
export function ipAllowlistId(publicKey: string | undefined): string {
  return publicKey === undefined ? 'organization' : `apiKey:${publicKey.toLowerCase()}`;
}

function compare(a: IpAllowlistRule, b: IpAllowlistRule): number {
  return a.cidr < b.cidr ? -1 : a.cidr > b.cidr ? 1 : a.label < b.label ? -1 : a.label > b.label ? 1 : 0;
}

/** Normal CIDRs (invalid ones as written, `check` reports them), '' labels, sorted. */
export function normalizeRules(raw: unknown): IpAllowlistRule[] {
  if (!Array.isArray(raw)) return [];
  return raw
    .map((r) => {
      const rule = (r ?? {}) as { cidr?: unknown; label?: unknown };
      const cidr = typeof rule.cidr === 'string' ? rule.cidr : String(rule.cidr ?? '');
      const parsed = parseCidr(cidr.trim());
      return { cidr: parsed.ok ? parsed.cidr.normalized : cidr, label: typeof rule.label === 'string' ? rule.label : '' };
    })
    .sort(compare);
}

/** Normal form of inputs; values unknown at preview are left as they are. */
export function normalizeIpAllowlistInputs(news: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = { ...news };
  if (typeof out.publicKey === 'string' && !containsUnknown(out.publicKey)) out.publicKey = out.publicKey.toLowerCase();
  if (out.publicKey === null || out.publicKey === '') delete out.publicKey;
  if (out.enabled === undefined || out.enabled === null) out.enabled = false;
  if (out.onEvaluationError === undefined || out.onEvaluationError === null) out.onEvaluationError = 'DENY';
  if (out.allowLockout === undefined || out.allowLockout === null) out.allowLockout = false;
  if (out.rules === undefined || out.rules === null) out.rules = [];
  else if (Array.isArray(out.rules) && !containsUnknown(out.rules)) out.rules = normalizeRules(out.rules);
  return out;
}

/** Outputs from the live list, keeping what only our state knows (allowLockout, profile, adopt). */
export function ipAllowlistOutputsFromLive(
  live: ServiceIpAllowlist,
  state: Placement<IpAllowlistAdopt> & Pick<IpAllowlistOutputs, 'publicKey' | 'allowLockout'>,
): IpAllowlistOutputs {
  return {
    ...(state.publicKey !== undefined ? { publicKey: state.publicKey } : {}),
    enabled: state.publicKey === undefined ? live.enabled === true : false,
    rules: normalizeRules(live.rules.map((r) => ({ cidr: r.cidr, label: r.label ?? '' }))),
    onEvaluationError: live.onEvaluationError === 'ALLOW' ? 'ALLOW' : 'DENY',
    allowLockout: state.allowLockout,
    ...placementOf(state),
  };
}

/**
 * Whether the scope reads as having no list: get_ip_allowlist answers a scope without one (never set, or
 * removed) with no rules, not enabled and the default DENY. An existing list without rules reads the same
 * unless it says ALLOW, so that one counts as a list (docs/service-behaviour.md#ip-allowlist).
 */
export function isEmptyAllowlist(live: ServiceIpAllowlist, perKey: boolean): boolean {
  return live.rules.length === 0 && (perKey || live.enabled !== true) && live.onEvaluationError !== 'ALLOW';
}
