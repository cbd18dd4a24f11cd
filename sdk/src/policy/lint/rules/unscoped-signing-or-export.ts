// unscoped-signing-or-export: an ALLOW one approver can use, one way of meeting whose condition covers signing or
// exports (by the activities it can match) without naming a wallet, key, tag or address (./../scope.ts).
import { resourceAndActionOf } from '../../activity';
import { positionAt } from '../../ast';
import type { DisjunctFacts } from '../analysis';
import { isSigningScope, pins } from '../scope';
import { usableByOne, type RuleFinding, type RuleInput } from './rule';

const COVERED = ['SIGN', 'EXPORT'] as const;

export function unscopedSigningOrExport(input: RuleInput): RuleFinding[] {
  const { policy } = input;
  const disjuncts = usableByOne(input)?.disjuncts;
  if (disjuncts === undefined) return [];
  const covered = new Set<string>();
  let first: DisjunctFacts | undefined;
  for (const d of disjuncts) {
    const actions = new Set(d.types.map((t) => resourceAndActionOf(t)?.action));
    const covers = COVERED.filter((a) => actions.has(a));
    if (covers.length === 0 || pins(d.literals, isSigningScope)) continue;
    covers.forEach((a) => covered.add(a));
    first ??= d;
  }
  if (first === undefined) return [];
  const verb = COVERED.filter((a) => covered.has(a))
    .map((a) => (a === 'SIGN' ? 'signing' : 'exports'))
    .join(' and ');
  const at = disjuncts.length > 1 ? first.literals[0]?.atom.start : undefined;
  return [
    {
      rule: 'unscoped-signing-or-export',
      severity: 'warning',
      field: 'condition',
      ...(at !== undefined && policy.condition !== undefined ? { position: positionAt(policy.condition, at) } : {}),
      message: `this ALLOW covers ${verb} with any wallet or key: it names no wallet, private key, tag or address, so one compromised approver can move or export everything; scope it, e.g. wallet.id == '<WALLET_ID>' or eth.tx.to == '<CONTRACT_ADDRESS>'`,
    },
  ];
}
