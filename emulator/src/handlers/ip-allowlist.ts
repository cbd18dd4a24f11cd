// IP allowlists: set/remove activities and the get query (facts §4.4). One list per organization and one
// per API key; `set` fully replaces the rules of its scope. CIDRs are normalised (host bits cleared) and
// de-duplicated keeping the first label; at most 10 IPv4 and 10 IPv6 rules; nothing broader than /20 (IPv4)
// or /48 (IPv6) — "maximum prefix length" read as the broadest range accepted ([INFERENCE] in the facts).
import type { QueryHandler, RequestContext, SubmitHandler } from '../context';
import { invalidArgument, notFound } from '../errors';
import { normalizeCidr, parseCidr } from '../net';
import type { IpAllowlistRecord } from '../store/records';

const MAX_RULES_PER_FAMILY = 10;
const BROADEST_PREFIX = { 4: 20, 6: 48 } as const;

function scopeId(orgId: string, publicKey: string | undefined): string {
  return `${orgId}|${publicKey ?? ''}`;
}

function assertKeyInOrg(ctx: RequestContext, publicKey: string | undefined): void {
  if (publicKey === undefined) return;
  const key = ctx.store.apiKeys.findByKey(publicKey.toLowerCase()).find((k) => k.organizationId === ctx.org.organizationId);
  if (key === undefined) throw notFound(`no API key found with public key ${publicKey} in this organization`);
}

interface NormalizedRule {
  cidr: string;
  label: string;
}

/** Parses, checks and normalises the rules; errors name the index and the value (facts §4.4). */
export function normalizeRules(rules: ReadonlyArray<{ cidr: string; label?: string | undefined }>): NormalizedRule[] {
  const out: NormalizedRule[] = [];
  const seen = new Set<string>();
  const counts = { 4: 0, 6: 0 };
  rules.forEach((rule, i) => {
    const where = `invalid request body: parameters.rules[${i}].cidr`;
    const parsed = parseCidr(rule.cidr.trim());
    if (parsed === undefined) throw invalidArgument(`${where}: invalid CIDR ${JSON.stringify(rule.cidr)}`);
    const broadest = BROADEST_PREFIX[parsed.ip.version];
    if (parsed.prefix < broadest) {
      throw invalidArgument(`${where}: ${JSON.stringify(rule.cidr)} is broader than the maximum /${broadest} for IPv${parsed.ip.version}`);
    }
    const cidr = normalizeCidr(parsed);
    if (seen.has(cidr)) return;
    seen.add(cidr);
    counts[parsed.ip.version] += 1;
    if (counts[parsed.ip.version] > MAX_RULES_PER_FAMILY) {
      throw invalidArgument(`invalid request body: parameters.rules: at most ${MAX_RULES_PER_FAMILY} IPv${parsed.ip.version} CIDRs are allowed`);
    }
    out.push({ cidr, label: rule.label ?? '' });
  });
  return out;
}

export function renderAllowlist(orgId: string, publicKey: string | undefined, r: IpAllowlistRecord | undefined): Record<string, unknown> {
  const out: Record<string, unknown> = {
    organizationId: orgId,
    rules: (r?.rules ?? []).map((rule) => ({ cidr: rule.cidr, label: rule.label, createdAt: String(rule.createdAt) })),
  };
  if (publicKey !== undefined) out.publicKey = publicKey;
  out.enabled = r?.enabled ?? false;
  out.onEvaluationError = r?.onEvaluationError ?? 'DENY';
  return out;
}

export const setIpAllowlist: SubmitHandler<'set_ip_allowlist'> = {
  validate(ctx, p) {
    if (p.publicKey !== undefined && p.enabled !== undefined) {
      throw invalidArgument('invalid request body: parameters.enabled: can only be set on the organization-level allowlist (omit publicKey)');
    }
    normalizeRules(p.rules ?? []);
    assertKeyInOrg(ctx, p.publicKey);
  },
  execute(ctx, p) {
    const publicKey = p.publicKey?.toLowerCase();
    const id = scopeId(ctx.org.organizationId, publicKey);
    const current = ctx.store.ipAllowlists.get(id);
    const now = ctx.env.now();
    const createdAt = new Map((current?.rules ?? []).map((r) => [r.cidr, r.createdAt]));
    const record: IpAllowlistRecord = {
      id,
      organizationId: ctx.org.organizationId,
      enabled: p.enabled ?? current?.enabled ?? false,
      onEvaluationError: p.onEvaluationError ?? 'DENY',
      rules: normalizeRules(p.rules ?? []).map((r) => ({ ...r, createdAt: createdAt.get(r.cidr) ?? now })),
    };
    if (publicKey !== undefined) record.publicKey = publicKey;
    ctx.store.ipAllowlists.put(record);
    return {};
  },
};

export const removeIpAllowlist: SubmitHandler<'remove_ip_allowlist'> = {
  validate(ctx, p) {
    assertKeyInOrg(ctx, p.publicKey);
  },
  execute(ctx, p) {
    ctx.store.ipAllowlists.delete(scopeId(ctx.org.organizationId, p.publicKey?.toLowerCase()));
    return {};
  },
};

/** After removal the list is empty, not a 404 (facts §4.4). */
export const getIpAllowlist: QueryHandler<'get_ip_allowlist'> = (ctx, body) => {
  const publicKey = body.publicKey?.toLowerCase();
  const record = ctx.store.ipAllowlists.get(scopeId(ctx.org.organizationId, publicKey));
  return { allowlist: renderAllowlist(ctx.org.organizationId, publicKey, record) };
};
