// Credentials and endpoints, resolved at run time and never captured in the serialized provider
// (facts §1.5, §1.6). One resolution function serves the dynamic provider process (stack config arrives
// through `configure`) and the program process (data sources read `pulumi.runtime.getConfig`).
// Precedence per setting: stack config `walletinfra:<key>`, then `WALLETINFRA_<KEY>`, then the names the
// service's own SDK examples use (`TURNKEY_*`, api-facts §10). A missing setting fails fast naming every
// place that was looked at.
import {
  ConfigurationError,
  DEFAULT_AUTH_PROXY_URL as SDK_AUTH_PROXY_URL,
  DEFAULT_BASE_URL as SDK_BASE_URL,
  PRODUCTION_ON_RAMP_ENCRYPTION_PUBLIC_KEY,
} from '@walletinfra/sdk';
import {
  checkProfileName,
  CONFIG_NAMESPACE,
  lookupGlobal,
  lookupProfile,
  parseProfiles,
  present,
  type Lookup,
  type ProfileEntry,
  type ProfileKey,
  type SettingsSelector,
  type SettingsSources,
} from './sources';
import { checkHex, NUMBERS, parseBoolean, parseInteger, parseUrl } from './values';

export { CONFIG_NAMESPACE, envSuffix, parseProfiles, PROFILE_KEYS, profileEnvName } from './sources';
export type { SettingsSelector, SettingsSources } from './sources';

/** Production defaults (api-facts §0, §7), the sdk's. */
export const DEFAULT_BASE_URL = SDK_BASE_URL;
export const DEFAULT_AUTH_PROXY_URL = SDK_AUTH_PROXY_URL;
/** api-facts §4.3: the service's on-ramp credential encryption key. */
export const DEFAULT_ON_RAMP_ENCRYPTION_PUBLIC_KEY = PRODUCTION_ON_RAMP_ENCRYPTION_PUBLIC_KEY;

/** Endpoints and tuning; enough for unauthenticated calls (webhook JWKS, wallet-kit config). */
export interface EndpointSettings {
  baseUrl: string;
  authProxyUrl: string;
  authProxyConfigId?: string;
  requestTimeoutMs: number;
  maxRetries: number;
  consensusTimeoutMs: number;
  onRampEncryptionPublicKey: string;
  maxConcurrentRequests: number;
  /**
   * Accept `http://` and loopback webhook URLs in `check` (local development against an emulator started
   * with `allowLoopbackWebhooks`); the real service refuses them (facts §4.2).
   */
  allowLoopbackWebhookUrls: boolean;
}

export interface ProviderSettings extends EndpointSettings {
  /** The profile the credentials came from; absent for the default credentials. */
  profile?: string;
  organizationId: string;
  apiPublicKey: string;
  apiPrivateKey: string;
}

const CREDENTIAL_KEYS = ['organizationId', 'apiPublicKey', 'apiPrivateKey'] as const;
type CredentialKey = (typeof CREDENTIAL_KEYS)[number];

/**
 * Endpoints and tuning for a selector. A profile may override `baseUrl`, `authProxyUrl` and
 * `onRampEncryptionPublicKey`; everything else is shared by all profiles.
 */
export function resolveEndpoints(sources: SettingsSources, selector: SettingsSelector = {}): EndpointSettings {
  const profiles = parseProfiles(sources.config(`${CONFIG_NAMESPACE}:profiles`));
  const pick = (key: ProfileKey): Lookup => {
    if (selector.profile !== undefined) {
      const fromProfile = lookupProfile(sources, profiles, selector.profile, key);
      if (fromProfile.value !== undefined) return fromProfile;
    }
    return lookupGlobal(sources, key);
  };
  const baseUrl = pick('baseUrl');
  const authProxyUrl = pick('authProxyUrl');
  const encryptionKey = pick('onRampEncryptionPublicKey');
  const configId = lookupGlobal(sources, 'authProxyConfigId');
  const out: EndpointSettings = {
    baseUrl: baseUrl.value === undefined ? DEFAULT_BASE_URL : parseUrl(baseUrl.value, 'baseUrl', baseUrl.source ?? ''),
    authProxyUrl:
      authProxyUrl.value === undefined
        ? DEFAULT_AUTH_PROXY_URL
        : parseUrl(authProxyUrl.value, 'authProxyUrl', authProxyUrl.source ?? ''),
    onRampEncryptionPublicKey:
      encryptionKey.value === undefined
        ? DEFAULT_ON_RAMP_ENCRYPTION_PUBLIC_KEY
        : checkHex('onRampEncryptionPublicKey', encryptionKey).toLowerCase(),
    requestTimeoutMs: 0,
    maxRetries: 0,
    consensusTimeoutMs: 0,
    maxConcurrentRequests: 0,
    allowLoopbackWebhookUrls: parseBoolean('allowLoopbackWebhookUrls', lookupGlobal(sources, 'allowLoopbackWebhookUrls')),
  };
  for (const spec of NUMBERS) (out as unknown as Record<string, number>)[spec.key] = parseInteger(spec, lookupGlobal(sources, spec.key));
  if (configId.value !== undefined) out.authProxyConfigId = configId.value;
  return out;
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
    apiPublicKey: checkHex('apiPublicKey', lookups.apiPublicKey).toLowerCase(),
    apiPrivateKey: checkHex('apiPrivateKey', lookups.apiPrivateKey).toLowerCase(),
  };
  if (selector.profile !== undefined) settings.profile = selector.profile;
  return settings;
}
