// Which leaves of a structured stack config value the stack's config file stores in plain text. Pulumi marks a
// structured value secret as a whole when any one of its leaves is encrypted (object.Secure in
// sdk/go/common/resource/config/object.go of github.com/pulumi/pulumi), and that whole-value mark is all the
// engine passes on: to the program (`pulumi.runtime.isConfigSecret`, PULUMI_CONFIG_SECRET_KEYS) and to a native
// provider (GetPackageConfig in pkg/resource/deploy/target.go marks the value secret when Secure() is true). So
// `walletinfra:profiles` with one profile's key set with `--secret --path` and another's without arrives as one
// secret value, and only the file tells the plain leaf apart: Pulumi writes an encrypted leaf as
// `{secure: <ciphertext>}` and a plain one as its value
// (https://www.pulumi.com/docs/iac/concepts/config/#structured-configuration).
//
// The file is `Pulumi.<stack>.yaml` in the project's directory, or in its `stackConfigDir`
// (https://www.pulumi.com/docs/iac/concepts/projects/project-file/); the stack's short name is the last part of
// `org/project/stack`. When the file cannot be found or read, nothing is known beyond the engine's mark.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { parse } from 'yaml';
import { CONFIG_NAMESPACE, metaOf, PROFILE_KEYS, PROFILES_KEY } from './settings';

/** The stack config file a value was read from, and the leaves (`dev.apiPrivateKey`) it stores in plain text. */
export interface PlainLeaves {
  file: string;
  paths: string[];
}

const PROJECT_FILES = ['Pulumi.yaml', 'Pulumi.yml'];

/** The directory of the nearest Pulumi.yaml at or above `dir` (a program's `main` may be below the project). */
function projectRoot(dir: string): string | undefined {
  for (let at = resolve(dir); ; at = dirname(at)) {
    if (PROJECT_FILES.some((f) => existsSync(join(at, f)))) return at;
    if (dirname(at) === at) return undefined;
  }
}

function readYaml(path: string): unknown {
  return parse(readFileSync(path, 'utf8')) as unknown;
}

/** `Pulumi.<stack>.yaml` of the project at or above `dir`, when there is one. */
export function stackConfigFile(dir: string, stack: string): string | undefined {
  const root = projectRoot(dir);
  if (root === undefined || stack === '') return undefined;
  const project = PROJECT_FILES.map((f) => join(root, f)).find((p) => existsSync(p));
  const settings = project !== undefined ? readYaml(project) : undefined;
  const configDir =
    typeof settings === 'object' && settings !== null && typeof (settings as { stackConfigDir?: unknown }).stackConfigDir === 'string'
      ? (settings as { stackConfigDir: string }).stackConfigDir
      : '';
  const short = stack.split('/').pop() ?? stack;
  return ['yaml', 'yml'].map((ext) => join(root, configDir, `Pulumi.${short}.${ext}`)).find((p) => existsSync(p));
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * The leaves named `leaf` (one level below each entry: `<entry>.<leaf>`) of the structured value `key` that the
 * stack config file stores in plain text; undefined when the file cannot be found or read.
 */
export function plainLeaves(dir: string, stack: string, key: string, leaves: readonly string[]): PlainLeaves | undefined {
  try {
    const file = stackConfigFile(dir, stack);
    if (file === undefined) return undefined;
    const doc = readYaml(file);
    const config = isObject(doc) ? doc.config : undefined;
    const value = isObject(config) ? config[key] : undefined;
    if (!isObject(value)) return { file, paths: [] };
    const paths = Object.entries(value).flatMap(([entry, fields]) =>
      isObject(fields)
        ? leaves.filter((l) => fields[l] !== undefined && fields[l] !== null && !isObject(fields[l])).map((l) => `${entry}.${l}`)
        : [],
    );
    return { file, paths };
  } catch {
    return undefined;
  }
}

/**
 * `SettingsSources.plainInSecret` for a program or provider of the stack `stack` running in `dir`: the profiles'
 * secret keys (`walletinfra:profiles.<name>.apiPrivateKey`) the stack config file stores in plain text. The file
 * is read once per call site's first question, and not at all for other keys.
 */
export function stackFileSecrecy(dir: string, stack: string): (key: string) => PlainLeaves | undefined {
  let read: { value: PlainLeaves | undefined } | undefined;
  const secretLeaves = PROFILE_KEYS.filter((k) => metaOf(k).secret === true);
  return (key) => {
    if (key !== `${CONFIG_NAMESPACE}:${PROFILES_KEY}`) return undefined;
    read ??= { value: plainLeaves(dir, stack, key, secretLeaves) };
    return read.value;
  };
}
