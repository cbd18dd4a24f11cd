// The service's list of policies, read through the session's coalesced lists (../../session/object-lists.ts).
import type { Policy as ServicePolicy } from '@walletinfra/sdk/schemas';
import { serviceList } from '../../session/object-lists';

/** Every policy of the organization (list_policies). */
export const POLICIES = serviceList<ServicePolicy>('policies', async (c) => (await c.listPolicies({})).policies);
