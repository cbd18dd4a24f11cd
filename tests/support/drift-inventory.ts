// Fixed data for the unmanaged-objects report of walletinfra-drift: stack states as `pulumi stack export`
// prints them, organizations as the report reads them, and activities as list_activities returns them.
import type { Activity, User } from '@walletinfra/sdk/schemas';
import type { DeploymentLike, InventoryReader, MakeInventoryReader, StackRunner, StateResourceLike } from '@walletinfra/pulumi/drift';
import { apiKeysOf, type LiveApiKey } from '@walletinfra/pulumi/resources/apiKey/spec';
import type { AnyKind } from '@walletinfra/pulumi/resources/kind';

export const ORG = 'b3d2c1a0-0000-4000-8000-000000000001';
export const PUBLIC_KEY = `02${'a'.repeat(64)}`;
export const PRIVATE_KEY = 'b'.repeat(64);
const TS = { seconds: '1767225600', nanos: '0' };

/** The config a stack needs for the provider's credentials (and anything else, like ignore rules). */
export function stackConfig(extra: Record<string, string> = {}): Record<string, string> {
  return {
    'walletinfra:organizationId': ORG,
    'walletinfra:apiPublicKey': PUBLIC_KEY,
    'walletinfra:apiPrivateKey': PRIVATE_KEY,
    'walletinfra:baseUrl': 'http://127.0.0.1:9',
    ...extra,
  };
}

/** A resource of `kind` in a stack's state, with the service's id and placement outputs. */
export function resource(
  kind: AnyKind,
  name: string,
  id: string,
  placement: { organizationId?: string; profile?: string } = {},
): StateResourceLike {
  return {
    urn: `urn:pulumi:dev::baseline::${kind.dynamicToken}::${name}`,
    type: kind.dynamicToken,
    id,
    outputs: {
      organizationId: placement.organizationId ?? ORG,
      ...(placement.profile !== undefined ? { profile: placement.profile } : {}),
    },
  };
}

export function deployment(resources: StateResourceLike[]): DeploymentLike {
  const stack = { urn: 'urn:pulumi:dev::baseline::pulumi:pulumi:Stack::baseline-dev', type: 'pulumi:pulumi:Stack' };
  return { version: 3, deployment: { resources: [stack, ...resources] } };
}

export function policy(policyId: string, policyName: string, extra: Record<string, unknown> = {}) {
  return { policyId, policyName, effect: 'EFFECT_ALLOW', condition: '', consensus: '', notes: '', createdAt: TS, updatedAt: TS, ...extra };
}

export function sessionProfile(sessionProfileId: string, sessionProfileName: string) {
  return {
    sessionProfileId,
    sessionProfileName,
    scope: "activity.action != 'EXPORT'",
    expirationSeconds: '900',
    createdAt: TS,
    updatedAt: TS,
  };
}

export function privateKeyTag(tagId: string, tagName: string, members: string[] = []) {
  return { tag: { tagId, tagName, tagType: 'TAG_TYPE_PRIVATE_KEY', createdAt: TS, updatedAt: TS }, members };
}

/** A user with API keys ([apiKeyId, apiKeyName, publicKey]) and tag ids, as list_users returns it. */
export function user(userId: string, userName: string, keys: Array<[string, string, string]> = [], userTags: string[] = []): User {
  return {
    userId,
    userName,
    authenticators: [],
    apiKeys: keys.map(([apiKeyId, apiKeyName, publicKey]) => ({
      apiKeyId,
      apiKeyName,
      credential: { publicKey, type: 'CREDENTIAL_TYPE_API_KEY_P256' },
      createdAt: TS,
      updatedAt: TS,
    })),
    userTags,
    oauthProviders: [],
    createdAt: TS,
    updatedAt: TS,
    mfaPolicies: [],
  };
}

/** The API keys of users, as the ApiKey kind reads them (each with the user holding it). */
export function apiKeys(users: readonly User[]): LiveApiKey[] {
  return apiKeysOf(users);
}

/** A completed activity whose result is `{ [resultKey]: result }`, approved by `by` ([userId, userName]) in order. */
export function activity(
  id: string,
  type: string,
  at: string,
  result: Record<string, unknown>,
  by: Array<[string, string | undefined]>,
): Activity {
  const seconds = String(Date.parse(at) / 1000);
  return {
    id,
    organizationId: ORG,
    status: 'ACTIVITY_STATUS_COMPLETED',
    type,
    intent: {},
    result,
    votes: by.map(([userId, userName], i) => ({
      id: `${id}-vote-${i}`,
      userId,
      user: userName === undefined ? {} : { userId, userName },
      activityId: id,
      selection: 'VOTE_SELECTION_APPROVED',
      message: '',
      publicKey: PUBLIC_KEY,
      signature: '',
      scheme: 'SIGNATURE_SCHEME_TK_API_P256',
      createdAt: { seconds, nanos: '0' },
    })),
    fingerprint: `fp-${id}`,
    canApprove: false,
    canReject: false,
    createdAt: { seconds, nanos: '0' },
    updatedAt: { seconds, nanos: '0' },
  };
}

export interface FakeOrganization {
  objects: Record<string, unknown[]>;
  /** Newest first, as list_activities returns them; the reader filters by type like the service. */
  activities: Activity[];
}

/** Readers over fixed organizations, by id; `reads` records what was read. */
export function fakeReaders(orgs: Record<string, FakeOrganization>): MakeInventoryReader & { reads: string[] } {
  const reads: string[] = [];
  const make = (settings: { organizationId: string }): InventoryReader => {
    const org = orgs[settings.organizationId];
    if (org === undefined) throw new Error(`the test has no organization ${settings.organizationId}`);
    return {
      objects(kinds) {
        reads.push(`objects ${settings.organizationId}`);
        return Promise.resolve(Object.fromEntries(kinds.map((k) => [k.type, org.objects[k.type] ?? []])));
      },
      activities(types) {
        reads.push(`activities ${settings.organizationId} ${types.length}`);
        return Promise.resolve(org.activities.filter((a) => types.includes(a.type)));
      },
    };
  };
  return Object.assign(make, { reads });
}

/** A runner with no engine events: each stack's config and state are fixed. */
export function stateRunner(stacks: Record<string, { config: Record<string, string>; state: DeploymentLike }>): StackRunner {
  const of = (stack: string) => {
    const s = stacks[stack];
    if (s === undefined) throw new Error(`unexpected stack ${stack}`);
    return s;
  };
  return {
    run: () => Promise.resolve(),
    pulumiVersion: () => Promise.resolve('3.248.0'),
    stackConfig: (stack) => Promise.resolve(of(stack).config),
    exportStack: (stack) => Promise.resolve(of(stack).state),
  };
}
