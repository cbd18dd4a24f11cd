// The stand-ins a template is evaluated with, and how a sub-organization's values are put in their place.
// A template is evaluated twice with two sets of stand-in facts that differ in every way a program could look at
// (length, case, digits, spaces); each set's stand-ins are replaced by the same neutral tokens (`⟦subOrganizationId⟧`),
// and when both evaluations then agree, the template took the facts as data: one evaluation serves every
// sub-organization, each getting its own facts put in place of the tokens. Outputs of the template's own resources
// (a user's `userId` a policy names) are tokens too (`⟦ref User delegated userId⟧`), resolved per sub-organization
// from the live object the resource stands for. docs/fleet.md, "How scan evaluates the template".
import { FLEET_CONFIG_FIELDS, type FleetConfigField, type SubOrganizationFacts } from '../template-config';

/** Two sets of stand-in facts. Ids keep the service's UUID shape, so a template that checks the shape still runs. */
export const STAND_INS: readonly SubOrganizationFacts[] = [
  {
    subOrganizationId: 'f1ee7a00-0000-4000-8000-00000000000a',
    subOrganizationName: 'fleet-stand-in-a',
    delegatedUserId: 'f1ee7a00-0000-4000-8000-00000000000b',
    delegatedUserName: 'fleet-stand-in-user-a',
  },
  {
    subOrganizationId: 'f1ee7b11-1111-4111-9111-11111111111c',
    subOrganizationName: 'Fleet Stand-In B 0123456789',
    delegatedUserId: 'f1ee7b11-1111-4111-9111-11111111111d',
    delegatedUserName: 'Fleet Stand-In User B 9876',
  },
];

/** The neutral token of a fact: `⟦subOrganizationId⟧`. */
export function factToken(field: FleetConfigField): string {
  return `⟦${field}⟧`;
}

/** The token standing for output `property` of the template's resource `name` of kind `type`. */
export function refToken(type: string, name: string, property: string): string {
  return `⟦ref ${type} ${name} ${property}⟧`;
}

const FACT_TOKEN = new RegExp(`⟦(${FLEET_CONFIG_FIELDS.join('|')})⟧`, 'g');
const REF_TOKEN = /⟦ref ([^ ⟧]+) ([^ ⟧]+) ([^ ⟧]+)⟧/g;

/** Every string in `value` rewritten by `rewrite` (only strings that contain `marker`, for speed). */
export function mapStrings(value: unknown, marker: string, rewrite: (s: string) => string): unknown {
  if (typeof value === 'string') return value.includes(marker) ? rewrite(value) : value;
  if (Array.isArray(value)) return value.map((v) => mapStrings(v, marker, rewrite));
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, mapStrings(v, marker, rewrite)]));
  }
  return value;
}

/** A value with one set of stand-ins replaced by the neutral tokens. */
export function neutral(value: unknown, standIns: SubOrganizationFacts): unknown {
  const pairs = FLEET_CONFIG_FIELDS.map((f) => [standIns[f], factToken(f)] as const).sort((a, b) => b[0].length - a[0].length);
  const rewrite = (s: string): string => pairs.reduce((out, [from, to]) => out.split(from).join(to), s);
  // Stand-ins share no common marker: every string is looked at.
  return mapStrings(value, '', rewrite);
}

/** A value with the neutral tokens replaced by a sub-organization's facts. */
export function withFacts(value: unknown, facts: SubOrganizationFacts): unknown {
  return mapStrings(value, '⟦', (s) => s.replace(FACT_TOKEN, (_m, field: FleetConfigField) => facts[field]));
}

/** A value with the output tokens replaced by what `resolve` gives (undefined leaves a token). */
export function withOutputs(value: unknown, resolve: (type: string, name: string, property: string) => string | undefined): unknown {
  return mapStrings(value, '⟦ref ', (s) =>
    s.replace(REF_TOKEN, (token, type: string, name: string, property: string) => resolve(type, name, property) ?? token),
  );
}

/** Whether a value still holds an output token (an output of a resource that stands for no object yet). */
export function hasOutputToken(value: unknown): boolean {
  let found = false;
  mapStrings(value, '⟦ref ', () => {
    found = true;
    return '';
  });
  return found;
}

/** What an unresolved output token reads as in a report: `<userId of User "delegated">`. */
export function readableTokens(value: unknown): unknown {
  return mapStrings(value, '⟦ref ', (s) =>
    s.replace(REF_TOKEN, (_t, type: string, name: string, property: string) => `<${property} of ${type} "${name}">`),
  );
}
