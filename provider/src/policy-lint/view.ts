// What the linter may know of an organization (the sdk's `OrganizationView`), built from what the service lists
// and what a deployment plans: users with their tags and whether they are root, the tag names, the root quorum,
// the smart-contract interfaces (planned and live), the velocity-control identifiers (planned and live).
import type { ContractInterfaceInput, OrganizationView } from '@walletinfra/sdk/policy';

/** The service's users, tags and root quorum, as much as was read. */
export interface OrganizationFacts {
  users?: ReadonlyArray<{ userId: string; userName?: string; userEmail?: string | undefined; userTags?: readonly string[] }>;
  userTags?: ReadonlyArray<{ tagId: string; tagName: string }>;
  rootQuorum?: { userIds: readonly string[]; threshold: number } | undefined;
  smartContractInterfaces?: readonly ContractInterfaceInput[];
  velocityControls?: readonly string[];
}

export function organizationView(facts: OrganizationFacts): OrganizationView {
  const root = new Set(facts.rootQuorum?.userIds ?? []);
  const view: OrganizationView = {};
  if (facts.users !== undefined) {
    view.users = facts.users.map((u) => ({
      userId: u.userId,
      ...(u.userName !== undefined ? { userName: u.userName } : {}),
      ...(u.userEmail !== undefined ? { userEmail: u.userEmail } : {}),
      tags: [...(u.userTags ?? [])],
      isRoot: root.has(u.userId),
    }));
  }
  if (facts.userTags !== undefined) view.userTags = facts.userTags.map((t) => ({ tagId: t.tagId, tagName: t.tagName }));
  if (facts.rootQuorum !== undefined) view.rootQuorum = { userIds: [...facts.rootQuorum.userIds], threshold: facts.rootQuorum.threshold };
  if (facts.smartContractInterfaces !== undefined) view.smartContractInterfaces = facts.smartContractInterfaces;
  if (facts.velocityControls !== undefined) view.velocityControls = facts.velocityControls;
  return view;
}
