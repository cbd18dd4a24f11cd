// SessionProfile: the service can neither change nor delete a profile, so every run leaves its profiles in
// place (named with the run prefix); a profile matters only to logins that name its id, which nothing does.
import type { Scenario } from './types';

export const sessionProfileScenario: Scenario = {
  name: 'SessionProfile',
  stem: 'session-profile',
  why: 'a profile only login activities naming its id use, and nothing names it; the service cannot delete it, so it stays',
  label: (live) => (live as { sessionProfileName?: string }).sessionProfileName,
  create: (ctx, role) => ({
    sessionProfileName: ctx.name(`session-profile-${role}`),
    scope: "activity.action != 'EXPORT'",
    expirationSeconds: '900',
    notes: 'walletinfra acceptance run',
  }),
  replace: (_ctx, args) => ({ ...args, expirationSeconds: '600' }),
  async handMade(ctx, args) {
    const { result } = await ctx.client.createSessionProfile({
      sessionProfileName: String(args.sessionProfileName),
      scope: String(args.scope),
      expirationSeconds: String(args.expirationSeconds),
      notes: String(args.notes),
    });
    return result.sessionProfileId;
  },
  notApplicable: {
    update: 'the service has no update of a session profile: every change replaces it',
    drift: 'nothing can change a session profile outside Pulumi either',
    delete: 'the service cannot delete a session profile: destroy leaves it in place and says so',
  },
};
