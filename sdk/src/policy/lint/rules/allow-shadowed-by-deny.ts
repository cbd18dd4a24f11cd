// allow-shadowed-by-deny: an ALLOW every request of which a broader DENY also matches. Each disjunct of the ALLOW
// must fall under a disjunct of the DENY: the DENY's activity types include the ALLOW's, and its other literals all
// appear in the ALLOW's. The DENY's consensus must apply to everyone (or equal the ALLOW's).
import { ACTIVITY_FIELDS, canonical, conditionFacts, literalKey, parsed, type DisjunctFacts } from '../analysis';
import { comparisonOf } from '../comparisons';
import { constantValue } from '../constant';
import type { LintPolicy } from '../types';
import { isAllow, type RuleFinding, type RuleInput } from './rule';

/** Whether every request the ALLOW's disjunct matches, the DENY's matches too. */
function covers(deny: DisjunctFacts, allow: DisjunctFacts): boolean {
  const denyTypes = new Set(deny.types);
  if (!allow.types.every((t) => denyTypes.has(t))) return false;
  const allowLiterals = new Set(allow.literals.map(literalKey));
  return deny.literals.every((l) => {
    const c = comparisonOf(l);
    return (c !== undefined && ACTIVITY_FIELDS.has(c.path)) || allowLiterals.has(literalKey(l));
  });
}

/** Whether the DENY applies to whoever the ALLOW does: a consensus for everyone, or the same one. */
function sameApprovers(deny: LintPolicy, allow: LintPolicy): boolean {
  const denyConsensus = parsed(deny.consensus);
  if (denyConsensus === undefined || constantValue(denyConsensus) === true) return true;
  const allowConsensus = parsed(allow.consensus);
  return allowConsensus !== undefined && canonical(allowConsensus) === canonical(denyConsensus);
}

export function allowShadowedByDeny({ policy, all }: RuleInput): RuleFinding[] {
  if (!isAllow(policy)) return [];
  const live = conditionFacts(policy).disjuncts?.filter((d) => d.types.length > 0) ?? [];
  if (live.length === 0) return [];
  for (const deny of all) {
    if (deny.effect !== 'EFFECT_DENY' || deny === policy || !sameApprovers(deny, policy)) continue;
    const denied = conditionFacts(deny);
    if (denied.invalid || denied.disjuncts === undefined) continue;
    const disjuncts = denied.disjuncts;
    if (!live.every((a) => disjuncts.some((d) => covers(d, a)))) continue;
    return [
      {
        rule: 'allow-shadowed-by-deny',
        severity: 'warning',
        field: 'condition',
        message: `DENY policy '${deny.policyName}' matches every request this ALLOW matches, and a DENY always wins, so this ALLOW never takes effect; narrow the DENY (add a condition this ALLOW's requests do not meet) or remove this ALLOW`,
      },
    ];
  }
  return [];
}
