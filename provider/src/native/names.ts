// Every name the native provider gives the outside world, in one place: the package, the type tokens of
// resources, functions and types, the tokens its resources are aliased to (what dynamic resources record in
// the state), and the package each generated SDK is published as. The schema (./schema), the docs
// (docs/native/), the end-to-end tests and the tools that write programs for native stacks read them here.
// Token format: https://www.pulumi.com/docs/iac/extending-pulumi/schema/#token (`<package>:<module>:<name>`,
// every name in the one module `index`).

/** The package, and the type-token namespace every kind shares: `walletinfra:index:Policy`, `pulumi-nodejs:dynamic/walletinfra:Policy`. */
export const PACKAGE = 'walletinfra';

/** The schema's module: everything lives in `index`, so SDKs have one flat namespace. */
export const MODULE = 'index';

/** `walletinfra:index:Policy`: a resource kind's token (also `Kind.nativeToken`). */
export function resourceToken(type: string): string {
  return `${PACKAGE}:${MODULE}:${type}`;
}

/** `pulumi-nodejs:dynamic/walletinfra:Policy`: the type dynamic resources record, which each native type is aliased to. */
export function dynamicToken(type: string): string {
  return `pulumi-nodejs:dynamic/${PACKAGE}:${type}`;
}

/** `walletinfra:index:getPolicies`: a data source's function token (its program-side name, `getPolicies`). */
export function functionToken(name: string): string {
  return `${PACKAGE}:${MODULE}:${name}`;
}

/** `walletinfra:index:PolicyEffect`: an object or enum type's token. */
export function typeToken(name: string): string {
  return `${PACKAGE}:${MODULE}:${name}`;
}

/** The name in a token: `Policy` of `walletinfra:index:Policy`. */
export function nameOfToken(token: string): string {
  return token.slice(token.lastIndexOf(':') + 1);
}

/** The published name of each generated SDK, as the schema's `language` section declares it. */
export const SDK_PACKAGES = {
  /** npm; the dynamic resources stay `@walletinfra/pulumi`. */
  nodejs: '@walletinfra/pulumi-native',
  /** PyPI distribution `pulumi-walletinfra`, imported as `pulumi_walletinfra`. */
  python: 'pulumi_walletinfra',
  /**
   * The Go module a generated SDK's go.mod declares (`pulumi package gen-sdk --language go` writes the package
   * under `go/walletinfra`); programs import the package path below.
   */
  goModule: 'github.com/walletinfra/walletinfra/sdk',
  /** The Go package path programs import (the schema's `importBasePath`). */
  goImport: 'github.com/walletinfra/walletinfra/sdk/go/walletinfra',
} as const;

/**
 * Python's name of a property, function or enum member: snake_case as Pulumi's Python generator makes it
 * (`pyName` in pkg/codegen/python/utilities.go of github.com/pulumi/pulumi: an acronym stays one word,
 * `SHA256Hash` → `sha256_hash`, and digits join the word before them).
 */
export function pythonName(name: string): string {
  const components: string[] = [];
  let current = '';
  let state: 'first' | 'upper' | 'acronym' | 'lower' = 'first';
  for (const c of name) {
    const upper = c >= 'A' && c <= 'Z';
    const digit = c >= '0' && c <= '9';
    if (state === 'first') {
      current += c.toLowerCase();
      state = upper ? 'upper' : 'lower';
    } else if (state === 'upper') {
      current += c.toLowerCase();
      state = upper ? 'acronym' : 'lower';
    } else if (state === 'acronym') {
      if (upper) current += c.toLowerCase();
      else if (digit) {
        current += c;
        state = 'lower';
      } else {
        components.push(current.slice(0, -1));
        current = current.slice(-1) + c;
        state = 'lower';
      }
    } else if (upper) {
      components.push(current);
      current = c.toLowerCase();
      state = 'upper';
    } else {
      current += c;
    }
  }
  components.push(current);
  return components.filter((c) => c !== '').join('_');
}

export function pascalCase(name: string): string {
  return name
    .split(/[^A-Za-z0-9]+/)
    .filter((part) => part !== '')
    .map((part) => part[0]!.toUpperCase() + part.slice(1))
    .join('');
}

/**
 * Enum member names from wire values: the words all values start with dropped, each word capitalised
 * (`EFFECT_ALLOW` → `Allow`, `solana:mainnet` → `Mainnet`); a mixed-case word (a hash) is kept as it is.
 */
export function enumMemberNames(values: readonly string[]): string[] {
  const words = values.map((v) => v.split(/[^A-Za-z0-9]+/).filter((w) => w !== ''));
  let shared = 0;
  const shortest = Math.min(...words.map((w) => w.length));
  while (shared < shortest - 1 && words.every((w) => w[shared] === words[0]![shared])) shared += 1;
  return words.map((w) => {
    const name = w
      .slice(shared)
      .map((part) => part[0]!.toUpperCase() + (part === part.toUpperCase() ? part.slice(1).toLowerCase() : part.slice(1)))
      .join('');
    return /^[A-Za-z]/.test(name) ? name : `Value${name}`;
  });
}

/** A list property's item in a type name: `subscriptions` → `Subscription`, `policies` → `Policy`. */
export function singular(name: string): string {
  if (/ies$/.test(name)) return `${name.slice(0, -3)}y`;
  if (/(ss|us)$/.test(name)) return name;
  if (/(ch|sh|x)es$/.test(name)) return name.slice(0, -2);
  if (/s$/.test(name)) return name.slice(0, -1);
  return `${name}Item`;
}
