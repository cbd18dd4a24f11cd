// Everything `walletinfra-export` reads from an organization, kind by kind (../resources/kinds.ts), through
// the provider's own session (same settings, same coalesced lists, same retries).
import { readListed, type AnyKind } from '../resources/kind';
import { KINDS } from '../resources/kinds';
import type { OrgSession } from '../session';

export interface OrganizationSnapshot {
  organizationId: string;
  /** The live objects of each kind, by the kind's type (`Policy`). */
  objects: Readonly<Record<string, readonly unknown[]>>;
  /** The public key the export signed with (lower-case): the credentials the exported stack will likely use too. */
  ownPublicKey?: string;
}

/** A kind's objects: its own export read (which a kind no list holds must have), or its listing. */
function readKind(kind: AnyKind, session: OrgSession): Promise<unknown[]> {
  if (kind.shape !== 'listed') return kind.export.read(session);
  return kind.export.read?.(session) ?? readListed(kind.listing, session, false);
}

export async function readOrganization(
  session: OrgSession,
  progress: (line: string) => void,
  kinds: readonly AnyKind[] = KINDS,
): Promise<OrganizationSnapshot> {
  progress(`reading organization ${session.organizationId}`);
  const read = await Promise.all(kinds.map(async (kind) => [kind.type, await readKind(kind, session)] as const));
  return {
    organizationId: session.organizationId,
    objects: Object.fromEntries(read),
    ownPublicKey: session.settings.apiPublicKey.toLowerCase(),
  };
}
