// Every `walletinfra:*` setting, declared once as a zod schema over the text stack config and the
// environment hold: its type, its default, its check and what the README says of it. The known keys, the
// "unknown key" message, the profile keys and the setting types all derive from this one declaration.
import { PRODUCTION_ON_RAMP_ENCRYPTION_PUBLIC_KEY } from '@walletinfra/sdk/crypto';
import { DEFAULT_AUTH_PROXY_URL, DEFAULT_BASE_URL, DEFAULT_RETRY_OPTIONS, DEFAULT_TIMEOUT_MS, ServiceUrl } from '@walletinfra/sdk/options';
import { z } from 'zod';

/** `walletinfra:policyLint`: findings are warnings (`warn`, the default), errors (`error`), or not looked for (`off`). */
export const LINT_LEVELS = ['warn', 'error', 'off'] as const;
export type LintLevel = (typeof LINT_LEVELS)[number];

export const CONFIG_NAMESPACE = 'walletinfra';

/** What the README and the error messages say about a setting besides its schema. */
export interface SettingMeta {
  description: string;
  /** A `walletinfra:profiles.<name>` entry may set it too. */
  perProfile?: boolean;
  /** Must be stored with `pulumi config set --secret` (it is shown only as a fingerprint). */
  secret?: boolean;
  /** Read after `WALLETINFRA_<KEY>`: the variable the service's own SDK examples use. */
  alsoEnv?: string;
  /** One of the three credentials, which a profile must supply together. */
  credential?: boolean;
}

export const settingMeta = z.registry<SettingMeta>();

const text = (problem: string) => z.string().trim().min(1, { error: problem });

// A function, not a shared constant: each setting needs a schema object of its own to carry its metadata.
const hex = () =>
  text('must be a hex string')
    .regex(/^[0-9a-fA-F]+$/, { error: 'must be a hex string' })
    .transform((v) => v.toLowerCase());

function integer(min: number, unit: string) {
  const error = `must be an integer >= ${min} (${unit})`;
  return z
    .string()
    .trim()
    .regex(/^[0-9]+$/, { error })
    .transform(Number)
    .pipe(z.number().int().min(min, { error }).max(Number.MAX_SAFE_INTEGER, { error }));
}

const boolean = () =>
  z
    .string()
    .trim()
    .toLowerCase()
    .pipe(z.enum(['true', '1', 'false', '0'], { error: 'must be true or false' }))
    .transform((v) => v === 'true' || v === '1');

