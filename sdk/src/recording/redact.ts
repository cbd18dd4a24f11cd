// What a recording must never hold, and what stands in for it: a file a user can attach to a bug report.
// Rules by field name first (a secret, a ciphertext, a private key, an email, a phone number, a user's name,
// a URL's path), then by value anywhere in any string (email addresses, E.164 phone numbers, the values the
// caller names as secret, and the public identifiers it asks to hide: the organization's id when a recording is
// shared); JSON inside a string (a vote's signed message) is redacted as JSON. Stamps never reach a recording:
// request headers are not recorded at all.
//
// Placeholders are stable: the same value gives the same placeholder throughout a recording (an HMAC under a
// key that is never written, shared by the recording's processes), so a reader still sees that two requests
// named the same user. Placeholders keep the value's form where a replay needs one (an email stays an
// address, a phone number stays E.164, a URL keeps its origin).
import { createHmac, randomBytes } from 'node:crypto';

/** What a field's value is, for its placeholder (`identifier`: a public id the caller asked to hide). */
export type RedactedAs = 'secret' | 'email' | 'phone' | 'name' | 'contact' | 'url' | 'identifier';

/** Field names whose values are secret: keys, ciphertexts, bundles, tokens, codes, signatures. */
const SECRET_NAMES = new Set([
  'privateKey',
  'apiPrivateKey',
  'secretApiKey',
  'privateApiKey',
  'mnemonic',
  'seedPhrase',
  'otpCode',
  'token',
  'jwt',
  'session',
  'password',
  'passphrase',
  'signature',
  'stamp',
  'challenge',
  'attestation',
  'clientDataJson',
  'authenticatorData',
  'ciphertext',
  'bundle',
  'encappedPublicKey',
]);
/** Suffixes and prefixes of secret field names (`encryptedSecretApiKey`, `exportBundle`, `oidcToken`). */
const SECRET_PATTERNS: readonly RegExp[] = [
  /^encrypted[A-Z]/,
  /(PrivateKey|SecretApiKey|PrivateApiKey|Secret|Bundle|Mnemonic|Token|Ciphertext)$/,
];

/** Field names holding personal data, and the form of their placeholder. */
const PERSONAL_NAMES: Readonly<Record<string, RedactedAs>> = {
  userEmail: 'email',
  email: 'email',
  emailAddress: 'email',
  userPhoneNumber: 'phone',
  phoneNumber: 'phone',
  phone: 'phone',
  contact: 'contact',
  userName: 'name',
  username: 'name',
  authenticatorName: 'name',
  displayName: 'name',
  firstName: 'name',
  lastName: 'name',
  fullName: 'name',
  subject: 'name',
};

/** How a field's value is redacted, by the field's name; undefined: only the value rules apply. */
export function redactionOfField(name: string): RedactedAs | undefined {
  if (SECRET_NAMES.has(name) || SECRET_PATTERNS.some((p) => p.test(name))) return 'secret';
  const personal = PERSONAL_NAMES[name];
  if (personal !== undefined) return personal;
  if (name === 'url' || /Url$/.test(name)) return 'url';
  return undefined;
}

const EMAIL = /[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}/g;
const PHONE = /(?<![\w+])\+[1-9]\d{7,14}(?!\d)/g;
/** Placeholders already in a text are left as they are, so redacting twice changes nothing. */
const EMAIL_PLACEHOLDER = /^redacted-[0-9a-f]{12}@example\.com$/;
const PHONE_PLACEHOLDER = /^\+1555\d{7}$/;
/** A secret's placeholder: the replay of a recording recognises it (and cannot send the value). */
export const SECRET_PLACEHOLDER = /^<redacted:[0-9a-f]{12}>$/;
/**
 * A hidden identifier's placeholder: an id still (a replay maps it onto the emulator's own, as it maps any
 * id the recording names), but not the organization's.
 */
export const IDENTIFIER_PLACEHOLDER = /^redacted-id-[0-9a-f]{12}$/;
/** Known secrets shorter than this are not searched for in texts (they would match by chance). */
const MIN_SECRET_LENGTH = 8;

export interface RedactorOptions {
  /**
   * The key of the placeholders' HMAC: the processes of one recording share it, so a value has one
   * placeholder throughout. Never written anywhere. Default: random.
   */
  key?: Uint8Array;
  /**
   * Values removed wherever they appear, whatever the field (an API private key, a plain-text secret); a
   * function is asked at every redaction, so secrets made later in a run are covered too.
   */
  secrets?: readonly string[] | (() => readonly string[]);
  /**
   * Public identifiers hidden wherever they appear, whatever the field (the recorded organization's id, for a
   * recording shared outside the organization): each becomes `redacted-id-<12 hex>`, the same throughout.
   */
  identifiers?: readonly string[];
}

/** Redacts JSON values and texts by the rules above. */
export class Redactor {
  readonly #key: Uint8Array;
  readonly #secrets: () => readonly string[];
  readonly #identifiers: readonly string[];

