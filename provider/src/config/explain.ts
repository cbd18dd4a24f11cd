// Service answers that point at configuration, said in the words of the configuration: an organization that
// does not exist, an API key the organization does not know, a key that may not do something (no policy
// allows its user the activity, or one denies it), an endpoint
// nobody answers at, an on-ramp secret encrypted to the wrong key. Each message names the value (public keys
// in full, never a private key), the setting it came from, and what to check. Other errors pass unchanged.
import {
  ConfigurationError,
  ConnectionError,
  InvalidRequestError,
  NotFoundError,
  PermissionDeniedError,
  PolicyDeniedError,
  TimeoutError,
  UnauthenticatedError,
  WalletInfraError,
} from '@walletinfra/sdk/errors';
import { CONFIG_NAMESPACE } from './settings';
import { lookupGlobal, lookupProfile, parseProfiles, present, type Lookup, type SettingsSelector, type SettingsSources } from './sources';

/** A setting's value and where it came from, for messages. */
interface Origin {
  value: string;
  from: string;
}

function originOf(
  sources: SettingsSources,
  selector: SettingsSelector,
  key: 'organizationId' | 'apiPublicKey' | 'baseUrl' | 'onRampEncryptionPublicKey',
  fallback: string,
): Origin {
  let lookup: Lookup = { places: [] };
  try {
    if (selector.profile !== undefined) {
      lookup = lookupProfile(sources, parseProfiles(sources.config(`${CONFIG_NAMESPACE}:profiles`)), selector.profile, key);
    }
    if (lookup.value === undefined) lookup = lookupGlobal(sources, key);
  } catch {
    // A profile problem is reported by settings resolution itself; here we only describe.
  }
  const configured = lookup.value?.trim().replace(/\/+$/, '');
  // `check` records the configured organization as the resource's input: only a different one was the user's.
  if (key === 'organizationId' && present(selector.organizationId) && selector.organizationId !== configured) {
    return { value: selector.organizationId, from: 'the resource input organizationId' };
  }
  if (configured === undefined) return { value: fallback, from: `the default (nothing sets ${CONFIG_NAMESPACE}:${key})` };
  return { value: configured, from: lookup.source ?? '' };
}

/** `create_policy` of `/public/v1/submit/create_policy`. */
function activityOf(error: WalletInfraError): string {
  return error.operation?.split('/').pop() ?? 'do this';
}

function isCode(error: WalletInfraError, code: string, text: RegExp): boolean {
  return error.turnkeyErrorCode === code || text.test(error.serviceMessage ?? error.message);
}

export interface ExplainContext {
  sources: SettingsSources;
  selector: SettingsSelector;
  /** The settings in force (resolved), for values that have defaults. */
  baseUrl: string;
  onRampEncryptionPublicKey?: string;
}

/**
 * The configuration-level reading of `error`, or `error` itself when it says nothing about configuration.
 * The result keeps the original's class and code, so callers can still react to them.
 */
