// Where a setting comes from (stack config, WALLETINFRA_*, TURNKEY_*, profiles) and where it was looked for,
// so a missing one can be reported with every place.
import { ConfigurationError } from '@walletinfra/sdk/errors';
import type { PlainLeaves } from './stack-file';
import { CONFIG_NAMESPACE, metaOf, PROFILE_KEYS, type ProfileKey, type SettingKey } from './settings';

export { CONFIG_NAMESPACE, PROFILE_KEYS, type ProfileKey };

/** Where settings come from. `config` takes the full key (`walletinfra:organizationId`). */
export interface SettingsSources {
  config: (key: string) => string | undefined;
  env: Readonly<Record<string, string | undefined>>;
  /** Every stack config key (`namespace:key`), where the caller can list them: unknown keys are refused. */
  keys?: () => string[];
  /** Whether a stack config value is stored encrypted, where the caller knows it (the program does). */
  isSecret?: (key: string) => boolean | undefined;
  /**
   * For a structured value the engine marks secret as a whole, the secret leaves the stack's config file stores
   * in plain text (./stack-file.ts), where the caller can read the file.
   */
  plainInSecret?: (key: string) => PlainLeaves | undefined;
}

/** Which credentials a resource or data source uses: a named profile and/or another organization id. */
export interface SettingsSelector {
  profile?: string;
  organizationId?: string;
}

/** `apiPrivateKey` -> `API_PRIVATE_KEY` */
export function envSuffix(key: string): string {
  return key.replace(/([a-z0-9])([A-Z])/g, '$1_$2').toUpperCase();
}

/** The environment-variable form of a profile name: `eu-prod` -> `EU_PROD`. */
export function profileEnvName(profile: string): string {
  return profile.toUpperCase().replace(/[^A-Z0-9]/g, '_');
}

export interface Lookup {
  value?: string;
  /** Human description of where the value came from, or every place looked at when absent. */
  places: string[];
  source?: string;
}

/** An empty string counts as unset: CI systems often define variables they leave empty. */
export function present(v: string | undefined): v is string {
  return v !== undefined && v !== '';
}

export function lookupGlobal(sources: SettingsSources, key: SettingKey): Lookup {
  const places: Array<[string, string | undefined]> = [
    [`stack config ${CONFIG_NAMESPACE}:${key}`, sources.config(`${CONFIG_NAMESPACE}:${key}`)],
    [`environment variable WALLETINFRA_${envSuffix(key)}`, sources.env[`WALLETINFRA_${envSuffix(key)}`]],
  ];
  const turnkey = metaOf(key).alsoEnv;
  if (turnkey !== undefined) places.push([`environment variable ${turnkey}`, sources.env[turnkey]]);
  for (const [place, value] of places) if (present(value)) return { value, places: [place], source: place };
  return { places: places.map(([p]) => p) };
}

export type ProfileEntry = Partial<Record<ProfileKey, string>>;

/** Parses `walletinfra:profiles` (a JSON object of objects; stack config objects arrive as JSON text). */
export function parseProfiles(raw: string | undefined): Record<string, ProfileEntry> {
  if (!present(raw)) return {};
  const where = `stack config ${CONFIG_NAMESPACE}:profiles`;
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    throw new ConfigurationError(
      `${where} must be a JSON object of profiles, e.g. {"eu": {"organizationId": "..."}}; it is not valid JSON`,
    );
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

export function lookupProfile(sources: SettingsSources, profiles: Record<string, ProfileEntry>, profile: string, key: ProfileKey): Lookup {
  const envName = `WALLETINFRA_PROFILE_${profileEnvName(profile)}_${envSuffix(key)}`;
  const places: Array<[string, string | undefined]> = [
    [`stack config ${CONFIG_NAMESPACE}:profiles.${profile}.${key}`, profiles[profile]?.[key]],
    [`environment variable ${envName}`, sources.env[envName]],
  ];
  for (const [place, value] of places) if (present(value)) return { value, places: [place], source: place };
  return { places: places.map(([p]) => p) };
}

export function checkProfileName(profile: string): void {
  if (!/^[A-Za-z0-9][A-Za-z0-9_-]*$/.test(profile)) {
    throw new ConfigurationError(`profile "${profile}" is not a valid profile name (letters, digits, "-" and "_")`);
  }
}
