// contract-call-interface: with the organization's smart-contract interfaces, ABI fields read for a contract with no
// interface (a warning), and a function name the uploaded ABI lacks (an error) — the sdk's contract-call check.
import { checkContractCalls } from '../../contract-calls';
import type { RuleFinding, RuleInput } from './rule';

export function contractCallInterface({ policy, view }: RuleInput): RuleFinding[] {
  if (view?.smartContractInterfaces === undefined || policy.condition === undefined) return [];
  return checkContractCalls(policy.condition, view.smartContractInterfaces).map((d) => ({
    rule: 'contract-call-interface',
    severity: d.severity,
    field: 'condition',
    position: d.position,
    message: d.message,
  }));
}
