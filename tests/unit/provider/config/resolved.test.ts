// Settings resolution is remembered per selector on the exact config keys and environment variables it
// read: the same answer while none of them changes, a fresh one as soon as one does (rotated credentials
// apply at once), and failures are never remembered.
import { memoizeResolution } from '@walletinfra/pulumi/config/resolved';
import type { SettingsSelector, SettingsSources } from '@walletinfra/pulumi';

function counting() {
  let calls = 0;
  const resolve = (sources: SettingsSources, selector: SettingsSelector) => {
    calls += 1;
    const key = sources.env[`KEY_${selector.profile ?? 'DEFAULT'}`];
    if (key === undefined) throw new Error('no key');
    return { key, url: sources.config('ns:baseUrl') ?? 'default' };
  };
  return { resolve: memoizeResolution(resolve), calls: () => calls };
}

test('reuses a resolution while what it read is unchanged, per selector', () => {
  const { resolve, calls } = counting();
  const env: Record<string, string | undefined> = { KEY_DEFAULT: 'a', KEY_EU: 'e', UNRELATED: '1' };
  const config = new Map<string, string>();
  const sources = (): SettingsSources => ({ config: (k) => config.get(k), env });
  const first = resolve(sources(), {});
  expect(resolve(sources(), {})).toBe(first);
  env.UNRELATED = '2';
  expect(resolve(sources(), {})).toBe(first);
  expect(calls()).toBe(1);
  expect(resolve(sources(), { profile: 'EU' })).toEqual({ key: 'e', url: 'default' });
  expect(calls()).toBe(2);
});

test('a changed environment variable or config value it read gives a fresh resolution', () => {
  const { resolve, calls } = counting();
  const env: Record<string, string | undefined> = { KEY_DEFAULT: 'a' };
  const config = new Map<string, string>();
  const sources = (): SettingsSources => ({ config: (k) => config.get(k), env });
  expect(resolve(sources(), {})).toEqual({ key: 'a', url: 'default' });
  env.KEY_DEFAULT = 'rotated';
  expect(resolve(sources(), {})).toEqual({ key: 'rotated', url: 'default' });
  config.set('ns:baseUrl', 'http://127.0.0.1:1');
  expect(resolve(sources(), {})).toEqual({ key: 'rotated', url: 'http://127.0.0.1:1' });
  expect(calls()).toBe(3);
});

test('failures are not remembered', () => {
  const { resolve, calls } = counting();
  const env: Record<string, string | undefined> = {};
  const sources = (): SettingsSources => ({ config: () => undefined, env });
  expect(() => resolve(sources(), {})).toThrow('no key');
  expect(() => resolve(sources(), {})).toThrow('no key');
  env.KEY_DEFAULT = 'now set';
  expect(resolve(sources(), {})).toEqual({ key: 'now set', url: 'default' });
  expect(calls()).toBe(3);
});
