// The names the native provider gives the outside world beyond its type tokens (../tokens.ts): the package
// each generated SDK is published as, and how a property, type or enum member is named in each language. The
// schema (./schema), the docs (docs/native/), the end-to-end tests and the tools that write programs for
// native stacks read them here.

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
