// The provider's configuration as a native provider receives it: the provider resource's inputs. For the
// default provider the engine makes them from the stack config in the `walletinfra` namespace, key without
// the namespace, value as text (structured values as JSON text), marked secret when stored with
// `--secret` (GetPackageConfig in pkg/resource/deploy/target.go of github.com/pulumi/pulumi); an explicit
// provider resource gets the program's arguments. Either way they go through the same settings code as
// the stack config of a TypeScript program (../config): the same checks, the same messages.
import { ConfigurationError } from '@walletinfra/sdk/errors';
import { CONFIG_NAMESPACE, configKeyProblems, SETTING_KEYS, type SettingsSources } from '../config';
import { metaOf, PROFILES_KEY, type SettingKey } from '../config/settings';
import { lookupGlobal, parseProfiles } from '../config/sources';
import { readSetting } from '../config/values';
import { stackFileSecrecy } from '../config/stack-file';
import { messageOf } from '../errors';
import type { CheckFailure } from '../resources/common/check';
import { sameValue } from '../resources/common/diff';
import { containsUnknown } from '../wire';
import type { Decoded } from './values';

/**
 * Inputs of every provider resource that the engine owns: `version` is the plugin version it records
 * (registry.go in pkg/resource/deploy/providers of github.com/pulumi/pulumi); they are not settings.
 */
export const ENGINE_KEYS: readonly string[] = ['version'];

/** Settings whose values are secrets (profiles hold API private keys), as the schema declares them. */
export const SECRET_SETTINGS: readonly string[] = [...SETTING_KEYS.filter((k) => metaOf(k).secret === true), PROFILES_KEY];

/**
 * Whether a provider resource (its URN, or its name) is a default provider, made by the engine from the stack
 * config: the engine names those `default` or `default_<version>` (IsDefaultProvider in
 * sdk/go/common/providers/reference.go of github.com/pulumi/pulumi). An explicit provider's settings are the
 * program's arguments instead. A request that names neither counts as a default provider's.
 */
export function isDefaultProvider(urnOrName: string): boolean {
  const name = urnOrName.startsWith('urn:') ? (urnOrName.split('::').pop() ?? '') : urnOrName;
  return name === '' || name.startsWith('default');
}

/**
 * The settings CheckConfig returns as secrets. For a default provider, exactly those the stack config stores
 * as secrets: the engine strips the secret marks from CheckConfig's request and puts them back on its answer
 * (annotateSecrets in sdk/go/common/resource/plugin/provider_plugin.go), and hands that answer to Configure,
 * which refuses a secret setting stored in plain text. Marking such a setting secret here would hide it from
 * Configure, and the plain-text key would be accepted without a word. An explicit provider's secret settings
 * are marked whatever was given (the generated SDKs mark them already): its value is no stack config.
 */
export function checkedSecrets(news: Decoded, urnOrName: string): Set<string> {
  const secrets = new Set(news.secrets);
  if (!isDefaultProvider(urnOrName)) for (const key of SECRET_SETTINGS) secrets.add(key);
  return secrets;
}

/** The configuration as the settings code reads it: stack config text by full key, and which keys are secret. */
export interface ProviderConfig {
  values: ReadonlyMap<string, string>;
  secrets: ReadonlySet<string>;
  /**
   * Whether `secrets` says which values were secret. The engine sends the configuration with its secrets
   * to Configure, but as plain values to CheckConfig and DiffConfig (MarshalProperties without
   * KeepSecrets in sdk/go/common/resource/plugin/provider_plugin.go), so only Configure can tell.
   */
  secretsKnown: boolean;
  /** A default provider's: the secret leaves its stack config file stores in plain text (../config/stack-file.ts). */
  plainInSecret?: SettingsSources['plainInSecret'];
}

export const EMPTY_CONFIG: ProviderConfig = { values: new Map(), secrets: new Set(), secretsKnown: true };

/**
 * What a default provider's stack config file says beyond the engine's secret marks, read from the directory the
 * engine starts plugins in (the project's, newPlugin with ctx.Pwd in sdk/go/common/resource/plugin/provider_plugin.go)
 * for the stack its URN names (`urn:pulumi:<stack>::<project>::...`); undefined for an explicit provider.
 */
export function stackFileOf(urn: string, dir: string): SettingsSources['plainInSecret'] {
  const stack = /^urn:pulumi:(.*?)::/.exec(urn)?.[1];
  return stack !== undefined && isDefaultProvider(urn) ? stackFileSecrecy(dir, stack) : undefined;
}

/** Structured values (an explicit provider's object or number arguments) as the text stack config would hold. */
function asText(value: unknown): string | undefined {
  if (value === undefined || value === null) return undefined;
  return typeof value === 'string' ? value : JSON.stringify(value);
}

export function providerConfig(inputs: Decoded, secretsKnown: boolean, plainInSecret?: SettingsSources['plainInSecret']): ProviderConfig {
  const values = new Map<string, string>();
  const secrets = new Set<string>();
  for (const [key, value] of Object.entries(inputs.values)) {
    if (ENGINE_KEYS.includes(key)) continue;
    const text = asText(value);
    if (text === undefined) continue;
    const full = `${CONFIG_NAMESPACE}:${key}`;
    values.set(full, text);
    if (inputs.secrets.has(key)) secrets.add(full);
  }
  return { values, secrets, secretsKnown, ...(plainInSecret !== undefined ? { plainInSecret } : {}) };
}

