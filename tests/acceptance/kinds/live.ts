// What would make a sample live: an object the run writes that could act, be acted on, or reach anyone beyond
// the run. One rule per kind, in words (the README's table, "What the run never writes") and as a check; the
// run refuses to start when any input of its plan breaks one (./../steps.ts, before its first write), and
// tests/unit/acceptance/live.test.ts runs every kind's samples through them. A kind in KINDS without a rule
// fails that test, so a new kind's samples are judged too.
import * as ipaddr from 'ipaddr.js';
import { REFUSED_RANGES } from '@walletinfra/sdk/rules';

/** What the rules know of the run: its prefix, where its webhooks may point, the keys and user it made. */
export interface LiveContext {
  prefix: string;
  /** Hosts a webhook endpoint may name: the reserved example domains, and the host of `--webhook-url` when given. */
  webhookHosts: readonly string[];
  /** Public keys the run made and whose private halves it discarded or holds only in memory (fixture keys). */
  runKeys: ReadonlySet<string>;
  /** The values that stand for the fixture user (its placeholder, then its id). */
  fixtureUser: ReadonlySet<string>;
}

export interface LiveRule {
  /** What would be live, in one sentence (the README's table). */
  means: string;
  /** Why these inputs would be live; empty when they are not. */
  problems(args: Record<string, unknown>, ctx: LiveContext): string[];
}

/** Domains reserved for documentation (RFC 2606 section 3): they resolve, and nobody receives mail or requests there. */
export const EXAMPLE_DOMAINS: readonly string[] = ['example.com', 'example.net', 'example.org'];
/** The events a run never causes: balances of wallet accounts move only with funds. */
const QUIET_EVENTS: readonly string[] = ['BALANCE_CONFIRMED_UPDATES', 'BALANCE_FINALIZED_UPDATES'];
/** The UK numbers Ofcom reserves for drama (+44 7700 900000 to 900999): no phone answers them. */
const DRAMA_PHONE = /^\+447700900\d{3}$/;
/** A contract address the run reserves (0x…a1NN): nothing is deployed there, and no policy names it. */
const RUN_CONTRACT = /^0x0{36}a1\d{2}$/;

const DOCUMENTATION = REFUSED_RANGES.filter((r) => r.kind === 'documentation').map((r) => ipaddr.parseCIDR(r.cidr));

/** Whether a CIDR lies inside a documentation range (RFC 5737, RFC 3849, RFC 9637). */
export function documentationOnly(cidr: string): boolean {
  let network: [ipaddr.IPv4 | ipaddr.IPv6, number];
  try {
    network = cidr.includes('/') ? ipaddr.parseCIDR(cidr) : [ipaddr.parse(cidr), cidr.includes(':') ? 128 : 32];
  } catch {
    return false;
  }
  const [address, bits] = network;
  return DOCUMENTATION.some(
    ([range, rangeBits]) => range.kind() === address.kind() && bits >= rangeBits && address.match(range, rangeBits),
  );
}

const text = (v: unknown): string => (typeof v === 'string' ? v : (JSON.stringify(v) ?? 'absent'));
/** A string input, or '' for anything else (which then fails the rule that reads it). */
const str = (v: unknown): string => (typeof v === 'string' ? v : '');
const list = (v: unknown): unknown[] => (Array.isArray(v) ? (v as unknown[]) : []);
const hostOf = (url: string): string | undefined => {
  try {
    return new URL(url).hostname.toLowerCase();
  } catch {
    return undefined;
  }
};
const underExample = (host: string, hosts: readonly string[]) => hosts.some((h) => host === h || host.endsWith(`.${h}`));

