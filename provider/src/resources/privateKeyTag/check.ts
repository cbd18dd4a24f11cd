// PrivateKeyTag.check: the sdk's create_private_key_tag schema, a non-empty name, member ids listed once.
import { CreatePrivateKeyTagIntent } from '@walletinfra/sdk/schemas';
import type * as pulumi from '@pulumi/pulumi';
import type { ProviderContext } from '../../runtime/context';
import { containsUnknown } from '../../unknown';
import { requiredString, schemaFailures, unknownPropertyFailures, type CheckFailure } from '../common/check';
import { adoptFailures, selectorFailures } from '../common/inputs';
import { checkResult } from '../common/organization';
import { normalizePrivateKeyTagInputs, PRIVATE_KEY_TAG_ADOPT_FLAGS, PRIVATE_KEY_TAG_FIELDS, PRIVATE_KEY_TAG_KEYS } from './types';

function duplicateFailures(ids: unknown): CheckFailure[] {
  if (!Array.isArray(ids) || containsUnknown(ids)) return [];
  const first = new Map<unknown, number>();
  const out: CheckFailure[] = [];
  ids.forEach((id, i) => {
    const earlier = first.get(id);
    if (earlier === undefined) first.set(id, i);
    else
      out.push({
        property: 'privateKeyIds',
        reason: `privateKeyIds[${i}]: ${String(id)} repeats privateKeyIds[${earlier}]; list each private key once`,
      });
  });
  return out;
}

export function checkPrivateKeyTagInputs(ctx: ProviderContext, news: Record<string, unknown>): pulumi.dynamic.CheckResult {
  const failures: CheckFailure[] = [
    ...unknownPropertyFailures(news, PRIVATE_KEY_TAG_KEYS),
    ...requiredString(news, 'privateKeyTagName'),
    ...selectorFailures(news),
    ...adoptFailures(news.adopt, PRIVATE_KEY_TAG_ADOPT_FLAGS),
  ];
  const reported = () => new Set(failures.map((f) => f.property));
  const schemaInput = { ...news, privateKeyIds: news.privateKeyIds ?? [] };
  for (const f of schemaFailures(CreatePrivateKeyTagIntent, schemaInput, PRIVATE_KEY_TAG_FIELDS)) {
    if (!reported().has(f.property)) failures.push(f);
  }
  if (!reported().has('privateKeyIds')) failures.push(...duplicateFailures(news.privateKeyIds));
  return checkResult(ctx, normalizePrivateKeyTagInputs(news), failures);
}
