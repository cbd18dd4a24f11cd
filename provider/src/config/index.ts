// Credentials and endpoints, resolved at run time and never captured in the serialized provider.
// One resolution function serves the dynamic provider process (stack config arrives through `configure`)
// and the program process (data sources read `pulumi.runtime.getConfig`). Precedence per setting: stack
// config `walletinfra:<key>`, then `WALLETINFRA_<KEY>`, then the names the service's own SDK examples use
// (`TURNKEY_*`). A missing setting fails fast naming every place that was looked at. What each setting is,
// its type and its default: ./settings.ts.
import { PRODUCTION_ON_RAMP_ENCRYPTION_PUBLIC_KEY } from '@walletinfra/sdk/crypto';
import { ConfigurationError } from '@walletinfra/sdk/errors';
import { CREDENTIAL_KEYS, defaultOf, PROFILE_KEYS, SETTING_KEYS, type SettingKey, type Settings } from './settings';
import {
  checkProfileName,
  CONFIG_NAMESPACE,
  lookupGlobal,
  lookupProfile,
  parseProfiles,
  present,
  type Lookup,
  type ProfileEntry,
  type SettingsSelector,
  type SettingsSources,
} from './sources';
import { checkConfigKeys } from './keys';
import { readSetting } from './values';

export { CONFIG_NAMESPACE, envSuffix, parseProfiles, PROFILE_KEYS, profileEnvName } from './sources';
export type { SettingsSelector, SettingsSources } from './sources';
export { checkConfigKeys, configKeyProblems } from './keys';
export { KNOWN_KEYS, SETTING_KEYS, SettingsSchema, settingMeta, metaOf, defaultOf } from './settings';
export type { SettingKey, SettingMeta, Settings } from './settings';

/** Production defaults, the sdk's. */
export const DEFAULT_BASE_URL = defaultOf('baseUrl');
export const DEFAULT_AUTH_PROXY_URL = defaultOf('authProxyUrl');
/** The service's on-ramp credential encryption key. */
export const DEFAULT_ON_RAMP_ENCRYPTION_PUBLIC_KEY = PRODUCTION_ON_RAMP_ENCRYPTION_PUBLIC_KEY;

type CredentialKey = (typeof CREDENTIAL_KEYS)[number];

/** Endpoints and tuning; enough for unauthenticated calls (webhook JWKS, wallet-kit config). */
export type EndpointSettings = Omit<Settings, CredentialKey>;

export interface ProviderSettings extends EndpointSettings {
  /** The profile the credentials came from; absent for the default credentials. */
  profile?: string;
  organizationId: string;
  apiPublicKey: string;
  apiPrivateKey: string;
}

/**
 * Endpoints and tuning for a selector. A profile may override the per-profile settings (`baseUrl`,
 * `authProxyUrl`, `onRampEncryptionPublicKey`); everything else is shared by all profiles.
 */
export function resolveEndpoints(sources: SettingsSources, selector: SettingsSelector = {}): EndpointSettings {
  checkConfigKeys(sources);
  const profiles = parseProfiles(sources.config(`${CONFIG_NAMESPACE}:profiles`));
  const pick = (key: SettingKey): Lookup => {
    if (selector.profile !== undefined && (PROFILE_KEYS as readonly string[]).includes(key)) {
      const fromProfile = lookupProfile(sources, profiles, selector.profile, key);
      if (fromProfile.value !== undefined) return fromProfile;
    }
    return lookupGlobal(sources, key);
  };
  const out: Record<string, unknown> = {};
  for (const key of SETTING_KEYS) {
    if ((CREDENTIAL_KEYS as readonly string[]).includes(key)) continue;
    const value = readSetting(key, pick(key));
    if (value !== undefined) out[key] = value;
  }
  return out as EndpointSettings;
}

function credentialLookup(
  sources: SettingsSources,
  profiles: Record<string, ProfileEntry>,
  selector: SettingsSelector,
  key: CredentialKey,
): Lookup {
  if (key === 'organizationId' && present(selector.organizationId)) {
    const place = 'the resource input organizationId';
    return { value: selector.organizationId, places: [place], source: place };
  }
  return selector.profile === undefined ? lookupGlobal(sources, key) : lookupProfile(sources, profiles, selector.profile, key);
}

function missingError(selector: SettingsSelector, missing: string[]): ConfigurationError {
  const who = selector.profile === undefined ? 'the default credentials' : `profile "${selector.profile}"`;
  const hint =
    selector.profile === undefined
      ? `set them with \`pulumi config set ${CONFIG_NAMESPACE}:<key> <value>\` (add --secret for apiPrivateKey) or in the environment`
      : `add them to \`${CONFIG_NAMESPACE}:profiles\` (pulumi config set --secret --path '${CONFIG_NAMESPACE}:profiles.${selector.profile}.<key>' <value>) or to the environment`;
  return new ConfigurationError(`missing ${CONFIG_NAMESPACE} settings for ${who}: ${missing.join('; ')}; ${hint}`);
}

function describeMissing(key: string, lookup: Lookup): string {
  return `${key} (looked in ${lookup.places.join(', ')})`;
}

/**
 * The organization a resource lives in, without needing the API key: `check` records it as an input so a
 * change of organization (or of the configured default) shows up as a replacement in the preview.
 */
export function resolveOrganizationId(sources: SettingsSources, selector: SettingsSelector = {}): string {
  checkConfigKeys(sources);
  if (selector.profile !== undefined) checkProfileName(selector.profile);
  const profiles = parseProfiles(sources.config(`${CONFIG_NAMESPACE}:profiles`));
  const lookup = credentialLookup(sources, profiles, selector, 'organizationId');
  if (lookup.value === undefined) throw missingError(selector, [describeMissing('organizationId', lookup)]);
  return lookup.value.trim();
}

/**
 * Full settings for API calls. Without a profile the default credentials are used; with one, the profile
 * must supply all three credentials (never mixed with the defaults, so a typo cannot silently act on the
 * parent organization). `selector.organizationId` targets another organization (e.g. a sub-organization
 * managed with its parent's key) and makes the configured organization id optional.
 */
export function resolveSettings(sources: SettingsSources, selector: SettingsSelector = {}): ProviderSettings {
  if (selector.profile !== undefined) checkProfileName(selector.profile);
  const endpoints = resolveEndpoints(sources, selector);
  const profiles = parseProfiles(sources.config(`${CONFIG_NAMESPACE}:profiles`));
  const lookups = {} as Record<CredentialKey, Lookup>;
  const missing: string[] = [];
  for (const key of CREDENTIAL_KEYS) {
    const lookup = credentialLookup(sources, profiles, selector, key);
    lookups[key] = lookup;
    if (lookup.value === undefined) missing.push(describeMissing(key, lookup));
  }
  if (missing.length > 0) throw missingError(selector, missing);
  const settings: ProviderSettings = {
    ...endpoints,
    organizationId: (lookups.organizationId.value ?? '').trim(),
    apiPublicKey: readSetting('apiPublicKey', lookups.apiPublicKey),
    apiPrivateKey: readSetting('apiPrivateKey', lookups.apiPrivateKey),
  };
  if (selector.profile !== undefined) settings.profile = selector.profile;
  return settings;
}
