// management-without-consensus: an ALLOW one approver can use, one way of meeting whose condition covers user,
// API-key/authenticator or policy management. A user deleting only itself or its own keys (the docs' self-delete:
// the consensus names the user, the condition pins `activity.params.user_ids` to it) grants nothing, so it is left out.
import { resourceAndActionOf } from '../../activity';
import type { DisjunctFacts } from '../analysis';
import { onlyApprovers } from '../consensus';
import { targetUsers } from '../scope';
import { usableByOne, type RuleFinding, type RuleInput } from './rule';

const MANAGED: Readonly<Record<string, string>> = { USER: 'users', CREDENTIAL: 'API keys and authenticators', POLICY: 'policies' };

/** The managed resources a disjunct can act on, leaving out deletions of the approver's own user or keys. */
function managedBy(d: DisjunctFacts, approvers: ReadonlySet<string> | undefined): string[] {
  const targets = targetUsers(d.literals);
  const targeted = approvers !== undefined && targets.length > 0 && targets.every((t) => approvers.has(t));
  return d.types.flatMap((t) => {
    const pair = resourceAndActionOf(t);
    if (pair === undefined || !Object.hasOwn(MANAGED, pair.resource)) return [];
    return targeted && pair.action === 'DELETE' ? [] : [pair.resource];
  });
}

export function managementWithoutConsensus(input: RuleInput): RuleFinding[] {
  const { policy } = input;
  const usable = usableByOne(input);
  if (usable === undefined) return [];
  const { disjuncts, approvals } = usable;
  const managed = new Set<string>();
  const approvers = onlyApprovers(policy.consensus);
  for (const d of disjuncts) managedBy(d, approvers).forEach((r) => managed.add(r));
  if (managed.size === 0) return [];
  const what = Object.keys(MANAGED)
    .filter((r) => managed.has(r))
    .map((r) => MANAGED[r])
    .join(', ');
  const who = approvals.needed === 'none' ? 'any user, with no approval from anyone else' : 'a single approver';
  return [
    {
      rule: 'management-without-consensus',
      severity: 'warning',
      field: 'consensus',
      message: `this ALLOW lets ${who} manage ${what}: one compromised non-root credential can then grant itself more access or lock others out; require two approvers, e.g. approvers.filter(user, user.tags.contains('<ADMIN_TAG_ID>')).count() >= 2`,
    },
  ];
}
