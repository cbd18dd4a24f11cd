// SessionProfile.check: the sdk's create_session_profile schema, and `scope` through the sdk's
// policy-language checker (the same one Policy uses for conditions), so a typo fails the preview.
import { checkPolicyExpression } from '@walletinfra/sdk/policy';
import { CreateSessionProfileIntent } from '@walletinfra/sdk/schemas';
import type * as pulumi from '@pulumi/pulumi';
import type { ProviderContext } from '../../runtime/context';
import { isUnknown } from '../../unknown';
import { describe, requiredString, schemaFailures, unknownPropertyFailures, type CheckFailure } from '../common/check';
import { adoptFailures, selectorFailures } from '../common/inputs';
import { checkResult } from '../common/organization';
import { normalizeSessionProfileInputs, SESSION_PROFILE_ADOPT_FLAGS, SESSION_PROFILE_KEYS } from './types';

function expirationFailures(v: unknown): CheckFailure[] {
  if (v === undefined || v === null || isUnknown(v)) return [];
  const text = typeof v === 'number' && Number.isInteger(v) ? String(v) : v;
  if (typeof text !== 'string' || !/^[0-9]+$/.test(text)) {
    return [
      {
        property: 'expirationSeconds',
        reason: `must be a whole number of seconds, got ${typeof v === 'string' ? JSON.stringify(v) : describe(v)}`,
      },
    ];
  }
  if (BigInt(text) === 0n)
    return [{ property: 'expirationSeconds', reason: 'must be greater than zero; omit it for the service default (900)' }];
  return [];
}

export function checkSessionProfileInputs(ctx: ProviderContext, news: Record<string, unknown>): pulumi.dynamic.CheckResult {
  const failures: CheckFailure[] = [
    ...unknownPropertyFailures(news, SESSION_PROFILE_KEYS),
    ...requiredString(news, 'sessionProfileName'),
    ...requiredString(news, 'scope'),
    ...expirationFailures(news.expirationSeconds),
    ...selectorFailures(news),
    ...adoptFailures(news.adopt, SESSION_PROFILE_ADOPT_FLAGS),
  ];
  const reported = () => new Set(failures.map((f) => f.property));
  for (const f of schemaFailures(
    CreateSessionProfileIntent,
    { sessionProfileName: news.sessionProfileName, scope: news.scope, notes: news.notes },
    ['sessionProfileName', 'scope', 'notes'],
  )) {
    if (!reported().has(f.property)) failures.push(f);
  }
  if (typeof news.scope === 'string' && !isUnknown(news.scope) && !reported().has('scope')) {
    const diagnostics = checkPolicyExpression(news.scope, 'scope');
    if (diagnostics.length > 0) {
      failures.push({
        property: 'scope',
        reason: diagnostics.map((d) => `${d.message} (line ${d.position.line}, column ${d.position.column})`).join('; '),
      });
    }
  }
  return checkResult(ctx, normalizeSessionProfileInputs(news), failures);
}
