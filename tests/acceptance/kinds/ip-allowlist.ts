// IpAllowlist in two scenarios. Per API key: the lists of API keys the run adds for the purpose (named with
// the run prefix, deleted at the end), with documentation-only networks (RFC 5737); a key's list applies only
// while the organization's list is enabled, and nobody signs with these keys. The organization's own list is
// a singleton that cannot carry a prefix: skipped unless `--include-singletons`, and then only when the
// organization has no list at all; the run keeps it disabled (`enabled: false`: never enforced) and removes it.
import { ipAllowlist, ipAllowlistId, isEmptyAllowlist } from '@walletinfra/pulumi/resources/ipAllowlist/spec';
import type { HandContext, Scenario } from './types';

type Rule = { cidr: string; label?: string };

async function readList(ctx: HandContext, publicKey: string | undefined): Promise<Record<string, unknown> | undefined> {
  const { allowlist } = await ctx.client.getIpAllowlist(publicKey === undefined ? {} : { publicKey });
  if (isEmptyAllowlist(allowlist, publicKey !== undefined)) return undefined;
  return ipAllowlist.fromLive(allowlist, { organizationId: ctx.organizationId, ...(publicKey !== undefined ? { publicKey } : {}) });
}

const keyOf = (args: Record<string, unknown>) => (typeof args.publicKey === 'string' ? args.publicKey : undefined);

export const ipAllowlistPerKeyScenario: Scenario = {
  name: 'IpAllowlist',
  stem: 'ip-allowlist',
  why: 'the lists of API keys the run adds and deletes, with documentation-only networks (RFC 5737); nobody signs with those keys',
  apiKeys: ['main', 'replaced', 'replacement', 'adopted'],
  create: (ctx, role) => ({ publicKey: ctx.apiKey(role).publicKey, rules: [{ cidr: '192.0.2.0/24', label: ctx.name(`ip-${role}`) }] }),
  update: (ctx, args) => ({ ...args, rules: [...(args.rules as Rule[]), { cidr: '198.51.100.0/24', label: ctx.name('ip-main-2') }] }),
  replace: (ctx, args) => ({ ...args, publicKey: ctx.apiKey('replacement').publicKey }),
  async handMade(ctx, args) {
    await ctx.client.setIpAllowlist({ publicKey: String(args.publicKey), rules: args.rules as Rule[] });
    return ipAllowlistId(keyOf(args));
  },
  async drift(ctx, _id, args) {
    await ctx.client.setIpAllowlist({
      publicKey: String(args.publicKey),
      rules: [{ cidr: '203.0.113.0/24', label: ctx.sample.name('ip-outside') }],
    });
    return 'rules replaced with set_ip_allowlist';
  },
  read: (ctx, _id, args) => readList(ctx, keyOf(args)),
};

export const ipAllowlistOrganizationScenario: Scenario = {
  name: 'IpAllowlist (organization)',
  stem: 'ip-allowlist-org',
  why: "the organization's own list, only when it has none: kept disabled (never enforced) and removed at the end",
  singleton: {
    what: "the organization's IP allowlist",
    whenIncluded: 'the run then starts only when it is empty',
    async occupied(ctx) {
      const { allowlist } = await ctx.client.getIpAllowlist({});
      if (isEmptyAllowlist(allowlist, false)) return undefined;
      const rules = `${allowlist.rules.length} rule${allowlist.rules.length === 1 ? '' : 's'}`;
      return `${rules}, ${allowlist.enabled === true ? 'enabled' : 'not enabled'}, onEvaluationError ${allowlist.onEvaluationError ?? 'DENY'}`;
    },
  },
  create: (ctx, role) => ({ enabled: false, rules: [{ cidr: '192.0.2.0/24', label: ctx.name(`ip-org-${role}`) }] }),
  async handMade(ctx, args) {
    await ctx.client.setIpAllowlist({ enabled: false, rules: args.rules as Rule[] });
    return ipAllowlistId(undefined);
  },
  async drift(ctx) {
    await ctx.client.setIpAllowlist({ enabled: false, rules: [{ cidr: '203.0.113.0/24', label: ctx.sample.name('ip-org-outside') }] });
    return 'rules replaced with set_ip_allowlist (still disabled)';
  },
  read: (ctx) => readList(ctx, undefined),
  notApplicable: {
    update: 'the one list is adopted, drifted and restored; the per-key scenario updates lists in place',
    replace: "the organization's list has no other scope to move to",
  },
};
