// Settings are read at call time (rotated credentials apply at once), but resolving them (profiles,
// validation, key checks) costs far more than reading the raw values. A resolution is remembered with
// every config key and environment variable it read (and the key list, for the unknown-key check); the next call with the same selector re-reads just
// those and reuses the result when none changed. Failures are not remembered.
import type { SettingsSelector, SettingsSources } from './sources';

interface Entry<T> {
  config: Map<string, string | undefined>;
  env: Map<string, string | undefined>;
  /** The stack config's key list and secrecy answers, when the resolution asked (unknown-key checks). */
  keys?: string;
  secret: Map<string, boolean | undefined>;
  value: T;
}

/** `resolve(sources, selector)`, memoised per selector on the exact values it read. */
export function memoizeResolution<T>(
  resolve: (sources: SettingsSources, selector: SettingsSelector) => T,
): (sources: SettingsSources, selector: SettingsSelector) => T {
  const entries = new Map<string, Entry<T>>();
  return (sources, selector) => {
    const key = JSON.stringify(selector ?? {});
    const hit = entries.get(key);
    if (hit !== undefined && unchanged(hit, sources)) return hit.value;
    const config = new Map<string, string | undefined>();
    const env = new Map<string, string | undefined>();
    const secret = new Map<string, boolean | undefined>();
    let keys: string | undefined;
    const listKeys = sources.keys;
    const isSecret = sources.isSecret;
    const recording: SettingsSources = {
      ...(listKeys !== undefined
        ? {
            keys: () => {
              const list = listKeys();
              keys = JSON.stringify(list);
              return list;
            },
          }
        : {}),
      ...(isSecret !== undefined
        ? {
            isSecret: (k: string) => {
              const v = isSecret(k);
              secret.set(k, v);
              return v;
            },
          }
        : {}),
      config: (k) => {
        const v = sources.config(k);
        config.set(k, v);
        return v;
      },
      env: new Proxy(sources.env, {
        get(target, k) {
          const v = Reflect.get(target, k) as unknown as string | undefined;
          if (typeof k === 'string') env.set(k, v);
          return v;
        },
        has(target, k) {
          if (typeof k === 'string') env.set(k, Reflect.get(target, k));
          return Reflect.has(target, k);
        },
        ownKeys() {
          // a resolution that enumerates the environment cannot be checked key by key
          throw new Error('settings resolution enumerated the environment');
        },
      }),
    };
    let value: T;
    try {
      value = resolve(recording, selector);
    } catch (e) {
      if (e instanceof Error && e.message === 'settings resolution enumerated the environment') return resolve(sources, selector);
      throw e;
    }
    entries.set(key, { config, env, secret, ...(keys !== undefined ? { keys } : {}), value });
    return value;
  };
}

function unchanged<T>(entry: Entry<T>, sources: SettingsSources): boolean {
  for (const [k, v] of entry.config) if (sources.config(k) !== v) return false;
  for (const [k, v] of entry.env) if (sources.env[k] !== v) return false;
  if (entry.keys !== undefined && JSON.stringify(sources.keys?.() ?? []) !== entry.keys) return false;
  for (const [k, v] of entry.secret) if (sources.isSecret?.(k) !== v) return false;
  return true;
}
