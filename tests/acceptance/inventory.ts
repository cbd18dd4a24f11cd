// What carries an acceptance prefix in an organization, kind by kind, and how each is deleted: every kind in
// KINDS with a listing (generic: its listing, its label, its delete write), plus the objects the run makes
// through the sdk (smart-contract interfaces, velocity controls, user tags, API keys, users) until kinds of
// their own cover them, plus the organization's IP allowlist when every rule of it is labelled by a run. The
// sweeper and the run's own checks use this.
import type { WalletInfraClient } from '@walletinfra/sdk';
import type { SubmitName } from '@walletinfra/sdk/operations';
import { collectAll } from '@walletinfra/sdk/pagination';
import { isEmptyAllowlist } from '@walletinfra/pulumi/resources/ipAllowlist/spec';
import { readListed, type AnyKind } from '@walletinfra/pulumi/resources/kind';
import type { OrgSession } from '@walletinfra/pulumi/session';
import { ACCEPTANCE } from './kinds';
import { runOfName } from './prefix';

/** One object named with an acceptance prefix. */
export interface Found {
  /** The kind's type, or what the object is (`User`, `UserTag`, `ApiKey`). */
  type: string;
  noun: string;
  id: string;
  /** The name that carries the prefix. */
  name: string;
  /** Set when the service cannot delete it: why. */
  cannotDelete?: string;
  /** Deletes it. */
  remove?(client: WalletInfraClient): Promise<void>;
}

/** A source of prefixed objects. */
export interface Sweepable {
  type: string;
  noun: string;
  /** The delete operation, so a kind that covers the same objects replaces this source. */
  deleteOperation?: string;
  find(session: OrgSession): Promise<Found[]>;
}

async function submit(client: WalletInfraClient, operation: string, parameters: Record<string, unknown>): Promise<void> {
  // The operation comes from a kind's declaration, so its parameters are the kind's own: checked by the client.
  await client.submit(operation as SubmitName, parameters);
}

/** The name carrying the prefix of a kind's live object: the first scenario's label, or the export's name. */
export function labelOf(kind: AnyKind, live: unknown): string | undefined {
  for (const scenario of ACCEPTANCE[kind.type] ?? []) {
    if (scenario.label !== undefined) return scenario.label(live);
  }
  return kind.export.name(live);
}

/** Every listed kind, generically. */
export function kindSweepable(kind: AnyKind): Sweepable | undefined {
  if (kind.shape !== 'listed') return undefined;
  const { listing, writes } = kind;
  const deleteWrite = writes.delete;
  return {
    type: kind.type,
    noun: kind.noun,
    ...(deleteWrite !== undefined ? { deleteOperation: deleteWrite.operation } : {}),
    async find(session) {
      const live = await readListed(listing, session, true);
      const found: Found[] = [];
      for (const item of live) {
        const name = labelOf(kind, item);
        if (name === undefined || runOfName(name) === undefined) continue;
        const id = listing.idOf(item);
        found.push({
          type: kind.type,
          noun: kind.noun,
          id,
          name,
          ...(deleteWrite === undefined
            ? { cannotDelete: `the service cannot delete ${kind.plural}` }
            : {
                remove: (client: WalletInfraClient) =>
                  // The live object in normal form is the state a delete reads (an API key names its user).
                  submit(
                    client,
                    deleteWrite.operation,
                    deleteWrite.toRequest(id, kind.fromLive(item, { organizationId: session.organizationId })),
                  ),
              }),
        });
      }
      return found;
    },
  };
}

