// Turning a found setting into a value, with errors that name the setting, where it came from, the value
// (never for a key or a URL with credentials) and how to set it right.
import { ConfigurationError } from '@walletinfra/sdk/errors';
import { CONFIG_NAMESPACE, metaOf, parseSetting, type SettingKey, type Settings } from './settings';
import type { Lookup } from './sources';

/** The value is shown only where it cannot be a secret. */
function shown(key: SettingKey, value: string): string {
  if (metaOf(key).secret === true || key === 'apiPublicKey' || key === 'onRampEncryptionPublicKey') return '';
  if (/\/\/[^/]*@/.test(value)) return '';
  return `, got ${JSON.stringify(value)}`;
}

function fix(key: SettingKey, source: string): string {
  if (!source.startsWith('stack config')) return '';
  const secret = metaOf(key).secret === true ? ' --secret' : '';
  const path = source.slice('stack config '.length);
  const flag = path.includes('.') ? ` --path '${path}'` : ` ${path}`;
  return `; set it with \`pulumi config set${secret}${flag} <value>\``;
}

/** The setting's value from `lookup`, or its default when nothing set it. */
export function readSetting<K extends SettingKey>(key: K, lookup: Lookup): Settings[K] {
  const raw = lookup.value;
  const parsed = parseSetting(key, raw as string);
  if ('value' in parsed) return parsed.value;
  const source = lookup.source ?? `stack config ${CONFIG_NAMESPACE}:${key}`;
  throw new ConfigurationError(`${key} from ${source} ${parsed.problem}${raw === undefined ? '' : shown(key, raw)}${fix(key, source)}`);
}