export const LIVE: Readonly<Record<string, LiveRule>> = {
  Policy: {
    means:
      'any policy but an ALLOW whose condition is `false`: another condition could grant an activity, a DENY could lock the organization out',
    problems: (a) =>
      a.effect === 'EFFECT_ALLOW' && a.condition === 'false'
        ? []
        : [
            `a ${text(a.effect)} policy with the condition ${text(a.condition)} could decide activities (only an ALLOW with \`false\` decides none)`,
          ],
  },
  WebhookEndpoint: {
    means:
      'a URL outside example.com, example.net and example.org (RFC 2606) other than the host given with `--webhook-url`, or a subscription to any event but the balance events the run never causes',
    problems(a, ctx) {
      const out: string[] = [];
      const host = hostOf(text(a.url));
      if (host === undefined || !underExample(host, ctx.webhookHosts))
        out.push(`url ${text(a.url)} would receive deliveries outside ${ctx.webhookHosts.join(', ')}`);
      for (const s of list(a.subscriptions)) {
        const event = (s as { eventType?: unknown }).eventType;
        if (!QUIET_EVENTS.includes(String(event))) out.push(`a subscription to ${text(event)}, an event the run can cause`);
      }
      return out;
    },
  },
  FiatOnRampCredential: {
    means:
      '`sandboxMode` not `true` (a production credential), or keys other than made-up ones (`sk_test_…` secrets, a publishable key named with the run prefix)',
    problems(a, ctx) {
      const out: string[] = [];
      if (a.sandboxMode !== true) out.push(`sandboxMode ${text(a.sandboxMode)}: a production credential (only sandbox ones are written)`);
      if (!str(a.publishableApiKey).startsWith(ctx.prefix)) out.push('publishableApiKey is not a made-up key named with the run prefix');
      for (const key of ['secretApiKey', 'privateApiKey'] as const)
        if (a[key] !== undefined && !str(a[key]).startsWith('sk_test_')) out.push(`${key} is not a made-up sk_test_ key`);
      return out;
    },
  },
  IpAllowlist: {
    means:
      "the organization's list enabled (enforced: it could lock the organization out), a list of a key the run did not make, or a rule outside the documentation networks (RFC 5737, RFC 3849, RFC 9637)",
    problems(a, ctx) {
      const out: string[] = [];
      if (a.publicKey === undefined && a.enabled !== false) out.push("the organization's list would be enforced (enabled is not false)");
      if (a.publicKey !== undefined && !ctx.runKeys.has(str(a.publicKey)))
        out.push(`publicKey ${text(a.publicKey)} is not a key the run made`);
      for (const r of list(a.rules)) {
        const cidr = String((r as { cidr?: unknown }).cidr);
        if (!documentationOnly(cidr)) out.push(`rule ${cidr} is not a documentation network`);
      }
      return out;
    },
  },
  PrivateKeyTag: {
    means: "a tag on any private key (it would change what the organization's policies allow with that key)",
    problems: (a) => (list(a.privateKeyIds).length === 0 ? [] : [`tags ${list(a.privateKeyIds).length} private key(s)`]),
  },
  SessionProfile: {
    means: "a profile named without the run prefix (a login naming it by id is the only use, and nothing names the run's)",
    problems: (a, ctx) => (str(a.sessionProfileName).startsWith(ctx.prefix) ? [] : ['sessionProfileName does not carry the run prefix']),
  },
  UserTag: {
    means: 'a tag with members (a consensus rule naming the tag would count them)',
    problems: (a) => (list(a.userIds).length === 0 ? [] : [`a tag carried by ${list(a.userIds).length} user(s)`]),
  },
  User: {
    means:
      'a user with a credential (API key, authenticator, OAuth provider), an email outside example.com/.net/.org, or a phone number outside the range Ofcom reserves for drama (+44 7700 900xxx)',
    problems(a) {
      const out: string[] = [];
      for (const key of ['apiKeys', 'authenticators', 'oauthProviders'] as const)
        if (list(a[key]).length > 0) out.push(`${key}: a credential someone could act with`);
      const email = a.userEmail === undefined ? undefined : str(a.userEmail);
      if (email !== undefined && !underExample(email.split('@')[1]?.toLowerCase() ?? '', EXAMPLE_DOMAINS))
        out.push(`userEmail ${email} could reach a mailbox`);
      if (a.userPhoneNumber !== undefined && !DRAMA_PHONE.test(str(a.userPhoneNumber)))
        out.push(`userPhoneNumber ${text(a.userPhoneNumber)} could reach a phone`);
      return out;
    },
  },
  ApiKey: {
    means:
      'a key for any user but the fixture user the run made, or a public key the run did not make (someone could hold its private half)',
    problems(a, ctx) {
      const out: string[] = [];
      if (!ctx.fixtureUser.has(str(a.userId))) out.push(`userId ${text(a.userId)} is not the run's fixture user`);
      if (!ctx.runKeys.has(str(a.publicKey))) out.push(`publicKey ${text(a.publicKey)} is not a key the run made and discarded`);
      return out;
    },
  },
  RootQuorum: {
    means: "any quorum but the organization's own as read just before the first `pulumi up` (the run never changes who may act as root)",
    // The inputs are compared with what the organization holds where they are read (./root-quorum.ts `resolve`):
    // the run declares that, and `create` and `then` are the same (the plan's check, `quorumChanges`).
    problems: () => [],
  },
  SmartContractInterface: {
    means: 'an interface for an address other than those the run reserves (0x000…a1NN), where a policy could decode real calls',
    problems: (a) =>
      RUN_CONTRACT.test(str(a.smartContractAddress).toLowerCase())
        ? []
        : [`smartContractAddress ${text(a.smartContractAddress)} is not one the run reserves`],
  },
  VelocityControl: {
    means: 'an identifier that does not start with the run prefix (a policy reading `controls.<identifier>` could be limited by it)',
    problems: (a, ctx) =>
      str(a.identifier).startsWith(ctx.prefix.replace(/-/g, '_').replace(/_$/, ''))
        ? []
        : [`identifier ${text(a.identifier)} does not carry the run prefix`],
  },
};

/** Why a kind's inputs would be live; a kind without a rule is live by default (its samples cannot be judged). */
export function liveProblems(type: string, args: Record<string, unknown>, ctx: LiveContext): string[] {
  const rule = LIVE[type];
  if (rule === undefined) return [`${type} has no rule saying what would be live (tests/acceptance/kinds/live.ts)`];
  return rule.problems(args, ctx);
}