/** The objects the run makes through the sdk, which no kind lists yet. */
export const SDK_SWEEPABLES: readonly Sweepable[] = [
  {
    type: 'SmartContractInterface',
    noun: 'smart-contract interface',
    deleteOperation: 'delete_smart_contract_interface',
    async find(session) {
      const { smartContractInterfaces } = await session.client.listSmartContractInterfaces({});
      return smartContractInterfaces
        .filter((i) => runOfName(i.label) !== undefined)
        .map((i) => ({
          type: 'SmartContractInterface',
          noun: 'smart-contract interface',
          id: i.smartContractInterfaceId,
          name: i.label,
          remove: (client: WalletInfraClient) =>
            submit(client, 'delete_smart_contract_interface', { smartContractInterfaceId: i.smartContractInterfaceId }),
        }));
    },
  },
  {
    type: 'VelocityControl',
    noun: 'velocity control',
    deleteOperation: 'delete_velocity_control',
    async find(session) {
      const controls = await collectAll(session.client.iterateVelocityControls({}), { max: 10_000 });
      return controls
        .filter((c) => runOfName(c.name) !== undefined)
        .map((c) => ({
          type: 'VelocityControl',
          noun: 'velocity control',
          id: c.velocityControlId,
          name: c.name,
          remove: (client: WalletInfraClient) => submit(client, 'delete_velocity_control', { velocityControlId: c.velocityControlId }),
        }));
    },
  },
  {
    type: 'UserTag',
    noun: 'user tag',
    deleteOperation: 'delete_user_tags',
    async find(session) {
      const { userTags } = await session.client.listUserTags({});
      return userTags
        .filter((t) => runOfName(t.tagName) !== undefined)
        .map((t) => ({
          type: 'UserTag',
          noun: 'user tag',
          id: t.tagId,
          name: t.tagName,
          remove: (client: WalletInfraClient) => submit(client, 'delete_user_tags', { userTagIds: [t.tagId] }),
        }));
    },
  },
  {
    type: 'ApiKey',
    noun: 'API key',
    deleteOperation: 'delete_api_keys',
    async find(session) {
      const { users } = await session.client.listUsers({});
      return users.flatMap((u) =>
        u.apiKeys
          .filter((k) => runOfName(k.apiKeyName) !== undefined)
          .map((k) => ({
            type: 'ApiKey',
            noun: 'API key',
            id: k.apiKeyId,
            name: k.apiKeyName,
            remove: (client: WalletInfraClient) => submit(client, 'delete_api_keys', { userId: u.userId, apiKeyIds: [k.apiKeyId] }),
          })),
      );
    },
  },
  {
    type: 'User',
    noun: 'user',
    deleteOperation: 'delete_users',
    async find(session) {
      const { users } = await session.client.listUsers({});
      return users
        .filter((u) => runOfName(u.userName) !== undefined)
        .map((u) => ({
          type: 'User',
          noun: 'user',
          id: u.userId,
          name: u.userName,
          remove: (client: WalletInfraClient) => submit(client, 'delete_users', { userIds: [u.userId] }),
        }));
    },
  },
  {
    // A run with --include-singletons keeps the organization's list disabled and labels every rule.
    type: 'IpAllowlist',
    noun: "organization's IP allowlist",
    async find(session) {
      const { allowlist } = await session.client.getIpAllowlist({});
      if (isEmptyAllowlist(allowlist, false) || allowlist.enabled === true) return [];
      const labels = allowlist.rules.map((r) => r.label ?? '');
      if (labels.length === 0 || !labels.every((l) => runOfName(l) !== undefined)) return [];
      return [
        {
          type: 'IpAllowlist',
          noun: "organization's IP allowlist",
          id: 'organization',
          name: labels[0] as string,
          remove: (client: WalletInfraClient) => submit(client, 'remove_ip_allowlist', {}),
        },
      ];
    },
  },
];

/** Every source: the kinds, then the sdk-made objects no kind covers (tags before keys before users). */
export function sweepables(kinds: readonly AnyKind[]): Sweepable[] {
  const fromKinds = kinds.map(kindSweepable).filter((s): s is Sweepable => s !== undefined);
  const covered = new Set(fromKinds.map((s) => s.deleteOperation).filter((o) => o !== undefined));
  return [...fromKinds, ...SDK_SWEEPABLES.filter((s) => s.deleteOperation === undefined || !covered.has(s.deleteOperation))];
}

/** Every prefixed object the sources find, in their order. */
export async function inventory(session: OrgSession, sources: readonly Sweepable[]): Promise<Found[]> {
  const out: Found[] = [];
  for (const source of sources) out.push(...(await source.find(session)));
  return out;
}
