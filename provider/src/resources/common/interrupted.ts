// An object an earlier run's create made, found through its completed activity (a run interrupted after
// the service committed, or an approval that came after the run stopped waiting: ./write.ts
// `adoptCompleted`), is taken by this create only when no other resource of this update holds it: one
// object, one owner (./claims.ts). The engine may diff that other resource only after this create started
// (a new resource with the old values declared before the one edited away from them), so the create first
// waits up to the context's claimWaitMs for such a diff. Taking it is then recorded at once, so a second
// create with the same values (two identical resources, both interrupted) goes on to the other object.
import type { ProviderContext } from '../../runtime/context';
import type { OrgSession } from '../../session';
import type { ObjectKind } from './claims';

/** Whether this create may take object `id` of `resource` that an earlier run's create made; claims it when it may. */
export async function takeEarlierCreate(
  ctx: ProviderContext,
  session: OrgSession,
  resource: { kind: ObjectKind },
  id: string,
): Promise<boolean> {
  if (await ctx.claims.heldElsewhere(resource.kind, id, ctx.claimWaitMs, ctx.sleep)) return false;
  // No await between this check and the claim: a create that waited on the same object alongside this one sees it.
  if (ctx.claims.isDeclared(resource.kind, id)) return false;
  ctx.claims.own(resource.kind, id);
  session.history.claim(id);
  return true;
}
