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

export const CONFIG_NAMESPACE = 'walletinfra';

/** Production defaults (api-facts §0, §7), the sdk's. */
export const DEFAULT_BASE_URL = SDK_BASE_URL;
export const DEFAULT_AUTH_PROXY_URL = SDK_AUTH_PROXY_URL;
/** api-facts §4.3: the service's on-ramp credential encryption key. */
export const DEFAULT_ON_RAMP_ENCRYPTION_PUBLIC_KEY = PRODUCTION_ON_RAMP_ENCRYPTION_PUBLIC_KEY;

/** Where settings come from. `config` takes the full key (`walletinfra:organizationId`). */
export interface SettingsSources {
  config(key: string): string | undefined;
  env: Readonly<Record<string, string | undefined>>;
}

/** Which credentials a resource or data source uses: a named profile and/or another organization id. */
export interface SettingsSelector {
  profile?: string;
  organizationId?: string;
}

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

interface NumberSpec {
  key: keyof EndpointSettings;
  min: number;
  fallback: number;
  unit: string;
}

const NUMBERS: readonly NumberSpec[] = [
  { key: 'requestTimeoutMs', min: 1, fallback: 30_000, unit: 'milliseconds' },
  { key: 'maxRetries', min: 0, fallback: 3, unit: 'retries' },
  // How long a write that needs approval waits before failing (issue 4, "Activities that need approval").
  { key: 'consensusTimeoutMs', min: 0, fallback: 60_000, unit: 'milliseconds' },
  { key: 'maxConcurrentRequests', min: 1, fallback: 4, unit: 'requests' },
];

/** Keys a `walletinfra:profiles` entry may hold. Unknown keys are an error that lists these (STYLE.md). */
export const PROFILE_KEYS = [
  'organizationId',
  'apiPublicKey',
  'apiPrivateKey',
  'baseUrl',
  'authProxyUrl',
  'onRampEncryptionPublicKey',
] as const;
type ProfileKey = (typeof PROFILE_KEYS)[number];

const CREDENTIAL_KEYS = ['organizationId', 'apiPublicKey', 'apiPrivateKey'] as const;
type CredentialKey = (typeof CREDENTIAL_KEYS)[number];

/** `apiPrivateKey` -> `API_PRIVATE_KEY` */
export function envSuffix(key: string): string {
  return key.replace(/([a-z0-9])([A-Z])/g, '$1_$2').toUpperCase();
}

/** The environment-variable form of a profile name: `eu-prod` -> `EU_PROD`. */
export function profileEnvName(profile: string): string {
  return profile.toUpperCase().replace(/[^A-Z0-9]/g, '_');
}

const TURNKEY_ENV: Partial<Record<string, string>> = {
  organizationId: 'TURNKEY_ORGANIZATION_ID',
  apiPublicKey: 'TURNKEY_API_PUBLIC_KEY',
  apiPrivateKey: 'TURNKEY_API_PRIVATE_KEY',
  baseUrl: 'TURNKEY_BASE_URL',
};

interface Lookup {
  value?: string;
  /** Human description of where the value came from, or every place looked at when absent. */
  places: string[];
  source?: string;
}

/** An empty string counts as unset: CI systems often define variables they leave empty. */
function present(v: string | undefined): v is string {
  return v !== undefined && v !== '';
}

function lookupGlobal(sources: SettingsSources, key: string): Lookup {
  const places: Array<[string, string | undefined]> = [
    [`stack config ${CONFIG_NAMESPACE}:${key}`, sources.config(`${CONFIG_NAMESPACE}:${key}`)],
    [`environment variable WALLETINFRA_${envSuffix(key)}`, sources.env[`WALLETINFRA_${envSuffix(key)}`]],
  ];
  const turnkey = TURNKEY_ENV[key];
  if (turnkey !== undefined) places.push([`environment variable ${turnkey}`, sources.env[turnkey]]);
  for (const [place, value] of places) if (present(value)) return { value, places: [place], source: place };
  return { places: places.map(([p]) => p) };
}