  constructor(options: RedactorOptions = {}) {
    this.#key = options.key ?? new Uint8Array(randomBytes(32));
    const given = options.secrets ?? [];
    this.#secrets = typeof given === 'function' ? given : () => given;
    this.#identifiers = [...new Set(options.identifiers ?? [])]
      .filter((i) => i.length >= MIN_SECRET_LENGTH)
      .sort((a, b) => b.length - a.length);
  }

  /** The known secrets worth searching for, longest first (so one inside another is replaced whole). */
  #knownSecrets(): string[] {
    return [...new Set(this.#secrets().filter((s) => s.length >= MIN_SECRET_LENGTH))].sort((a, b) => b.length - a.length);
  }

  /** 12 hex digits standing for `value` in `category`. */
  #digest(category: string, value: string): string {
    return createHmac('sha256', this.#key).update(`${category}\0${value}`).digest('hex').slice(0, 12);
  }

  /** The placeholder of a field's value redacted as `as`. */
  placeholder(as: RedactedAs, value: string): string {
    switch (as) {
      case 'secret':
        return SECRET_PLACEHOLDER.test(value) ? value : `<redacted:${this.#digest('secret', value)}>`;
      case 'email':
        return EMAIL_PLACEHOLDER.test(value) ? value : `redacted-${this.#digest('email', value.toLowerCase())}@example.com`;
      case 'phone': {
        if (PHONE_PLACEHOLDER.test(value)) return value;
        // 7 decimal digits from the digest: a fictional North American number in E.164.
        const digits = (parseInt(this.#digest('phone', value.replace(/[^\d+]/g, '')), 16) % 10_000_000).toString().padStart(7, '0');
        return `+1555${digits}`;
      }
      case 'name':
        return /^redacted-[0-9a-f]{12}$/.test(value) ? value : `redacted-${this.#digest('name', value)}`;
      case 'contact':
        return value.includes('@') ? this.placeholder('email', value) : this.placeholder('phone', value);
      case 'url':
        return this.#url(value);
      case 'identifier':
        return IDENTIFIER_PLACEHOLDER.test(value) ? value : `redacted-id-${this.#digest('identifier', value)}`;
    }
  }

  /** A URL keeps its scheme and host; user info, path, query and fragment become one placeholder segment. */
  #url(value: string): string {
    let url: URL;
    try {
      url = new URL(value);
    } catch {
      return this.text(value);
    }
    const rest = `${url.pathname}${url.search}${url.hash}`;
    const origin = `${url.protocol}//${url.host}`;
    if (/^\/redacted-[0-9a-f]{12}$/.test(rest) && url.username === '' && url.password === '') return value;
    if ((rest === '/' || rest === '') && url.username === '' && url.password === '') return origin;
    return `${origin}/redacted-${this.#digest('url', value)}`;
  }

  /** A text with the value rules applied: known secrets, hidden identifiers, email addresses, phone numbers. */
  text(value: string): string {
    let out = value;
    for (const secret of this.#knownSecrets()) if (out.includes(secret)) out = out.split(secret).join(this.placeholder('secret', secret));
    for (const id of this.#identifiers) if (out.includes(id)) out = out.split(id).join(this.placeholder('identifier', id));
    out = out.replace(EMAIL, (m) => (EMAIL_PLACEHOLDER.test(m) ? m : this.placeholder('email', m)));
    out = out.replace(PHONE, (m) => (PHONE_PLACEHOLDER.test(m) ? m : this.placeholder('phone', m)));
    return out;
  }

  /** A JSON value with every rule applied (a new value; the input is not changed). */
  json(value: unknown, field?: string): unknown {
    if (typeof value === 'string') {
      const as = field === undefined ? undefined : redactionOfField(field);
      if (as !== undefined && value !== '') return this.placeholder(as, value);
      // JSON inside a string (a vote's signed `message` is the whole request body) is redacted by the same rules.
      const embedded = embeddedJson(value);
      return embedded === undefined ? this.text(value) : JSON.stringify(this.json(embedded.json));
    }
    if (Array.isArray(value)) return value.map((v) => this.json(v, field));
    if (value !== null && typeof value === 'object') {
      const out: Record<string, unknown> = {};
      for (const [k, v] of Object.entries(value)) {
        // A secret field holding an object (a bundle's parts) is dropped whole.
        out[k] =
          redactionOfField(k) === 'secret' && v !== null && typeof v === 'object'
            ? this.placeholder('secret', JSON.stringify(v))
            : this.json(v, k);
      }
      return out;
    }
    return value;
  }
}

/** A string holding a JSON object or array, parsed; undefined for any other string. */
function embeddedJson(value: string): { json: unknown } | undefined {
  const start = value.trimStart()[0];
  if (start !== '{' && start !== '[') return undefined;
  try {
    const json = JSON.parse(value) as unknown;
    return json !== null && typeof json === 'object' ? { json } : undefined;
  } catch {
    return undefined;
  }
}

/** The rules in words, written into every recording's header. */
export const REDACTION_SUMMARY =
  'request headers (stamps) are not recorded; secrets, private keys, ciphertexts, bundles, tokens and codes become ' +
  "<redacted:…>; emails, phone numbers and users' names become stable placeholders of the same form; URLs keep only " +
  'their origin; a response that is not JSON keeps only its size';
