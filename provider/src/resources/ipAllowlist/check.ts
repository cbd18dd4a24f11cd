// IpAllowlist.check: the sdk's set_ip_allowlist schema for shapes, the sdk's allowlist rule for CIDRs
// (normal form, broadest range, 10 + 10 limit) with duplicates refused by index (the service would drop
// them silently), and the lockout guard: an enabled organization-level list without rules admits no
// API key, including the one running `pulumi`.
import { normalizeIpAllowlistRules } from '@walletinfra/sdk/rules';
import { SetIpAllowlistIntent } from '@walletinfra/sdk/schemas';
import type * as pulumi from '@pulumi/pulumi';
import type { ProviderContext } from '../../runtime/context';
import { containsUnknown, isUnknown } from '../../unknown';
import { describe, optionalType, schemaFailures, unknownPropertyFailures, type CheckFailure } from '../common/check';
import { adoptFailures, selectorFailures } from '../common/inputs';
import { checkResult } from '../common/organization';
import { IP_ALLOWLIST_ADOPT_FLAGS, IP_ALLOWLIST_FIELDS, IP_ALLOWLIST_KEYS, normalizeIpAllowlistInputs } from './types';

function scopeFailures(news: Record<string, unknown>): CheckFailure[] {
  const { publicKey, enabled } = news;
  if (isUnknown(publicKey)) return [];
  if (publicKey !== undefined && publicKey !== null) {
    if (typeof publicKey !== 'string' || publicKey.trim() === '') {
      return [{ property: 'publicKey', reason: `must be the public key of an API key (hex), got ${describe(publicKey)}` }];
    }
    if (enabled !== undefined && enabled !== null) {
      return [
        {
          property: 'enabled',
          reason:
            'only the organization-level list has it (a per-key list applies while the organization-level list is enabled); remove enabled or publicKey',
        },
      ];
    }
    return [];
  }
  if (enabled === undefined || enabled === null) {
    return [
      {
        property: 'enabled',
        reason: 'required for the organization-level list: true enforces the rules, false keeps them without enforcing',
      },
    ];
  }
  return [];
}

function ruleFailures(rules: unknown): CheckFailure[] {
  if (!Array.isArray(rules) || containsUnknown(rules)) return [];
  if (rules.some((r) => r === null || typeof r !== 'object' || typeof (r as { cidr?: unknown }).cidr !== 'string')) return [];
  const checked = normalizeIpAllowlistRules(rules as Array<{ cidr: string; label?: string }>);
  return [
    ...checked.problems.map((p) => ({ property: 'rules', reason: `${p.path}: ${p.message}` })),
    ...checked.duplicates.map((d) => ({
      property: 'rules',
      reason: `rules[${d.index}].cidr: ${d.cidr} repeats rules[${d.firstIndex}]; the service keeps only the first, so list each network once`,
    })),
  ];
}

function lockoutFailures(news: Record<string, unknown>): CheckFailure[] {
  const { publicKey, enabled, rules, allowLockout } = news;
  if (publicKey !== undefined && publicKey !== null) return [];
  if (enabled !== true || !Array.isArray(rules) || rules.length > 0 || allowLockout === true || isUnknown(allowLockout)) return [];
  return [
    {
      property: 'enabled',
      reason:
        'an enabled organization-level list without rules refuses every API key, including the one running pulumi; ' +
        'add rules, set enabled: false, or set allowLockout: true if locking API access out is what you want',
    },
  ];
}

export function checkIpAllowlistInputs(ctx: ProviderContext, news: Record<string, unknown>): pulumi.dynamic.CheckResult {
  const failures: CheckFailure[] = [
    ...unknownPropertyFailures(news, IP_ALLOWLIST_KEYS),
    ...selectorFailures(news),
    ...adoptFailures(news.adopt, IP_ALLOWLIST_ADOPT_FLAGS),
    ...optionalType(news, 'allowLockout', 'boolean'),
    ...scopeFailures(news),
  ];
  const reported = () => new Set(failures.map((f) => f.property));
  if (news.rules === undefined || news.rules === null) failures.push({ property: 'rules', reason: 'required (an empty list is allowed)' });
  for (const f of schemaFailures(SetIpAllowlistIntent, news, IP_ALLOWLIST_FIELDS)) {
    if (!reported().has(f.property)) failures.push(f);
  }
  if (!reported().has('rules')) failures.push(...ruleFailures(news.rules));
  if (!reported().has('enabled')) failures.push(...lockoutFailures(news));

  return checkResult(ctx, normalizeIpAllowlistInputs(news), failures);
}
