// Session profiles: create activity and get/list queries (docs/service-behaviour.md#session-profiles). Immutable: no update or
// delete exists. Sub-organizations also see their parent's profiles (docs/service-behaviour.md#session-profiles).
import type { QueryHandler, RequestContext, SubmitHandler } from '../context';
import { invalidArgument, notFound } from '../errors';
import type { SessionProfileRecord } from '../store/records';
import { optional } from '../render/optional';
import { renderSessionProfile } from '../render/session-profile';

function visibleProfiles(ctx: RequestContext): SessionProfileRecord[] {
  const own = ctx.store.sessionProfiles.listByOrg(ctx.org.organizationId);
  const parent = ctx.org.parentOrganizationId;
  return parent === undefined ? own : [...ctx.store.sessionProfiles.listByOrg(parent), ...own];
}

export const createSessionProfile: SubmitHandler<'create_session_profile'> = {
  validate(ctx, p) {
    const diagnostic = ctx.policy.check({ scope: p.scope })[0];
    if (diagnostic !== undefined) throw invalidArgument(`invalid session profile scope: ${diagnostic.message}`);
    if (p.expirationSeconds !== undefined && BigInt(p.expirationSeconds) === 0n) {
      throw invalidArgument('invalid request body: parameters.expirationSeconds: must be greater than zero');
    }
  },
  execute(ctx, p) {
    const now = ctx.env.now();
    const record: SessionProfileRecord = {
      sessionProfileId: ctx.env.uuid(),
      organizationId: ctx.org.organizationId,
      sessionProfileName: p.sessionProfileName,
      scope: p.scope,
      createdAt: now,
      updatedAt: now,
    };
    optional(record, 'expirationSeconds', p.expirationSeconds);
    optional(record, 'notes', p.notes);
    ctx.store.sessionProfiles.insert(record);
    return { sessionProfileId: record.sessionProfileId };
  },
};

export const getSessionProfile: QueryHandler<'get_session_profile'> = (ctx, body) => {
  const profile = visibleProfiles(ctx).find((s) => s.sessionProfileId === body.sessionProfileId);
  if (profile === undefined) throw notFound(`no session profile found with ID ${body.sessionProfileId}`);
  return { sessionProfile: renderSessionProfile(profile, 'api') };
};

export const getSessionProfiles: QueryHandler<'get_session_profiles'> = (ctx) => ({
  sessionProfiles: visibleProfiles(ctx).map((s) => renderSessionProfile(s, 'api')),
});
