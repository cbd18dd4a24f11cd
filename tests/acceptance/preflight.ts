// Before the run changes anything: who the credentials are, what the organization holds that the run only
// reads (a wallet, a Solana account), and whether the run may start at all (the refusal rules). The dry run
// stops here, after printing the plan.
import type { WalletInfraClient } from '@walletinfra/sdk';
import type { ProviderSettings } from '@walletinfra/pulumi/config';
import type { AnyKind } from '@walletinfra/pulumi/resources/kind';
import { KINDS } from '@walletinfra/pulumi/resources/kinds';
import type { Identity } from './context';
import { inventory, sweepables } from './inventory';
import { EXIT, factsOf, handContext, type Env, type Preflight } from './options';
import { describePlan, liveProblems, type Plan } from './plan';
import { ownedByRun } from './prefix';

/** The credentials' user and API key: the user holding the key that signs the requests. */
export async function findIdentity(client: WalletInfraClient, settings: ProviderSettings): Promise<Identity> {
  const { users } = await client.listUsers({});
  const publicKey = settings.apiPublicKey.toLowerCase();
  for (const user of users) {
    const key = user.apiKeys.find((k) => k.credential.publicKey.toLowerCase() === publicKey);
    if (key !== undefined)
      return { organizationId: settings.organizationId, userId: user.userId, apiKeyId: key.apiKeyId, apiPublicKey: publicKey };
  }
  throw new Error(
    `no user of organization ${settings.organizationId} holds the API key ${publicKey}: the acceptance run needs credentials of a user ` +
      "of the organization itself (a parent organization's key cannot be found there)",
  );
}

/** A wallet, and a Solana account, the read-only lookups can use (the run makes no wallet). */
export async function walletFacts(client: WalletInfraClient): Promise<{ walletId?: string; solanaAddress?: string }> {
  const { wallets } = await client.listWallets({});
  const out: { walletId?: string; solanaAddress?: string } = {};
  if (wallets[0] !== undefined) out.walletId = wallets[0].walletId;
  for (const wallet of wallets.slice(0, 5)) {
    const { accounts } = await client.listWalletAccounts({ walletId: wallet.walletId });
    const solana = accounts.find((a) => a.addressFormat === 'ADDRESS_FORMAT_SOLANA');
    if (solana !== undefined) {
      out.solanaAddress = solana.address;
      break;
    }
  }
  return out;
}

/** `--dry-run`: the plan, and whether the run would start; reads only, records nothing. */
export async function dryRun(plan: Plan, env: Env): Promise<number> {
  const pre = await preflight(env);
  env.deps.out(describePlan(plan, env.settings.organizationId));
  if (pre.refusals.length === 0) {
    env.deps.out('The run would start: nothing it would change lacks its prefix.');
    return EXIT.passed;
  }
  env.deps.out(`The run would refuse to start:\n${pre.refusals.map((r) => `  - ${r}`).join('\n')}`);
  return EXIT.refused;
}

/** What the run found before starting, for the refusal rules. */
export interface Findings {
  /** Each singleton scenario the run includes, and what the organization holds there (undefined: empty). */
  singletons: Array<{ scenario: string; what: string; occupied: string | undefined }>;
  /** Objects already named with this run's prefix. */
  ownLeftovers: Array<{ type: string; name: string }>;
}

/**
 * Why the run must not start: a singleton it would change holds something (it cannot carry the prefix, so
 * the run could not tell it from the organization's own), or objects already carry this run's prefix (an
 * earlier run with the same --run-id; the run would adopt or delete them as its own).
 */
export function refusals(found: Findings, prefix: string): string[] {
  const out: string[] = [];
  for (const s of found.singletons) {
    if (s.occupied === undefined) continue;
    out.push(
      `${s.what} (${s.scenario}) holds ${s.occupied}; the run would replace it, and it cannot carry the run prefix. ` +
        'Run against an organization where it is empty, or leave out --include-singletons',
    );
  }
  if (found.ownLeftovers.length > 0) {
    out.push(
      `the organization already holds ${found.ownLeftovers.length} object(s) named with this run's prefix ${prefix} ` +
        `(${found.ownLeftovers.map((f) => `${f.type} ${f.name}`).join(', ')}): sweep them (npm run sweep -- --older-than 0 --yes) or use another --run-id`,
    );
  }
  return out;
}

export async function preflight(env: Env): Promise<Preflight & { wallets: { walletId?: string; solanaAddress?: string } }> {
  const { plan, session } = env;
  const hand = handContext(env);
  const singletons: Findings['singletons'] = [];
  for (const { scenario } of plan.included) {
    // A singleton declared as it is (no `occupied`) is never written, so there is nothing to refuse.
    if (scenario.singleton?.occupied === undefined) continue;
    singletons.push({ scenario: scenario.name, what: scenario.singleton.what, occupied: await scenario.singleton.occupied(hand) });
  }
  const ownLeftovers = (await inventory(session, sweepables(KINDS as readonly AnyKind[]))).filter((f) =>
    ownedByRun(plan.run.prefix, f.name),
  );
  const wallets = await walletFacts(session.client);
  // Nothing the run writes may be live (./kinds/live.ts): checked before its first write, and in the dry run.
  const live = liveProblems(plan).map((p) => `it would write something live: ${p}`);
  return {
    facts: factsOf(env, wallets, new Map()),
    refusals: [...refusals({ singletons, ownLeftovers }, plan.run.prefix), ...live],
    wallets,
  };
}
