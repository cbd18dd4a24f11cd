// TEMPORARY schema, to be replaced by the schema generated from the per-kind specs: the provider's settings
// (derived from ../config/settings.ts) and one resource kind, Policy, written out by hand to prove the
// pipeline (GetSchema, `pulumi package gen-sdk` for Node.js, Python and Go, YAML programs) end to end.
// Schema format: https://www.pulumi.com/docs/iac/extending-pulumi/schema/
import { CONFIG_NAMESPACE, KNOWN_KEYS, SETTING_KEYS, SettingsSchema, metaOf, type SettingKey } from '../config';

interface PropertySpec {
  type?: string;
  $ref?: string;
  description?: string;
  secret?: boolean;
}

function settingSpec(key: SettingKey): PropertySpec {
  const meta = metaOf(key);
  // The setting's type is its default's; settings without a default (the credentials) are text.
  const parsed = SettingsSchema.shape[key].safeParse(undefined);
  const fallback: unknown = parsed.success ? parsed.data : undefined;
  const type = typeof fallback === 'number' ? 'integer' : typeof fallback === 'boolean' ? 'boolean' : 'string';
  return { type, description: meta.description, ...(meta.secret === true ? { secret: true } : {}) };
}

function settings(): Record<string, PropertySpec> {
  const out: Record<string, PropertySpec> = {};
  for (const key of SETTING_KEYS) out[key] = settingSpec(key);
  out.profiles = {
    type: 'string',
    description: `Named credentials, a JSON object of profiles (\`${CONFIG_NAMESPACE}:profiles\`); a resource selects one with \`profile\`.`,
    secret: true,
  };
  if (Object.keys(out).length !== KNOWN_KEYS.length) throw new Error('the schema lists a setting the provider does not know');
  return out;
}

const POLICY_INPUTS: Record<string, PropertySpec> = {
  policyName: { type: 'string', description: 'The policy name, unique in the organization.' },
  effect: { $ref: '#/types/walletinfra:index:PolicyEffect', description: 'Whether a matching activity is allowed or denied.' },
  condition: { type: 'string', description: 'Policy-language condition; empty or absent means "always".' },
  consensus: { type: 'string', description: 'Policy-language consensus expression, e.g. `approvers.count() >= 2`.' },
  notes: { type: 'string', description: 'Free-form notes.' },
  time: { type: 'string', description: 'Time expression (early access).' },
  organizationId: { type: 'string', description: "The organization to manage the policy in (default: the credentials' organization)." },
  profile: { type: 'string', description: 'Named credentials from `walletinfra:profiles`.' },
  adopt: { $ref: '#/types/walletinfra:index:PolicyAdopt', description: 'Take over an existing policy instead of creating one.' },
};

const SCHEMA = {
  name: 'walletinfra',
  displayName: 'Wallet infrastructure',
  description: 'Policies, webhooks and organization settings of the hosted wallet service.',
  publisher: 'walletinfra',
  repository: 'https://github.com/walletinfra/walletinfra',
  license: 'Apache-2.0',
  keywords: ['pulumi', 'walletinfra', 'category/infrastructure', 'kind/native'],
  meta: { moduleFormat: '(.*)' },
  config: { variables: settings() },
  provider: { description: 'The walletinfra provider: credentials and endpoints.', inputProperties: settings() },
  types: {
    'walletinfra:index:PolicyEffect': {
      type: 'string',
      enum: [
        { name: 'Allow', value: 'EFFECT_ALLOW' },
        { name: 'Deny', value: 'EFFECT_DENY' },
      ],
    },
    'walletinfra:index:PolicyAdopt': {
      type: 'object',
      properties: {
        id: { type: 'string', description: 'Take over the policy with this id.' },
        byName: { type: 'boolean', description: 'Take over the policy with the same `policyName`, or create it.' },
      },
    },
  },
  resources: {
    'walletinfra:index:Policy': {
      description: 'A policy of the organization: which activities are allowed or denied, and with whose approval.',
      inputProperties: POLICY_INPUTS,
      requiredInputs: ['policyName', 'effect'],
      properties: { ...POLICY_INPUTS, policyId: { type: 'string', description: "The service's id of the policy." } },
      required: ['policyId', 'policyName', 'effect', 'condition', 'consensus', 'notes', 'time', 'organizationId'],
      aliases: [{ type: 'pulumi-nodejs:dynamic/walletinfra:Policy' }],
    },
  },
  language: {
    // respectSchemaVersion: each SDK carries the schema's version, the plugin's, and asks the engine for it.
    nodejs: { packageName: '@walletinfra/pulumi-native', dependencies: { '@pulumi/pulumi': '^3.248.0' }, respectSchemaVersion: true },
    python: { packageName: 'pulumi_walletinfra', requires: { pulumi: '>=3.248.0,<4.0.0' }, respectSchemaVersion: true },
    go: {
      importBasePath: 'github.com/walletinfra/walletinfra/sdk/go/walletinfra',
      generateResourceContainerTypes: false,
      respectSchemaVersion: true,
    },
  },
};

export function schemaText(): string {
  return JSON.stringify(SCHEMA);
}
