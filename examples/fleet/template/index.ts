// The fleet template: what every sub-organization of the fleet carries, as the service's delegated-access guide
// sets it up (https://docs.turnkey.com/concepts/policies/delegated-access-backend): the delegated user your backend
// signs with, its API key, the policy that limits what it may sign, a tag for it, and a root quorum of the end user
// alone. `walletinfra-fleet scan` checks every sub-organization against it; `walletinfra-fleet up` applies it,
// one stack per sub-organization. The sub-organization it is applied to comes from subOrganization().
import * as pulumi from '@pulumi/pulumi';
import * as walletinfra from '@walletinfra/pulumi';
import { subOrganization } from '@walletinfra/pulumi/fleet';

const sub = subOrganization();
const config = new pulumi.Config();

/** The delegated user, adopted by name: an API-only user of the backend's. */
export const delegated = new walletinfra.User('delegated', {
  userName: config.get('delegatedUserName') ?? 'Delegated Account',
  adopt: { byName: true },
});

/** Its API key: the backend's key, the same public key in every sub-organization. */
new walletinfra.ApiKey('delegated-key', {
  userId: delegated.userId,
  apiKeyName: 'backend',
  publicKey: config.require('delegatedApiPublicKey'),
  curveType: 'API_KEY_CURVE_P256',
  adopt: { byPublicKey: true },
});

/** What the delegated user may do: sign transactions to the allowed recipient, nothing else. */
new walletinfra.Policy('delegated-signs-to-recipient', {
  policyName: 'Delegated account signs to the allowed recipient',
  effect: 'EFFECT_ALLOW',
  consensus: `approvers.any(user, user.id == '${sub.delegatedUser.id}')`,
  condition: `activity.action == 'SIGN' && eth.tx.to == '${config.require('allowedRecipient')}'`,
  notes: `Managed by walletinfra-fleet for ${sub.name}`,
  adopt: { byName: true },
});

/**
 * What `walletinfra-fleet up` writes with the delegated user's key: the template's policies and tags. The delegated
 * user is not root, so without this policy it may change nothing, and `up` refuses the sub-organization. Made with the
 * sub-organization (while the delegated user is still root) and kept here, so a scan sees it loosened or removed.
 */
new walletinfra.Policy('delegated-applies-template', {
  policyName: 'Delegated account applies the fleet template',
  effect: 'EFFECT_ALLOW',
  consensus: `approvers.any(user, user.id == '${sub.delegatedUser.id}')`,
  condition: "activity.kind in ['CREATE_POLICY', 'UPDATE_POLICY', 'CREATE_USER_TAG', 'UPDATE_USER_TAG']",
  notes: 'walletinfra-fleet up writes the template with the delegated key',
  adopt: { byName: true },
});

/** A tag naming the backend's users. */
new walletinfra.UserTag('backend', {
  userTagName: 'backend',
  userIds: [delegated.userId],
  adopt: { byName: true },
});

/**
 * The end user, named after its sub-organization by the application (`<name> owner`), alone in the root quorum: the
 * delegated user is not root.
 */
const endUser = new walletinfra.User('end-user', { userName: `${sub.name} owner`, adopt: { byName: true } });
new walletinfra.RootQuorum('root-quorum', { threshold: 1, userIds: [endUser.userId] });