/** Whether the setting `key` (full key) was given as a secret; undefined when the request could not say. */
export function isSecretIn(config: ProviderConfig, key: string): boolean | undefined {
  return config.secretsKnown ? config.secrets.has(key) : undefined;
}

export function configSources(config: ProviderConfig, env: Readonly<Record<string, string | undefined>>): SettingsSources {
  return {
    config: (key) => config.values.get(key),
    env,
    keys: () => [...config.values.keys()],
    isSecret: (key) => isSecretIn(config, key),
    ...(config.plainInSecret !== undefined ? { plainInSecret: config.plainInSecret } : {}),
  };
}

/**
 * A failure names the setting unless its value may be a secret: the engine prints a failure's property
 * with its value (issueCheckFailures in pkg/resource/deploy/step_generator.go), and a secret stored in
 * plain text would be printed in plain text. The message names the key either way.
 */
function failure(key: string, reason: string): CheckFailure {
  const setting = key.startsWith(`${CONFIG_NAMESPACE}:`) ? key.slice(CONFIG_NAMESPACE.length + 1) : key;
  const mayHoldSecret = setting === PROFILES_KEY || !(SETTING_KEYS as readonly string[]).includes(setting) || isSecretSetting(setting);
  return { property: mayHoldSecret ? '' : setting, reason };
}

function isSecretSetting(key: string): boolean {
  return metaOf(key as SettingKey).secret === true;
}

/**
 * Every problem with the provider's configuration, one failure per setting: unknown keys, secrets given in
 * plain text, malformed values and profiles. Missing credentials are not a problem here: a resource may
 * name its organization, and the environment may hold them when a resource is checked. What a TypeScript
 * program's preflight refuses is refused here (CheckConfig) before any resource is checked, except a
 * secret in plain text, which only Configure can see (ProviderConfig.secretsKnown).
 */
export function checkProviderConfig(config: ProviderConfig, env: Readonly<Record<string, string | undefined>>): CheckFailure[] {
  const sources = configSources(config, env);
  const failures: CheckFailure[] = [];
  const reported = new Set<string>();
  for (const key of config.values.keys()) {
    const problems = configKeyProblems({ ...sources, keys: () => [key] });
    for (const problem of problems) failures.push(failure(key, problem));
    if (problems.length > 0) reported.add(key);
  }
  // Each value as the settings code will read it (the environment counts, as it will then); a credential
  // only when set, since a resource may name its own organization.
  for (const key of SETTING_KEYS) {
    if (reported.has(`${CONFIG_NAMESPACE}:${key}`)) continue;
    const lookup = lookupGlobal(sources, key);
    if (metaOf(key).credential === true && lookup.value === undefined) continue;
    try {
      readSetting(key, lookup);
    } catch (error) {
      if (!(error instanceof ConfigurationError)) throw error;
      failures.push(failure(key, error.message));
    }
  }
  if (!reported.has(`${CONFIG_NAMESPACE}:${PROFILES_KEY}`)) {
    try {
      parseProfiles(sources.config(`${CONFIG_NAMESPACE}:${PROFILES_KEY}`));
    } catch (error) {
      failures.push(failure(PROFILES_KEY, messageOf(error)));
    }
  }
  return failures;
}

/**
 * Whether DiffConfig answers "unknown" rather than "none": when no setting's value changed. It receives no secret
 * marks, so a setting stored again without `--secret` looks unchanged, and the engine would then configure the
 * provider with the configuration it stored before (SameStep.Apply in pkg/resource/deploy/step.go of
 * github.com/pulumi/pulumi), never showing Configure the plain text, and record the plain text in the state. On
 * "unknown" the engine compares the stored configuration with the new one itself, secret marks included
 * (Registry.Diff in pkg/resource/deploy/providers/registry.go): equal is no change; a mark that differs is an
 * update, whose Configure gets the new configuration and refuses the plain text before anything is written.
 */
export function engineDecidesConfigDiff(changed: readonly string[]): boolean {
  return changed.length === 0;
}

/**
 * Which settings changed. A change of configuration never replaces resources: credentials and endpoints
 * choose how the provider reaches an object, not which object it is (a resource's organization is its
 * own input), so moving a stack to this provider or rotating a key touches no live object.
 */
export function diffProviderConfig(olds: Decoded, news: Decoded): string[] {
  const keys = new Set([...Object.keys(olds.values), ...Object.keys(news.values)]);
  const changed: string[] = [];
  for (const key of keys) {
    if (ENGINE_KEYS.includes(key)) continue;
    const [before, after] = [olds.values[key], news.values[key]];
    if (containsUnknown(after) || !sameValue(asText(before), asText(after)) || olds.secrets.has(key) !== news.secrets.has(key)) {
      changed.push(key);
    }
  }
  return changed.sort();
}
