// FiatOnRampCredential.check: the sdk's create schema for the plain fields, and the secret rules: exactly
// one form of the secret API key, at most one of the private API key. Reasons never quote a secret value.
import { CreateFiatOnRampCredentialIntent } from '@walletinfra/sdk/schemas';
import type * as pulumi from '@pulumi/pulumi';
import type { ProviderContext } from '../../runtime/context';
import { isUnknown } from '../../unknown';
import { optionalType, requiredString, schemaFailures, unknownPropertyFailures, type CheckFailure } from '../common/check';
import { adoptFailures, selectorFailures } from '../common/inputs';
import { checkResult } from '../common/organization';
import { FIAT_ADOPT_FLAGS, FIAT_KEYS, FIAT_PLAIN_FIELDS, normalizeFiatInputs, SECRET_SLOTS } from './types';

function secretType(news: Record<string, unknown>, property: string): CheckFailure[] {
  const v = news[property];
  if (v === undefined || isUnknown(v)) return [];
  if (typeof v !== 'string') return [{ property, reason: 'must be a string' }];
  if (v === '') return [{ property, reason: 'must not be empty' }];
  return [];
}

function secretFailures(news: Record<string, unknown>): CheckFailure[] {
  const out: CheckFailure[] = [];
  for (const [i, slot] of SECRET_SLOTS.entries()) {
    const typeProblems = [...secretType(news, slot.plain), ...secretType(news, slot.encrypted)];
    out.push(...typeProblems);
    if (typeProblems.length > 0) continue;
    const plain = news[slot.plain] !== undefined;
    const encrypted = news[slot.encrypted] !== undefined;
    if (plain && encrypted) out.push({ property: slot.plain, reason: `set either ${slot.plain} or ${slot.encrypted}, not both` });
    if (i === 0 && !plain && !encrypted) {
      out.push({ property: slot.plain, reason: `required: set ${slot.plain} (plain text, kept as a Pulumi secret) or ${slot.encrypted}` });
    }
  }
  return out;
}

export function checkFiatInputs(ctx: ProviderContext, news: Record<string, unknown>): pulumi.dynamic.CheckResult {
  const failures: CheckFailure[] = [
    ...unknownPropertyFailures(news, FIAT_KEYS),
    ...requiredString(news, 'publishableApiKey'),
    ...optionalType(news, 'sandboxMode', 'boolean'),
    ...secretFailures(news),
    ...selectorFailures(news),
    ...adoptFailures(news.adopt, FIAT_ADOPT_FLAGS),
  ];
  const reported = () => new Set(failures.map((f) => f.property));
  if (news.onrampProvider === undefined) failures.push({ property: 'onrampProvider', reason: 'required' });
  for (const f of schemaFailures(CreateFiatOnRampCredentialIntent, news, FIAT_PLAIN_FIELDS)) {
    if (!reported().has(f.property)) failures.push(f);
  }
  return checkResult(ctx, normalizeFiatInputs(news), failures);
}
