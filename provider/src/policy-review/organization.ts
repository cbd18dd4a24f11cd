// What the review tools read from the organization: its live policies, its recent activities and
// whether policies decided each one. An interface, so tests can hand in fixed data.
import { WalletInfraClient, collectAll } from '@walletinfra/sdk';
import type { Activity, SmartContractInterface, VelocityControl } from '@walletinfra/sdk/schemas';
import type { ProviderSettings } from '../config';
import type { ApprovalState } from './approvals';
import type { OrganizationFacts } from '../policy-lint/view';
import type { ReviewPolicy } from './decide';

/** What the linter reads of an organization: its users, tags and root quorum, its interfaces and velocity controls. */
export interface LintFacts extends Omit<OrganizationFacts, 'smartContractInterfaces' | 'velocityControls'> {
  smartContractInterfaces: SmartContractInterface[];
  velocityControls: VelocityControl[];
}

export interface OrganizationReader {
  readonly organizationId: string;
  listPolicies(): Promise<Array<ReviewPolicy & { policyId: string }>>;
  /** Up to `limit` activities, newest first as the service lists them. */
  listActivities(limit: number): Promise<Activity[]>;
  /** True when the policy engine decided the activity (it has policy evaluations); false for root-quorum decisions. */
  decidedByPolicies(activityId: string): Promise<boolean>;
  /** Who may approve now: each user's tags (list_users) and the root quorum (get_organization_configs). */
  approvalState?(): Promise<ApprovalState>;
  /** What `walletinfra-policy lint` reads besides the policies; absent where nothing else can be read. */
  lintFacts?(): Promise<LintFacts>;
}

/** One page of `list_activities` holds at most 100 (the API's pagination limit). */
const PAGE = 100;

export function clientReader(settings: ProviderSettings): OrganizationReader {
  const client = new WalletInfraClient({
    baseUrl: settings.baseUrl,
    authProxyUrl: settings.authProxyUrl,
    organizationId: settings.organizationId,
    apiPublicKey: settings.apiPublicKey,
    apiPrivateKey: settings.apiPrivateKey,
    timeoutMs: settings.requestTimeoutMs,
    retry: { maxAttempts: settings.maxRetries + 1 },
  });
  return {
    organizationId: settings.organizationId,
    async listPolicies() {
      const { policies } = await client.listPolicies({});
      return policies.map((p) => {
        const out: ReviewPolicy & { policyId: string } = {
          policyId: p.policyId,
          policyName: p.policyName,
          effect: p.effect as ReviewPolicy['effect'],
        };
        for (const k of ['condition', 'consensus', 'time', 'notes'] as const) {
          const v = (p as Record<string, unknown>)[k];
          if (typeof v === 'string' && v !== '') out[k] = v;
        }
        return out;
      });
    },
    async listActivities(limit) {
      const out: Activity[] = [];
      let after: string | undefined;
      while (out.length < limit) {
        const size = Math.min(PAGE, limit - out.length);
        const { activities } = await client.listActivities({
          paginationOptions: { limit: String(size), ...(after !== undefined ? { after } : {}) },
        });
        out.push(...activities);
        const last = activities[activities.length - 1];
        if (activities.length < size || last === undefined) break;
        after = last.id;
      }
      return out;
    },
    async decidedByPolicies(activityId) {
      const { policyEvaluations } = await client.getPolicyEvaluations({ activityId });
      return policyEvaluations.length > 0;
    },
    async approvalState() {
      const [{ users }, { configs }] = await Promise.all([client.listUsers({}), client.getOrganizationConfigs({})]);
      // The generated types mark the quorum optional; without one, no approval bypasses policies.
      const tagsByUser = new Map(users.map((u) => [u.userId, u.userTags]));
      return configs.quorum !== undefined ? { tagsByUser, rootQuorum: configs.quorum } : { tagsByUser };
    },
    async lintFacts() {
      const [users, userTags, configs, interfaces, velocityControls] = await Promise.all([
        client.listUsers({}),
        client.listUserTags({}),
        client.getOrganizationConfigs({}),
        client.listSmartContractInterfaces({}),
        collectAll(client.iterateVelocityControls({}), { max: 10_000 }),
      ]);
      return {
        users: users.users,
        userTags: userTags.userTags,
        ...(configs.configs.quorum !== undefined ? { rootQuorum: configs.configs.quorum } : {}),
        smartContractInterfaces: interfaces.smartContractInterfaces,
        velocityControls,
      };
    },
  };
}
