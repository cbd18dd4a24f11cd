// Mistakes in the stack config's keys, found before any request is made: a `walletinfra:*` key the
// provider does not know (a typo would otherwise fall back to a default, e.g. the production endpoint), a
// setting set in the project's namespace (`pulumi config set organizationId …` without `walletinfra:`), an
// environment-variable name used as a config key, and a secret setting stored in plain text.
import { ConfigurationError } from '@walletinfra/sdk/errors';
import { closestName } from '@walletinfra/sdk/policy';
import { CONFIG_NAMESPACE, KNOWN_KEYS, metaOf, PROFILES_KEY, SETTING_KEYS, type SettingKey } from './settings';
import { envSuffix, present, type SettingsSources } from './sources';

const known = (key: string): key is SettingKey => (SETTING_KEYS as readonly string[]).includes(key);

/** `WALLETINFRA_API_PRIVATE_KEY` -> `apiPrivateKey` when it names a setting. */
function settingOfEnvName(name: string): SettingKey | undefined {
  const bare = name.replace(/^(WALLETINFRA|TURNKEY)_/i, '').toUpperCase();
  return SETTING_KEYS.find((k) => envSuffix(k) === bare);
}

function unknownKey(key: string, rest: string): string {
  const envLike = settingOfEnvName(rest);
  const guess = envLike ?? closestName(rest, KNOWN_KEYS);
  const hint = guess !== undefined ? `did you mean ${CONFIG_NAMESPACE}:${guess}? ` : '';
  return (
    `unknown stack config key ${key}: ${hint}Known keys: ${KNOWN_KEYS.join(', ')}. ` +
    `Rename it: \`pulumi config rm ${key}\` then \`pulumi config set ${guess !== undefined && isSecretKey(guess) ? '--secret ' : ''}${CONFIG_NAMESPACE}:${guess ?? '<key>'} <value>\``
  );
}

function isSecretKey(key: string): boolean {
  return known(key) && metaOf(key).secret === true;
}

/** A setting of ours written in the project's namespace, or as an environment variable name. */
function misplacedKey(key: string, sources: SettingsSources): string | undefined {
  const colon = key.indexOf(':');
  if (colon < 0) return undefined;
  const namespace = key.slice(0, colon);
  const rest = key.slice(colon + 1);
  if (namespace === CONFIG_NAMESPACE) return undefined;
  const setting = SETTING_KEYS.find((k) => k.toLowerCase() === rest.toLowerCase()) ?? settingOfEnvName(rest);
  if (setting === undefined) return undefined;
  // A setting of the program's own that happens to share the name is left alone when ours is set too.
  if (present(sources.config(`${CONFIG_NAMESPACE}:${setting}`))) return undefined;
  const secret = metaOf(setting).secret === true ? '--secret ' : '';
  return (
    `found stack config key ${key}, which the provider does not read: did you mean ${CONFIG_NAMESPACE}:${setting}? ` +
    `Move it: \`pulumi config rm ${key}\` then \`pulumi config set ${secret}${CONFIG_NAMESPACE}:${setting} <value>\``
  );
}

function plainSecret(key: string, setting: SettingKey | 'profiles'): string {
  return (
    `stack config ${key} holds ${setting === PROFILES_KEY ? 'API private keys' : 'a secret'} in plain text ` +
    `(Pulumi.<stack>.yaml is usually committed): encrypt it with \`pulumi config set --secret ${key} <value>\`` +
    (setting === PROFILES_KEY ? ` (or per key: \`pulumi config set --secret --path '${key}.<profile>.apiPrivateKey' <value>\`)` : '') +
    ', and rotate the key if the file was ever shared'
  );
}

/**
 * Profiles' API private keys stored in plain text inside a `walletinfra:profiles` that Pulumi marks secret because
 * another leaf is encrypted (./stack-file.ts): one message per key, naming the file and the per-key fix.
 */
function plainProfileKeys(key: string, sources: SettingsSources): string[] {
  const plain = sources.isSecret?.(key) === true ? sources.plainInSecret?.(key) : undefined;
  return (plain?.paths ?? []).map(
    (path) =>
      `stack config ${key}.${path} holds an API private key in plain text in ${plain?.file ?? 'the stack config file'} ` +
      `(Pulumi marks ${key} secret as a whole because another of its keys is encrypted, but this one is not): ` +
      `encrypt it with \`pulumi config set --secret --path '${key}.${path}' <value>\`, and rotate the key if the file was ever shared`,
  );
}

/** Every problem with the stack config's keys, one message each; empty when there is none. */
export function configKeyProblems(sources: SettingsSources): string[] {
  const keys = sources.keys?.() ?? [];
  const problems: string[] = [];
  for (const key of keys) {
    if (key.startsWith(`${CONFIG_NAMESPACE}:`)) {
      const rest = key.slice(CONFIG_NAMESPACE.length + 1);
      if (!KNOWN_KEYS.includes(rest)) problems.push(unknownKey(key, rest));
      else if (
        sources.isSecret?.(key) === false &&
        (isSecretKey(rest) || (rest === PROFILES_KEY && /apiPrivateKey/.test(sources.config(key) ?? '')))
      ) {
        problems.push(plainSecret(key, rest === PROFILES_KEY ? PROFILES_KEY : (rest as SettingKey)));
      } else if (rest === PROFILES_KEY) problems.push(...plainProfileKeys(key, sources));
      continue;
    }
    const misplaced = misplacedKey(key, sources);
    if (misplaced !== undefined) problems.push(misplaced);
    const colon = key.indexOf(':');
    const setting =
      settingOfEnvName(key.slice(colon + 1)) ?? SETTING_KEYS.find((k) => k.toLowerCase() === key.slice(colon + 1).toLowerCase());
    if (setting !== undefined && isSecretKey(setting) && sources.isSecret?.(key) === false) problems.push(plainSecret(key, setting));
  }
  return problems;
}

/** Throws one ConfigurationError listing every problem with the stack config's keys. */
export function checkConfigKeys(sources: SettingsSources): void {
  const problems = configKeyProblems(sources);
  if (problems.length > 0) throw new ConfigurationError(problems.join('\n'));
}