type ProfileEntry = Partial<Record<ProfileKey, string>>;

/** Parses `walletinfra:profiles` (a JSON object of objects; stack config objects arrive as JSON text). */
export function parseProfiles(raw: string | undefined): Record<string, ProfileEntry> {
  if (!present(raw)) return {};
  const where = `stack config ${CONFIG_NAMESPACE}:profiles`;
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    throw new ConfigurationError(`${where} must be a JSON object of profiles, e.g. {"eu": {"organizationId": "..."}}; it is not valid JSON`);
  }
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) {
    throw new ConfigurationError(`${where} must be an object mapping profile names to settings`);
  }
  const out: Record<string, ProfileEntry> = {};
  for (const [name, entry] of Object.entries(parsed as Record<string, unknown>)) {
    if (entry === null || typeof entry !== 'object' || Array.isArray(entry)) {
      throw new ConfigurationError(`${where}.${name} must be an object with keys ${PROFILE_KEYS.join(', ')}`);
    }
    const profile: ProfileEntry = {};
    for (const [k, v] of Object.entries(entry as Record<string, unknown>)) {
      if (!(PROFILE_KEYS as readonly string[]).includes(k)) {
        throw new ConfigurationError(`${where}.${name} has unknown key "${k}"; known keys: ${PROFILE_KEYS.join(', ')}`);
      }
      if (typeof v !== 'string') throw new ConfigurationError(`${where}.${name}.${k} must be a string`);
      profile[k as ProfileKey] = v;
    }
    out[name] = profile;
  }
  return out;
}

function lookupProfile(sources: SettingsSources, profiles: Record<string, ProfileEntry>, profile: string, key: ProfileKey): Lookup {
  const envName = `WALLETINFRA_PROFILE_${profileEnvName(profile)}_${envSuffix(key)}`;
  const places: Array<[string, string | undefined]> = [
    [`stack config ${CONFIG_NAMESPACE}:profiles.${profile}.${key}`, profiles[profile]?.[key]],
    [`environment variable ${envName}`, sources.env[envName]],
  ];
  for (const [place, value] of places) if (present(value)) return { value, places: [place], source: place };
  return { places: places.map(([p]) => p) };
}

function parseUrl(value: string, key: string, source: string): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new ConfigurationError(`${key} from ${source} must be an absolute http(s) URL, got "${value}"`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw new ConfigurationError(`${key} from ${source} must use http or https, got "${url.protocol}"`);
  }
  return value.replace(/\/+$/, '');
}

function parseInteger(spec: NumberSpec, lookup: Lookup): number {
  if (lookup.value === undefined) return spec.fallback;
  const text = lookup.value.trim();
  const n = /^[0-9]+$/.test(text) ? Number(text) : NaN;
  if (!Number.isSafeInteger(n) || n < spec.min) {
    throw new ConfigurationError(
      `${spec.key} from ${lookup.source} must be an integer >= ${spec.min} (${spec.unit}), got "${lookup.value}"`,
    );
  }
  return n;
}

function parseBoolean(key: string, lookup: Lookup): boolean {
  if (lookup.value === undefined) return false;
  const text = lookup.value.trim().toLowerCase();
  if (text === 'true' || text === '1') return true;
  if (text === 'false' || text === '0') return false;
  throw new ConfigurationError(`${key} from ${lookup.source} must be true or false, got "${lookup.value}"`);
}

/** The hex check never echoes the value: it may be a private key. */
function checkHex(key: string, lookup: Lookup): string {
  const value = (lookup.value ?? '').trim();
  if (!/^[0-9a-fA-F]+$/.test(value)) {
    throw new ConfigurationError(`${key} from ${lookup.source} must be a hex string`);
  }
  return value;
}

function checkProfileName(profile: string): void {
  if (!/^[A-Za-z0-9][A-Za-z0-9_-]*$/.test(profile)) {
    throw new ConfigurationError(`profile "${profile}" is not a valid profile name (letters, digits, "-" and "_")`);
  }
}

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
