// Every data source the provider has (provider/src/datasources), read once by the program in the step that
// applies the updates, each with arguments that make it read the run's own objects where it can, and a check
// of what it returned. A data source without an entry fails the run and tests/unit/acceptance/coverage.test.ts.
import { ref, type Ref, type RunFacts } from './context';

/** Arguments, or why the lookup cannot run against this organization. */
export type LookupArgs = { args: Record<string, unknown> } | { skip: string };

export interface LookupCase {
  /** The arguments (`Ref`s are resolved by the program to the resources' outputs, so the lookup reads after them). */
  args(facts: RunFacts): LookupArgs;
  /** The operations it sends, to pick its request ids from the recording. */
  operations: readonly string[];
  /** What is wrong with the result, or undefined. */
  check(result: Record<string, unknown>, facts: RunFacts): string | undefined;
}

type Row = Record<string, unknown>;
const rows = (v: unknown): Row[] => (Array.isArray(v) ? (v as Row[]) : []);
const isList = (v: unknown, what: string): string | undefined => (Array.isArray(v) ? undefined : `${what} is not a list`);

/**
 * Waits for the declared ones of `resources` (the first one's organization id, once all are done), so the
 * lookup reads what the update left. Lookups that read the same list wait for the same resources: the
 * program's lookups share one session, whose first read of a list serves the others.
 */
function after(facts: RunFacts, ...resources: string[]): { organizationId?: Ref } {
  const [first, ...rest] = resources.filter((r) => facts.declares(r));
  return first === undefined ? {} : { organizationId: ref(first, 'organizationId', rest) };
}

/** `list` holds a row whose `field` is the declared value of `resource`'s `input`, when the resource is declared. */
function holds(facts: RunFacts, list: unknown, resource: string, input: string, field = input): string | undefined {
  const problem = isList(list, 'the result');
  if (problem !== undefined) return problem;
  const wanted = facts.declared(resource)?.[input];
  if (wanted === undefined) return undefined;
  return rows(list).some((r) => r[field] === wanted) ? undefined : `no entry with ${field} ${JSON.stringify(wanted)}`;
}

/** What the velocity-control lookups wait for: they share the program's one read of the controls. */
const CONTROLS = ['velocity-control-replaced', 'velocity-control-adopted'];

/** What the identity lookups wait for: they share the program's one read of the users (list_users). */
const IDENTITY = ['user-main', 'user-adopted', 'user-tag-main', 'user-tag-adopted', 'root-quorum-main', 'root-quorum-adopted'];

