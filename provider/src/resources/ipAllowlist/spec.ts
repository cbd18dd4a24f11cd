// IpAllowlist (docs.turnkey.com/reference/ip-allowlisting): the organization's list, or one API key's, owned
// whole by the resource because set_ip_allowlist replaces every rule of its scope. There is no id from the
// service: a list is addressed by its scope (./lifecycle.ts), and get_ip_allowlist answers an empty list for
// a scope without one, so `read` never reports a list gone (a removed list reads back as drift to no
// rules). The normal form holds CIDRs as the service stores them (host bits cleared), rules
// sorted, '' for an absent label, so neither the service's normalisation nor the order rules are written in
// shows as a change. At preview: the sdk's allowlist rule for CIDRs (normal form, broadest range, 10 + 10
// limit) with duplicates refused by index (the service would drop them silently), and the lockout guard: an
// enabled organization-level list without rules admits no API key, including the one running `pulumi`.
import type * as pulumi from '@pulumi/pulumi';
import { z } from 'zod';
import { IP_ALLOWLIST_FIELD_TABLE, normalizeIpAllowlistRules, parseCidr } from '@walletinfra/sdk/rules';
import { SetIpAllowlistIntent, type IpAllowlist as ServiceIpAllowlist } from '@walletinfra/sdk/schemas';
import type { OrgSession } from '../../session';
import { containsUnknown, isUnknown } from '../../wire';
import { describe, type CheckFailure } from '../common/check';
import { placementOf, selectorOf } from '../common/inputs';
import { ipAllowlistWarning } from '../common/lockout';
import { defineKind, type ExportValue, type InputsOf } from '../kind';

/** A rule in normal form. */
const Rule = z.object({ cidr: z.string(), label: z.string() });
export type IpAllowlistRule = z.infer<typeof Rule>;

/** The resource id: one list per organization and one per API key. */
export function ipAllowlistId(publicKey: string | undefined): string {
  return publicKey === undefined ? 'organization' : `apiKey:${publicKey.toLowerCase()}`;
}

/**
 * The scope an id names (what `pulumi import` gives `read` with no state): `organization`, or
 * `apiKey:<public key>`; undefined for anything else.
 */
export function scopeOfId(id: string): { publicKey?: string } | undefined {
  if (id === 'organization') return {};
  const publicKey = /^apiKey:([0-9A-Fa-f]+)$/.exec(id)?.[1];
  return publicKey !== undefined ? { publicKey: publicKey.toLowerCase() } : undefined;
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
      const cidr = typeof rule.cidr === 'string' ? rule.cidr : String(rule.cidr ?? ''); // eslint-disable-line @typescript-eslint/no-base-to-string -- check reports a cidr that is no string; this only keeps it comparable
      const parsed = parseCidr(cidr.trim());
      return { cidr: parsed.ok ? parsed.cidr.normalized : cidr, label: typeof rule.label === 'string' ? rule.label : '' };
    })
    .sort(compare);
}

/**
 * Whether the scope reads as having no list: get_ip_allowlist answers a scope without one (never set, or
 * removed) with no rules, not enabled and the default DENY. An existing list without rules reads the same
 * unless it says ALLOW, so that one counts as a list (docs/service-behaviour.md#ip-allowlist).
 */
export function isEmptyAllowlist(live: ServiceIpAllowlist, perKey: boolean): boolean {
  return live.rules.length === 0 && (perKey || live.enabled !== true) && live.onEvaluationError !== 'ALLOW';
}

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

