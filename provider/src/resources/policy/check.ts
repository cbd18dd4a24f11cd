// Policy.check (https://www.pulumi.com/docs/iac/concepts/providers/dynamic-providers/): the sdk's create_policy schema, the policy-language checker for `condition`,
// `consensus` and `time`, one failure per property, unknown values skipped.
import { checkPolicy } from '@walletinfra/sdk/policy';
import { CreatePolicyIntent } from '@walletinfra/sdk/schemas';
import type * as pulumi from '@pulumi/pulumi';
import type { ProviderContext } from '../../runtime/context';
import { isUnknown } from '../../unknown';
import { requiredString, schemaFailures, unknownPropertyFailures, type CheckFailure } from '../common/check';
import { adoptFailures, selectorFailures } from '../common/inputs';
import { checkResult } from '../common/organization';
import { normalizePolicyInputs, POLICY_ADOPT_FLAGS, POLICY_FIELDS, POLICY_KEYS } from './types';

type Diagnostic = { message: string; position: { line: number; column: number; offset: number }; suggestion?: string };

/**
 * The full dotted path of a suggested field: for `activity.resourse` the checker suggests `resource`,
 * and a policy author recognises `activity.resource` faster.
 */
function qualifiedSuggestion(source: string, d: Diagnostic): string | undefined {
  if (d.suggestion === undefined) return undefined;
  const prefix = /((?:[A-Za-z_][A-Za-z0-9_]*\.)+)$/.exec(source.slice(0, d.position.offset))?.[1];
  return prefix !== undefined && /^[A-Za-z_][A-Za-z0-9_]*$/.test(d.suggestion) ? `${prefix}${d.suggestion}` : d.suggestion;
}

/** How an expression problem reads in a preview: the checker's message, the suggestion, the position. */
function expressionReason(source: string, diagnostics: readonly Diagnostic[]): string {
  return diagnostics
    .map((d) => {
      const full = qualifiedSuggestion(source, d);
      let message = d.message;
      if (full !== undefined && d.suggestion !== undefined) {
        const asked = `did you mean '${d.suggestion}'?`;
        message = message.includes(asked) ? message.replace(asked, `did you mean '${full}'?`) : `${message}; did you mean '${full}'?`;
      }
      return `${message} (line ${d.position.line}, column ${d.position.column})`;
    })
    .join('; ');
}

export function checkPolicyInputs(ctx: ProviderContext, news: Record<string, unknown>): pulumi.dynamic.CheckResult {
  const failures: CheckFailure[] = [
    ...unknownPropertyFailures(news, POLICY_KEYS),
    ...requiredString(news, 'policyName'),
    ...selectorFailures(news),
    ...adoptFailures(news.adopt, POLICY_ADOPT_FLAGS),
  ];
  const reported = () => new Set(failures.map((f) => f.property));
  const schemaInput = { ...news, notes: news.notes ?? '' };
  for (const f of schemaFailures(CreatePolicyIntent, schemaInput, POLICY_FIELDS)) if (!reported().has(f.property)) failures.push(f);

  const expressions: { condition?: string; consensus?: string; time?: string } = {};
  for (const k of ['condition', 'consensus', 'time'] as const) {
    const v = news[k];
    if (typeof v === 'string' && !isUnknown(v) && v.trim() !== '' && !reported().has(k)) expressions[k] = v;
  }
  for (const problem of checkPolicy(expressions)) {
    if (problem.diagnostics.length > 0) {
      failures.push({ property: problem.field, reason: expressionReason(expressions[problem.field] ?? '', problem.diagnostics) });
    }
  }

  return checkResult(ctx, normalizePolicyInputs(news), failures);
}