export const LOOKUPS: Readonly<Record<string, LookupCase>> = {
  wallets: { args: () => ({ args: {} }), operations: ['list_wallets'], check: (r) => isList(r.wallets, 'wallets') },
  privateKeyTags: {
    args: (f) => ({ args: after(f, 'key-tag-main') }),
    operations: ['list_private_key_tags'],
    check: (r, f) => holds(f, r.privateKeyTags, 'key-tag-main', 'privateKeyTagName', 'tagName'),
  },
  ipAllowlist: {
    args: (f) =>
      f.declares('ip-allowlist-main')
        ? { args: { publicKey: f.declared('ip-allowlist-main')?.publicKey, ...after(f, 'ip-allowlist-main') } }
        : { args: {} },
    operations: ['get_ip_allowlist'],
    check: (r, f) => {
      const rules = rows((r.allowlist as Row | undefined)?.rules);
      const declared = rows(f.declared('ip-allowlist-main')?.rules).map((x) => x.cidr);
      const missing = declared.filter((cidr) => !rules.some((x) => x.cidr === cidr));
      return missing.length === 0 ? undefined : `the list lacks ${missing.join(', ')}`;
    },
  },
  sessionProfile: {
    args: (f) =>
      f.declares('session-profile-adopted')
        ? { args: { sessionProfileId: ref('session-profile-adopted') } }
        : { skip: "needs the run's own session profile (the SessionProfile scenario is left out)" },
    operations: ['get_session_profile'],
    check: (r, f) => {
      const wanted = f.declared('session-profile-adopted')?.sessionProfileName;
      const got = (r.sessionProfile as Row | undefined)?.sessionProfileName;
      return got === wanted ? undefined : `sessionProfileName is ${JSON.stringify(got)}, not ${JSON.stringify(wanted)}`;
    },
  },
  sessionProfiles: {
    args: (f) => ({ args: after(f, 'session-profile-adopted') }),
    operations: ['get_session_profiles'],
    check: (r, f) => holds(f, r.sessionProfiles, 'session-profile-adopted', 'sessionProfileName'),
  },
  apiKey: {
    args: (f) => ({ args: { apiKeyId: f.identity.apiKeyId } }),
    operations: ['get_api_key'],
    check: (r, f) => {
      const key = (r.apiKey as { credential?: { publicKey?: string } } | undefined)?.credential?.publicKey;
      return key?.toLowerCase() === f.identity.apiPublicKey.toLowerCase() ? undefined : "not the credentials' own API key";
    },
  },
  mfaPolicies: {
    args: (f) => ({ args: { userId: f.identity.userId } }),
    operations: ['get_mfa_policies'],
    check: (r) => isList(r.mfaPolicies, 'mfaPolicies'),
  },
  policy: {
    args: (f) =>
      f.declares('policy-main')
        ? { args: { policyId: ref('policy-main'), parseExpressions: true } }
        : { skip: "needs the run's own policy (the Policy scenario is left out)" },
    operations: ['get_policy'],
    check: (r, f) => {
      const policy = r.policy as (Row & { parsed?: Row }) | undefined;
      if (policy?.policyName !== f.declared('policy-main')?.policyName) return `policyName is ${JSON.stringify(policy?.policyName)}`;
      return policy?.parsed?.condition === undefined ? 'parseExpressions returned no parsed condition' : undefined;
    },
  },
  policies: {
    args: (f) => ({ args: after(f, 'policy-main') }),
    operations: ['list_policies'],
    check: (r, f) => holds(f, r.policies, 'policy-main', 'policyName'),
  },
  webhookEndpoints: {
    args: (f) => ({ args: after(f, 'webhook-main') }),
    operations: ['list_webhook_endpoints'],
    check: (r, f) => holds(f, r.webhookEndpoints, 'webhook-main', 'name'),
  },
  fiatOnRampCredentials: {
    args: (f) => ({ args: after(f, 'onramp-main') }),
    operations: ['list_fiat_on_ramp_credentials'],
    check: (r, f) => holds(f, r.fiatOnRampCredentials, 'onramp-main', 'publishableApiKey'),
  },
  subOrganizations: {
    args: () => ({ args: { paginationOptions: { limit: '10' } } }),
    operations: ['list_suborgs'],
    check: (r) => isList(r.organizationIds, 'organizationIds'),
  },
  solTransactionHistory: {
    args: (f) =>
      f.solanaAddress !== undefined
        ? { args: { address: f.solanaAddress, caip2: 'solana:mainnet', paginationOptions: { limit: '5' } } }
        : { skip: 'the organization has no Solana wallet account (the run creates no wallets: the sdk cannot delete them)' },
    operations: ['list_sol_transaction_history'],
    check: (r) => isList(r.transactions, 'transactions'),
  },
  walletKitConfig: {
    args: (f) =>
      f.authProxyConfigId !== undefined
        ? { args: {} }
        : { skip: 'needs an auth-proxy configuration id (WALLETINFRA_AUTH_PROXY_CONFIG_ID)' },
    operations: ['get_wallet_kit_config'],
    check: (r) => (typeof r === 'object' && r !== null ? undefined : 'no configuration returned'),
  },
  webhookJwks: { args: () => ({ args: {} }), operations: ['get_webhook_jwks'], check: (r) => isList(r.keys, 'keys') },
  users: {
    args: (f) =>
      f.declares('user-main') ? { args: { userName: f.declared('user-main')?.userName, ...after(f, ...IDENTITY) } } : { args: {} },
    operations: ['list_users', 'get_organization_configs'],
    check: (r, f) =>
      f.declares('user-main')
        ? holds(f, r.users, 'user-main', 'userName')
        : rows(r.users).some((u) => u.userId === f.identity.userId)
          ? undefined
          : "the credentials' own user is not listed",
  },
  userTags: {
    args: (f) => ({ args: after(f, ...IDENTITY) }),
    operations: ['list_user_tags', 'list_users'],
    check: (r, f) => holds(f, r.userTags, 'user-tag-main', 'userTagName'),
  },
  rootQuorum: {
    args: (f) => ({ args: after(f, ...IDENTITY) }),
    operations: ['get_organization_configs'],
    check: (r, f) => {
      if (typeof r.threshold !== 'number' || r.threshold < 1) return `threshold is ${JSON.stringify(r.threshold)}`;
      const wanted = f.declared('root-quorum-main');
      if (wanted === undefined) return isList(r.userIds, 'userIds');
      const same = r.threshold === wanted.threshold && JSON.stringify(r.userIds) === JSON.stringify(wanted.userIds);
      return same
        ? undefined
        : `the quorum is ${r.threshold} of ${JSON.stringify(r.userIds)}, declared ${JSON.stringify(wanted.threshold)} of ${JSON.stringify(wanted.userIds)}`;
    },
  },
  smartContractInterface: {
    args: (f) =>
      f.declares('contract-replaced')
        ? { args: { smartContractInterfaceId: ref('contract-replaced') } }
        : { skip: "needs the run's own smart-contract interface (the SmartContractInterface scenario is left out)" },
    operations: ['get_smart_contract_interface'],
    check: (r, f) => {
      const wanted = f.declared('contract-replaced')?.label;
      const got = (r.smartContractInterface as Row | undefined)?.label;
      return got === wanted ? undefined : `label is ${JSON.stringify(got)}, not ${JSON.stringify(wanted)}`;
    },
  },
  smartContractInterfaces: {
    args: (f) => ({ args: after(f, 'contract-replaced', 'contract-adopted') }),
    operations: ['list_smart_contract_interfaces'],
    check: (r, f) => holds(f, r.smartContractInterfaces, 'contract-replaced', 'label'),
  },
  velocityControl: {
    args: (f) =>
      f.declares('velocity-control-replaced')
        ? { args: { identifier: f.declared('velocity-control-replaced')?.identifier, ...after(f, ...CONTROLS) } }
        : { skip: "needs the run's own velocity control (the VelocityControl scenario is left out)" },
    operations: ['list_velocity_controls'],
    check: (r, f) => {
      const wanted = f.declared('velocity-control-replaced');
      const got = r.velocityControl as (Row & { aggregation?: Row }) | undefined;
      const threshold = (wanted?.aggregation as Row | undefined)?.threshold;
      if (got?.name !== wanted?.name) return `name is ${JSON.stringify(got?.name)}, not ${JSON.stringify(wanted?.name)}`;
      return got?.aggregation?.threshold === threshold
        ? undefined
        : `threshold is ${JSON.stringify(got?.aggregation?.threshold)}, not ${JSON.stringify(threshold)}`;
    },
  },
  velocityControls: {
    args: (f) => ({ args: after(f, ...CONTROLS) }),
    operations: ['list_velocity_controls'],
    check: (r, f) => holds(f, r.velocityControls, 'velocity-control-replaced', 'name'),
  },
};

/** The program's function for a data source: `policy` -> `getPolicyOutput`. */
export function outputFunctionOf(dataSource: string): string {
  return `get${dataSource.charAt(0).toUpperCase()}${dataSource.slice(1)}Output`;
}