function rulesRequired(news: Record<string, unknown>): CheckFailure[] {
  return news.rules === undefined || news.rules === null ? [{ property: 'rules', reason: 'required (an empty list is allowed)' }] : [];
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

/** A list as the export reads it: the organization's, or an API key's (with the key's name). */
type ExportedList = ServiceIpAllowlist & { publicKey?: string; apiKeyName?: string };

/**
 * The organization's list when it reads as one, and every API key's that does (get_ip_allowlist for each key
 * get_api_keys lists: a key's list without rules reads like no list, docs/service-behaviour.md#ip-allowlist).
 */
async function readForExport(session: OrgSession): Promise<ExportedList[]> {
  const c = session.client;
  const [org, apiKeys] = await Promise.all([c.getIpAllowlist({}), c.getApiKeys({})]);
  const lists: ExportedList[] = isEmptyAllowlist(org.allowlist, false) ? [] : [org.allowlist];
  for (const key of apiKeys.apiKeys) {
    const publicKey = key.credential.publicKey.toLowerCase();
    const { allowlist } = await c.getIpAllowlist({ publicKey });
    if (!isEmptyAllowlist(allowlist, true)) lists.push({ ...allowlist, publicKey, apiKeyName: key.apiKeyName });
  }
  return lists;
}

const args = SetIpAllowlistIntent.required({ rules: true }).extend({ allowLockout: z.boolean().optional() });

export const ipAllowlist = defineKind({
  type: 'IpAllowlist',
  member: 'ipAllowlist',
  // Addressed by scope (its organization or one API key): create, read, update and delete are its own (./steps.ts).
  shape: 'scoped',
  noun: 'IP allowlist',
  plural: 'IP allowlists',
  description:
    "The organization's IP allowlist, or one API key's: the networks requests may come from. The resource owns the whole " +
    'list of its scope; its id is `organization` or `apiKey:<public key>`.',
  table: IP_ALLOWLIST_FIELD_TABLE,
  importId: "`organization` for the organization's list, `apiKey:<public key>` for an API key's (the key's public key, hex)",
  args,
  outputs: SetIpAllowlistIntent.required({ enabled: true, onEvaluationError: true }).extend({
    rules: z.array(Rule),
    allowLockout: z.boolean(),
  }),
  docs: {
    publicKey: 'The API key whose list this is (hex, lower-cased); omit for the organization-level list.',
    enabled: 'Organization-level lists only, and required there: whether the rules are enforced. False for per-key lists.',
    rules: 'IPv4 or IPv6 CIDRs (a bare address is one host), each with an optional label; stored as the service normalises them, sorted.',
    onEvaluationError: 'What the service does when it cannot evaluate the list (`ALLOW` or `DENY`, default `DENY`).',
    allowLockout:
      'Accept an enabled organization-level list without rules, which locks every API key out (checked at preview; no call to the service).',
  },
  defaults: { enabled: false, onEvaluationError: 'DENY', allowLockout: false, rules: [] },
  canonical: {
    publicKey: (v) => (typeof v === 'string' && !containsUnknown(v) ? (v === '' ? undefined : v.toLowerCase()) : v),
    rules: (v) => (Array.isArray(v) && !containsUnknown(v) ? normalizeRules(v) : v),
  },
  adopt: { flag: 'byScope', doc: 'Take over whatever list the scope has now (there is always at most one).' },
  replaceReason: "another API key's list",
  check: {
    early: scopeFailures,
    beforeSchema: rulesRequired,
    late: (news) => [...ruleFailures(news.rules), ...lockoutFailures(news)],
    // A list that would shut out the stack's own requests cannot be told from here (only the service sees where a
    // request comes from): said at preview when such a list is set or changed (../common/lockout.ts).
    remote: (news, ctx, olds) => {
      const warning = ipAllowlistWarning(news, olds, ctx.session(selectorOf(news)).settings.apiPublicKey.toLowerCase());
      if (warning !== undefined) ctx.warn(warning);
      return Promise.resolve([]);
    },
  },
  // set_ip_allowlist addresses a list by its scope: no activity's result names a list's id, so none is its creator.
  inventory: { governs: 'access', createdBy: [] },
  export: {
    read: readForExport,
    name: (l: ExportedList) => (l.publicKey === undefined ? 'organization' : `api-key ${l.apiKeyName ?? ''}`),
    fallback: 'api-key',
    id: (l: ExportedList) => ipAllowlistId(l.publicKey),
    properties: (l: ExportedList): Array<[string, ExportValue | undefined]> => [
      ['publicKey', l.publicKey],
      ['enabled', l.publicKey === undefined ? l.enabled === true : undefined],
      [
        'rules',
        l.rules.map((r): ExportValue => (r.label !== undefined && r.label !== '' ? { cidr: r.cidr, label: r.label } : { cidr: r.cidr })),
      ],
      ['onEvaluationError', l.onEvaluationError === 'ALLOW' ? 'ALLOW' : undefined],
      ['allowLockout', l.publicKey === undefined && l.enabled === true && l.rules.length === 0 ? true : undefined],
    ],
    section: "IP allowlists (the organization's, then per API key)",
  },
  example: {
    name: 'organization',
    properties: {
      enabled: true,
      rules: [
        { cidr: '203.0.113.0/24', label: 'office' },
        { cidr: '198.51.100.7', label: 'CI runner' },
      ],
    },
  },
  fromLive: (live: ServiceIpAllowlist, state) => ({
    ...(typeof state.publicKey === 'string' ? { publicKey: state.publicKey } : {}),
    enabled: state.publicKey === undefined ? live.enabled === true : false,
    rules: normalizeRules(live.rules.map((r) => ({ cidr: r.cidr, label: r.label ?? '' }))),
    onEvaluationError: live.onEvaluationError === 'ALLOW' ? ('ALLOW' as const) : ('DENY' as const),
    allowLockout: state.allowLockout === true,
    ...placementOf(state as Parameters<typeof placementOf>[0]),
  }),
});

/** What the service does when a rule cannot be evaluated. */
export type OnEvaluationError = InputsOf<typeof ipAllowlist>['onEvaluationError'];
/** A rule as a program passes it. */
export type IpAllowlistRuleArgs = { cidr: pulumi.Input<string>; label?: pulumi.Input<string> };
