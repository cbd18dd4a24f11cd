// `@walletinfra/pulumi/fleet`: what a fleet template imports (docs/fleet.md). A template is an ordinary
// walletinfra Pulumi program applied to every sub-organization of a fleet; `subOrganization()` tells it which one.
// This module stays light: a template's every run loads it. The fleet commands themselves are `walletinfra-fleet`
// (./cli.ts); the reports' JSON shapes (scan's, which `up --only-drifted` reads, and up's) are exported as types for tools.
import * as pulumi from '@pulumi/pulumi';
import { FLEET_CONFIG_FIELDS, FLEET_CONFIG_KEYS, type SubOrganizationFacts } from './template-config';

export { FLEET_CONFIG_KEYS, FLEET_CONFIG_NAMESPACE, MISSING_DELEGATED_USER, templateStackConfig } from './template-config';
export type { FleetConfigField, SubOrganizationFacts, TemplateStackConfig } from './template-config';
export type {
  FleetReport,
  ReportDriftItem,
  ReportProperty,
  ReportStatus,
  ReportSubOrganization,
  ReportUnmanagedObject,
} from './report/schema';
export { FLEET_REPORT_SCHEMA_VERSION } from './report/schema';
/** What `walletinfra-fleet up --json-out` writes (types only: this module stays light). */
export type { LeftAlone, RolloutReport, RolloutStatus, RolloutSubOrganization, RolloutSummary } from './up/report/schema';

/** The sub-organization a template is applied to. */
export interface SubOrganization {
  /** Its id: every resource of the template lives there unless it names another `organizationId`. */
  id: string;
  /** Its name. */
  name: string;
  /** The delegated user: the user holding the fleet's delegated API key, whose credential `walletinfra-fleet up` writes with. */
  delegatedUser: { id: string; name: string };
}

/**
 * The sub-organization this run of the template is for, from the `walletinfra-fleet:*` stack config. Fails, once
 * and without a stack trace, when a key is missing: the program is being run outside a fleet.
 */
export function subOrganization(): SubOrganization {
  const values: Partial<SubOrganizationFacts> = {};
  const missing: string[] = [];
  for (const field of FLEET_CONFIG_FIELDS) {
    const value = pulumi.runtime.getConfig(FLEET_CONFIG_KEYS[field]);
    if (value === undefined || value === '') missing.push(FLEET_CONFIG_KEYS[field]);
    else values[field] = value;
  }
  if (missing.length > 0) {
    const error = new pulumi.RunError(
      `this program is a fleet template: it reads the sub-organization it is applied to from stack config, and ${missing.join(', ')} ` +
        `${missing.length === 1 ? 'is' : 'are'} not set; run it with walletinfra-fleet (scan, up), or set ${
          missing.length === 1 ? 'it' : 'them'
        } with \`pulumi config set\` to try it on one sub-organization`,
    );
    error.stack = `${error.name}: ${error.message}`;
    throw error;
  }
  const facts = values as SubOrganizationFacts;
  return {
    id: facts.subOrganizationId,
    name: facts.subOrganizationName,
    delegatedUser: { id: facts.delegatedUserId, name: facts.delegatedUserName },
  };
}
