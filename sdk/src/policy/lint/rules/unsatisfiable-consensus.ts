// unsatisfiable-consensus: with the organization's users, no set of them meets the consensus. The evaluator decides
// over the candidate approver sets: everyone, each user alone, the holders of each tag.
import type { PolicyExpr } from '../../ast';
import { readPaths } from '../../reads';
import { canonical, parsed } from '../analysis';
import { someApproversMeet } from '../consensus';
import { disjunctiveNormalForm } from '../normal-form';
import type { OrganizationView } from '../types';
import type { RuleFinding, RuleInput } from './rule';

export function unsatisfiableConsensus({ policy, view }: RuleInput): RuleFinding[] {
  if (view?.users === undefined || policy.consensus === undefined) return [];
  const consensus = parsed(policy.consensus);
  // the view has no credentials
  if (consensus === undefined || readPaths(policy.consensus).some((p) => p.startsWith('credentials'))) return [];
  const users = view.users;
  if (someApproversMeet(policy.consensus, consensus, users)) return [];
  return [
    {
      rule: 'unsatisfiable-consensus',
      severity: 'warning',
      field: 'consensus',
      message: `no set of the organization's ${users.length} users meets this consensus${shortfall(consensus, view)}, so the activities it allows stay waiting for approvals forever; lower the requirement or give the tag to enough users`,
    },
  ];
}

/** The first `approvers.filter(u, u.tags.contains('T')).count() >= n` whose tag too few users hold, in words. */
function shortfall(consensus: PolicyExpr, view: OrganizationView): string {
  const parts = (disjunctiveNormalForm(consensus) ?? []).flatMap((d) => d.filter((l) => l.positive).map((l) => l.atom));
  for (const part of parts) {
    if (part.kind !== 'binary' || (part.op !== '>=' && part.op !== '>') || part.left.kind !== 'method' || part.right.kind !== 'int')
      continue;
    const filter = part.left.target;
    if (filter.kind !== 'method' || filter.name !== 'filter') continue;
    const tag = /\.tags\.contains\('([^']+)'\)$/.exec(canonical(filter.args[1] as PolicyExpr))?.[1];
    if (tag === undefined) continue;
    const needed = Number(part.right.value) + (part.op === '>' ? 1 : 0);
    const holders = (view.users ?? []).filter((u) => (u.tags ?? []).includes(tag)).length;
    const name = view.userTags?.find((t) => t.tagId === tag)?.tagName;
    if (holders < needed)
      return ` (it needs ${needed} approvers tagged ${name === undefined ? `'${tag}'` : `'${name}' (${tag})`}; ${holders} user${holders === 1 ? '' : 's'} hold${holders === 1 ? 's' : ''} that tag)`;
  }
  return '';
}