export const SettingsSchema = z.object({
  organizationId: text('must not be empty').register(settingMeta, {
    description: 'The organization the stack manages (a resource or data source may name another with `organizationId`).',
    perProfile: true,
    credential: true,
    alsoEnv: 'TURNKEY_ORGANIZATION_ID',
  }),
  apiPublicKey: hex().register(settingMeta, {
    description: 'Public half of the API key that signs requests (compressed P-256, hex).',
    perProfile: true,
    credential: true,
    alsoEnv: 'TURNKEY_API_PUBLIC_KEY',
  }),
  apiPrivateKey: hex().register(settingMeta, {
    description: 'Private half of the API key (hex); set it with `--secret`.',
    perProfile: true,
    credential: true,
    secret: true,
    alsoEnv: 'TURNKEY_API_PRIVATE_KEY',
  }),
  baseUrl: ServiceUrl.default(DEFAULT_BASE_URL).register(settingMeta, {
    description: 'The API endpoint: the origin only, without `/public/v1`; the local emulator prints its own.',
    perProfile: true,
    alsoEnv: 'TURNKEY_BASE_URL',
  }),
  authProxyUrl: ServiceUrl.default(DEFAULT_AUTH_PROXY_URL).register(settingMeta, {
    description: 'The authentication proxy (wallet-kit configuration lookups).',
    perProfile: true,
  }),
  authProxyConfigId: text('must not be empty').optional().register(settingMeta, {
    description: 'Sent as `X-Auth-Proxy-Config-Id` by the wallet-kit lookup.',
  }),
  onRampEncryptionPublicKey: hex().default(PRODUCTION_ON_RAMP_ENCRYPTION_PUBLIC_KEY).register(settingMeta, {
    description:
      "The service's key that on-ramp secrets are encrypted to; the production key by default, the emulator's from its `/__admin/onramp-encryption-key`.",
    perProfile: true,
  }),
  requestTimeoutMs: integer(1, 'milliseconds').default(DEFAULT_TIMEOUT_MS).register(settingMeta, {
    description: 'Timeout of one HTTP attempt.',
  }),
  maxRetries: integer(0, 'retries')
    .default(DEFAULT_RETRY_OPTIONS.maxAttempts - 1)
    .register(settingMeta, {
      description:
        'Retries of a request after a server error (500, 502, 504), a dropped connection or a timeout. Rate limits are retried by time instead (`retryBudgetMs`).',
    }),
  retryBudgetMs: integer(0, 'milliseconds').default(DEFAULT_RETRY_OPTIONS.maxElapsedMs).register(settingMeta, {
    description:
      'How long one request keeps retrying: rate limits (429, 503) are retried until it is spent, honouring `Retry-After`, with a progress line while it waits. A write whose response was lost is then looked up before the provider gives up.',
  }),
  consensusTimeoutMs: integer(0, 'milliseconds').default(60_000).register(settingMeta, {
    description: 'How long a write that needs approval waits for the votes before failing with what to approve.',
  }),
  maxConcurrentRequests: integer(1, 'requests').default(4).register(settingMeta, {
    description: 'Requests in flight per organization.',
  }),
  allowLoopbackWebhookUrls: boolean().default(false).register(settingMeta, {
    description: 'Accept `http://` and loopback webhook URLs (an emulator started with `allowLoopbackWebhooks`).',
  }),
  policyLint: z
    .string()
    .trim()
    .toLowerCase()
    .pipe(z.enum(LINT_LEVELS, { error: 'must be warn, error or off' }))
    .default('warn')
    .register(settingMeta, {
      description:
        "What a Policy's preview does with the policy linter's findings (docs/policy-lint.md): `warn` shows them as warnings, " +
        "`error` fails the preview, `off` skips the linter. A policy's notes silence one rule for it with `lint-ignore: <rule>`.",
    }),
});

export type SettingKey = keyof typeof SettingsSchema.shape;
export type Settings = z.output<typeof SettingsSchema>;

/** Every setting key, plus `profiles` (named credentials, a structured value of its own). */
export const SETTING_KEYS = Object.keys(SettingsSchema.shape) as SettingKey[];
export const PROFILES_KEY = 'profiles';
export const KNOWN_KEYS: readonly string[] = [...SETTING_KEYS, PROFILES_KEY];

export function metaOf(key: SettingKey): SettingMeta {
  const meta = settingMeta.get(SettingsSchema.shape[key]);
  if (meta === undefined) throw new Error(`setting ${key} has no description`);
  return meta;
}

/** Keys a `walletinfra:profiles` entry may hold. */
export const PROFILE_KEYS = SETTING_KEYS.filter((k) => metaOf(k).perProfile === true);
export type ProfileKey = (typeof PROFILE_KEYS)[number];

export const CREDENTIAL_KEYS = SETTING_KEYS.filter((k) => metaOf(k).credential === true) as Array<
  'organizationId' | 'apiPublicKey' | 'apiPrivateKey'
>;

/** The value when nothing sets it (undefined for a setting without a default). */
export function defaultOf<K extends SettingKey>(key: K): Settings[K] {
  return SettingsSchema.shape[key].parse(undefined) as Settings[K];
}

/** Parses one setting's text: the value, or the problem in words ("must be an integer >= 1 (milliseconds)"). */
export function parseSetting<K extends SettingKey>(key: K, value: string): { value: Settings[K] } | { problem: string } {
  const parsed = SettingsSchema.shape[key].safeParse(value);
  if (parsed.success) return { value: parsed.data as Settings[K] };
  return { problem: parsed.error.issues[0]?.message ?? 'is not valid' };
}
