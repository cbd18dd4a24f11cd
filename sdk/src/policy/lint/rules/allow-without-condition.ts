// allow-without-condition: an ALLOW that applies to every activity — no condition, or one that holds for every
// request (`true`, `1 == 1`, `x || true`: parts reading nothing are decided by the evaluator).
import { conditionFacts } from '../analysis';
import { constantValue } from '../constant';
import { isAllow, type RuleFinding, type RuleInput } from './rule';

export function allowWithoutCondition({ policy }: RuleInput): RuleFinding[] {
  if (!isAllow(policy)) return [];
  const facts = conditionFacts(policy);
  // too large a form to list: the evaluator still decides the parts that read nothing
  const always = facts.disjuncts?.some((d) => d.literals.length === 0) ?? (facts.expr !== undefined && constantValue(facts.expr) === true);
  if (!always) return [];
  const what = facts.expr === undefined ? 'has no condition' : 'has a condition that is true for every request';
  return [
    {
      rule: 'allow-without-condition',
      severity: 'warning',
      field: 'condition',
      message: `this ALLOW ${what}, so it allows every activity (signing, exports, user and policy changes) to whoever satisfies its consensus; state what it allows, e.g. activity.resource == 'WALLET' && activity.action == 'CREATE'`,
    },
  ];
}
