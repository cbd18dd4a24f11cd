// field-never-carried: a condition, one of whose disjuncts limits the activity types, reads a keyword none of those
// types carries. The read is a missing-field error; the engine does not short-circuit, so it fails the whole
// condition even when it sits in another disjunct (./../carriers.ts).
import { activityKindOf } from '../../activity';
import { conditionFacts } from '../analysis';
import { carriedKeyword, carriersOf } from '../carriers';
import type { RuleFinding, RuleInput } from './rule';

export function fieldNeverCarried({ policy }: RuleInput): RuleFinding[] {
  const { disjuncts, reads } = conditionFacts(policy);
  const messages = new Set<string>();
  for (const d of disjuncts ?? []) {
    if (!d.explicit.restricted || d.explicit.types.length === 0) continue;
    const kinds = new Set(d.explicit.types.map(activityKindOf));
    const shown = [...kinds].slice(0, 3).join(', ') + (kinds.size > 3 ? ', …' : '');
    for (const read of reads) {
      const keyword = carriedKeyword(read);
      if (keyword === undefined || [...carriersOf(keyword)].some((k) => kinds.has(k))) continue;
      const here = d.reads.some((r) => carriedKeyword(r) === keyword);
      messages.add(
        here
          ? `${keyword} is read, but the activities this condition matches (${shown}) never carry it: the read is a missing-field error, the policy's outcome is an error and it never applies; read fields of those activities, or widen activity.type/kind to ones that carry ${keyword}`
          : `${keyword} is read, but the activities one of its alternatives matches (${shown}) never carry it: the engine does not short-circuit, so for those activities the read is a missing-field error and the policy never applies to them; split it into one policy per kind of activity`,
      );
    }
  }
  return [...messages].map((message) => ({ rule: 'field-never-carried', severity: 'warning', field: 'condition', message }));
}
