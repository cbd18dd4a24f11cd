// What a fleet template is told about the sub-organization it is applied to: four stack config keys in a
// namespace of their own (`walletinfra-fleet:`, the provider refuses unknown `walletinfra:*` keys), set by
// `walletinfra-fleet scan` when it evaluates the template and by `walletinfra-fleet up` in each sub-organization's
// stack. A TypeScript template reads them with `subOrganization()` (./index.ts); a YAML template as
// `${walletinfra-fleet:subOrganizationId}` (Pulumi YAML strips only the project's own namespace from config keys).
// docs/fleet.md, "The template".

/** The namespace of the keys. */
export const FLEET_CONFIG_NAMESPACE = 'walletinfra-fleet';

/** The keys, by what they hold. */
export const FLEET_CONFIG_KEYS = {
  /** The sub-organization's id: the organization every resource of the template lives in. */
  subOrganizationId: `${FLEET_CONFIG_NAMESPACE}:subOrganizationId`,
  /** Its name, as `whoami` answers it. */
  subOrganizationName: `${FLEET_CONFIG_NAMESPACE}:subOrganizationName`,
  /** The id of the delegated user: the user of the sub-organization holding the fleet's delegated API key. */
  delegatedUserId: `${FLEET_CONFIG_NAMESPACE}:delegatedUserId`,
  /** That user's name. */
  delegatedUserName: `${FLEET_CONFIG_NAMESPACE}:delegatedUserName`,
} as const;

export type FleetConfigField = keyof typeof FLEET_CONFIG_KEYS;

/** The fields, in the order docs and messages list them. */
export const FLEET_CONFIG_FIELDS = Object.keys(FLEET_CONFIG_KEYS) as FleetConfigField[];

/** What a template knows of its sub-organization. */
export interface SubOrganizationFacts {
  subOrganizationId: string;
  subOrganizationName: string;
  delegatedUserId: string;
  delegatedUserName: string;
}

/** What the delegated user's id and name read as when the sub-organization has no user holding the delegated key. */
export const MISSING_DELEGATED_USER = '(no delegated user)';

/** The stack config a template is evaluated (scan) or run (up) with for one sub-organization, plain values only. */
export interface TemplateStackConfig {
  [key: string]: string;
}

/**
 * The config of one sub-organization's stack: the fleet's own `config` (every sub-organization alike, values as
 * Pulumi's config holds them: text, or JSON text for structured values), the `walletinfra-fleet:*` facts, and the
 * provider's organization (`walletinfra:organizationId`, so a resource that names no organization lives in the
 * sub-organization). Credentials are not here: `up` adds the delegated key, `scan` needs none.
 */
export function templateStackConfig(facts: SubOrganizationFacts, fleetConfig: Readonly<Record<string, unknown>>): TemplateStackConfig {
  const out: TemplateStackConfig = {};
  for (const [key, value] of Object.entries(fleetConfig)) out[key] = typeof value === 'string' ? value : JSON.stringify(value);
  for (const field of FLEET_CONFIG_FIELDS) out[FLEET_CONFIG_KEYS[field]] = facts[field];
  out['walletinfra:organizationId'] = facts.subOrganizationId;
  return out;
}
