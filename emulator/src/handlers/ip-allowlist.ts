// IP allowlists: set/remove activities and the get query (docs.turnkey.com/reference/ip-allowlisting). One
// list per organization and one per API key; `set` fully replaces the rules of its scope. The rules on the
// CIDRs themselves (normal form, de-duplication, limits) are the sdk's, shared with the provider.
import { normalizeIpAllowlistRules, type IpAllowlistRule, type IpAllowlistRuleInput } from '@walletinfra/sdk/rules';
import type { QueryHandler, RequestContext, SubmitHandler } from '../context';
import { invalidArgument, notFound } from '../errors';
import type { IpAllowlistRecord } from '../store/records';
import { renderAllowlist } from '../render/ip-allowlist';

function scopeId(orgId: string, publicKey: string | undefined): string {
  return `${orgId}|${publicKey ?? ''}`;
}

function assertKeyInOrg(ctx: RequestContext, publicKey: string | undefined): void {
  if (publicKey === undefined) return;
  const key = ctx.store.apiKeys.findByKeyIn(ctx.org.organizationId, publicKey.toLowerCase())[0];
  if (key === undefined) throw notFound(`no API key found with public key ${publicKey} in this organization`);
}

/** The rules as stored, or the service's error for the first problem (the sdk's rule names index and value). */
export function normalizeRules(rules: readonly IpAllowlistRuleInput[]): IpAllowlistRule[] {
  const { rules: normalized, problems } = normalizeIpAllowlistRules(rules);
  const [first] = problems;
  if (first !== undefined) throw invalidArgument(`invalid request body: parameters.${first.path}: ${first.message}`);
  return normalized;
}

export const setIpAllowlist: SubmitHandler<'set_ip_allowlist'> = {
  validate(ctx, p) {
    if (p.publicKey !== undefined && p.enabled !== undefined) {
      throw invalidArgument(
        'invalid request body: parameters.enabled: can only be set on the organization-level allowlist (omit publicKey)',
      );
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

/** After removal the list is empty, not a 404 (docs/service-behaviour.md#ip-allowlist). */
export const getIpAllowlist: QueryHandler<'get_ip_allowlist'> = (ctx, body) => {
  const publicKey = body.publicKey?.toLowerCase();
  const record = ctx.store.ipAllowlists.get(scopeId(ctx.org.organizationId, publicKey));
  return { allowlist: renderAllowlist(ctx.org.organizationId, publicKey, record, 'api') };
};
