// Policy: an ALLOW policy whose condition never holds (`false`), so it grants nothing; only its notes change.
import type { Scenario } from './types';

const NOTES = 'walletinfra acceptance run: grants nothing (condition false); safe to delete';

export const policyScenario: Scenario = {
  name: 'Policy',
  stem: 'policy',
  why: 'an ALLOW policy with the condition `false`: it matches no activity, so it grants and denies nothing',
  label: (live) => (live as { policyName?: string }).policyName,
  create: (ctx, role) => ({ policyName: ctx.name(`policy-${role}`), effect: 'EFFECT_ALLOW', condition: 'false', notes: NOTES }),
  update: (_ctx, args) => ({ ...args, notes: `${NOTES} (updated in place)` }),
  async handMade(ctx, args) {
    const { result } = await ctx.client.createPolicy({
      policyName: String(args.policyName),
      effect: 'EFFECT_ALLOW',
      condition: String(args.condition),
      notes: String(args.notes),
    });
    return result.policyId;
  },
  async drift(ctx, id) {
    await ctx.client.updatePolicy({ policyId: id, policyNotes: `${NOTES} (changed outside Pulumi)` });
    return 'notes changed with update_policy';
  },
  notApplicable: { replace: 'update_policy changes every field; only a move to another organization replaces a policy' },
};