export function explainServiceError(error: unknown, ctx: ExplainContext): unknown {
  if (!(error instanceof WalletInfraError) || error instanceof ConfigurationError) return error;
  const base = originOf(ctx.sources, ctx.selector, 'baseUrl', ctx.baseUrl);
  const at = `${base.value} (${CONFIG_NAMESPACE}:baseUrl from ${base.from})`;
  const init = {
    cause: error,
    ...(error.operation !== undefined ? { operation: error.operation } : {}),
    ...(error.status !== undefined ? { status: error.status } : {}),
    ...(error.turnkeyErrorCode !== undefined ? { turnkeyErrorCode: error.turnkeyErrorCode } : {}),
  };
  const service = `(the service said: ${error.message})`;

  if (isCode(error, 'INVALID_ORGANIZATION_ID', /malformed organization id/i)) {
    const org = originOf(ctx.sources, ctx.selector, 'organizationId', '');
    return new InvalidRequestError(
      `organization id ${JSON.stringify(org.value)} (from ${org.from}) is not an organization id (a UUID such as ` +
        `1f1c7a1e-0000-4000-8000-000000000000): copy it from the dashboard ${service}`,
      init,
    );
  }
  if (isCode(error, 'ORGANIZATION_NOT_FOUND', /no organization found/i)) {
    const org = originOf(ctx.sources, ctx.selector, 'organizationId', '');
    return new NotFoundError(
      `organization ${org.value} (from ${org.from}) does not exist at ${at}: check that the organization id is right ` +
        `(the dashboard shows it; an API key's organization is the one it was created in) and that baseUrl points at the service that holds it ${service}`,
      init,
    );
  }
  if (error instanceof UnauthenticatedError || isCode(error, 'PUBLIC_KEY_NOT_FOUND', /could not find public key/i)) {
    const key = originOf(ctx.sources, ctx.selector, 'apiPublicKey', '');
    const org = originOf(ctx.sources, ctx.selector, 'organizationId', '');
    return new UnauthenticatedError(
      `API key ${key.value} (from ${key.from}) is not accepted by organization ${org.value} (from ${org.from}) at ${at}: ` +
        `the key may have been deleted, revoked or expired, or belong to another organization. Check that the key still exists ` +
        `in that organization, or create a new API key and set both ${CONFIG_NAMESPACE}:apiPublicKey and ` +
        `${CONFIG_NAMESPACE}:apiPrivateKey (\`pulumi config set --secret ${CONFIG_NAMESPACE}:apiPrivateKey <hex>\`) ${service}`,
      init,
    );
  }
  if (error instanceof PolicyDeniedError) {
    const key = originOf(ctx.sources, ctx.selector, 'apiPublicKey', '');
    const org = originOf(ctx.sources, ctx.selector, 'organizationId', '');
    const denying = (error.policyEvaluations ?? []).filter((e) => e.outcome === 'OUTCOME_DENY_EXPLICIT').map((e) => e.policyId);
    const why =
      denying.length > 0
        ? `policies ${denying.join(', ')} deny it (a deny wins over every allow). Check those policies`
        : `no policy of the organization allows it for the key's user, which is not a root user. Check the policies ` +
          `that would allow it (their consensus must approve this user or key, and their condition match the activity)`;
    return new PolicyDeniedError(
      `API key ${key.value} (from ${key.from}) may not ${activityOf(error)} in organization ${org.value} (from ${org.from}): ` +
        `${why}, or use the key of a root user (root users are not subject to policies) ${service}`,
      { ...init, policyEvaluations: error.policyEvaluations ?? [] },
    );
  }
  if (error instanceof PermissionDeniedError) {
    const key = originOf(ctx.sources, ctx.selector, 'apiPublicKey', '');
    const org = originOf(ctx.sources, ctx.selector, 'organizationId', '');
    return new PermissionDeniedError(
      `API key ${key.value} (from ${key.from}) may not ${activityOf(error)} in organization ${org.value} (from ${org.from}), ` +
        `whatever the policies say: check that the key belongs to a user of that organization (a parent organization's key ` +
        `may only read its sub-organizations: write with the sub-organization's own key, e.g. through a profile in ` +
        `${CONFIG_NAMESPACE}:profiles) and that the operation is open to it ${service}`,
      init,
    );
  }
  if (error instanceof ConnectionError || error instanceof TimeoutError) {
    const what = error instanceof TimeoutError ? 'did not answer in time' : 'could not be reached';
    return new (error instanceof TimeoutError ? TimeoutError : ConnectionError)(
      `the service at ${at} ${what}: check that it is running and that ${CONFIG_NAMESPACE}:baseUrl is its address ` +
        `(a local emulator prints its own when it starts) (${error.message})`,
      init,
    );
  }
  if (error instanceof InvalidRequestError && /encrypted(Secret|Private)ApiKey/.test(error.message) && /decrypt/i.test(error.message)) {
    const key = originOf(ctx.sources, ctx.selector, 'onRampEncryptionPublicKey', ctx.onRampEncryptionPublicKey ?? '');
    return new InvalidRequestError(
      `the service could not decrypt the on-ramp secret (secretApiKey/privateApiKey): the provider encrypted it to ` +
        `${CONFIG_NAMESPACE}:onRampEncryptionPublicKey = ${key.value} (from ${key.from}), which is not the key of the service at ${at}. ` +
        `Against the real service leave the setting unset (the production key is the default); against the emulator set it to ` +
        `the key its GET /__admin/onramp-encryption-key returns ${service}`,
      init,
    );
  }
  return error;
}
