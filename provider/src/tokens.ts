// Type tokens, built and read in one place (https://www.pulumi.com/docs/iac/extending-pulumi/schema/#token:
// `<package>:<module>:<name>`, every name in the one module `index`): a kind's native token, the token dynamic
// resources record in the state (which each native type is aliased to), a data source's function token. The
// kind a token names is `kindOfToken` of ./resources/kinds.ts.

/** The package, and the type-token namespace every kind shares: `walletinfra:index:Policy`, `pulumi-nodejs:dynamic/walletinfra:Policy`. */
export const PACKAGE = 'walletinfra';

/** The schema's module: everything lives in `index`, so SDKs have one flat namespace. */
export const MODULE = 'index';

/** What Pulumi's dynamic resources record before a package's own type: `pulumi-nodejs:dynamic/`. */
const DYNAMIC_PREFIX = 'pulumi-nodejs:dynamic/';

/** `walletinfra:index:Policy`: a resource kind's token (also `Kind.nativeToken`). */
export function resourceToken(type: string): string {
  return `${PACKAGE}:${MODULE}:${type}`;
}

/** `pulumi-nodejs:dynamic/walletinfra:Policy`: the type dynamic resources record, which each native type is aliased to. */
export function dynamicToken(type: string): string {
  return `${DYNAMIC_PREFIX}${PACKAGE}:${type}`;
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

/**
 * The type a resource token of this package names, dynamic (`pulumi-nodejs:dynamic/walletinfra:Policy`) or native
 * (`walletinfra:index:Policy`): `Policy`; undefined for any other token.
 */
export function typeOfToken(token: string): string | undefined {
  const dynamic = `${DYNAMIC_PREFIX}${PACKAGE}:`;
  const native = `${PACKAGE}:${MODULE}:`;
  const rest = token.startsWith(dynamic) ? token.slice(dynamic.length) : token.startsWith(native) ? token.slice(native.length) : undefined;
  return rest !== undefined && rest !== '' && !rest.includes(':') ? rest : undefined;
}
