// Property values on the wire of Pulumi's provider protocol: a google.protobuf.Struct whose special values
// are objects keyed by a signature (../wire.ts). The engine sends secrets as secret envelopes because the
// provider accepts them (`acceptSecrets`), and unknown values as the unknown sentinel (../wire.ts), which the
// per-kind code already skips. The
// lifecycle sees plain values; which top-level properties held a secret is kept aside, so each output
// property made from a secret input goes back as a secret, as the engine itself does for providers that
// do not accept secrets (`annotateSecrets` in sdk/go/common/resource/plugin/provider_plugin.go).
import { isSecretEnvelope, secretEnvelope } from '../wire';
import type { structPb } from './proto';

export type Properties = Record<string, unknown>;

/** Plain properties, and the names of those that held a secret anywhere inside. */
export interface Decoded {
  values: Properties;
  secrets: Set<string>;
}

/** The value without secret envelopes, and whether it had one. */
export function unwrapSecrets(value: unknown): { value: unknown; secret: boolean } {
  if (isSecretEnvelope(value)) return { value: unwrapSecrets(value.value).value, secret: true };
  if (Array.isArray(value)) {
    let secret = false;
    const items = value.map((item) => {
      const inner = unwrapSecrets(item);
      secret ||= inner.secret;
      return inner.value;
    });
    return { value: items, secret };
  }
  if (value !== null && typeof value === 'object') {
    let secret = false;
    const entries = Object.entries(value).map(([k, v]) => {
      const inner = unwrapSecrets(v);
      secret ||= inner.secret;
      return [k, inner.value] as const;
    });
    return { value: Object.fromEntries(entries), secret };
  }
  return { value, secret: false };
}

export function decode(properties: Properties): Decoded {
  const values: Properties = {};
  const secrets = new Set<string>();
  for (const [key, raw] of Object.entries(properties)) {
    const { value, secret } = unwrapSecrets(raw);
    values[key] = value;
    if (secret) secrets.add(key);
  }
  return { values, secrets };
}

/** A Struct as plain data; an absent Struct is no properties. */
export function fromStruct(struct: structPb.Struct | undefined): Properties {
  return struct?.toJavaScript() ?? {};
}

/**
 * Properties for the wire: the ones named in `secrets` wrapped as secrets (once), `undefined` left out (a
 * Struct has no such value; the engine reads an absent property as unset).
 */
export function encode(properties: Properties, secrets: ReadonlySet<string>): Properties {
  const out: Properties = {};
  for (const [key, value] of Object.entries(properties)) {
    if (value === undefined) continue;
    const plain = unwrapSecrets(value);
    out[key] = secrets.has(key) || plain.secret ? secretEnvelope(plain.value) : plain.value;
  }
  // A JSON round trip drops nested undefined values and non-JSON numbers, which Struct cannot carry.
  return JSON.parse(JSON.stringify(out)) as Properties;
}

export function toStruct(Struct: typeof structPb.Struct, properties: Properties, secrets: ReadonlySet<string>): structPb.Struct {
  return Struct.fromJavaScript(encode(properties, secrets) as Parameters<typeof structPb.Struct.fromJavaScript>[0]);
}

/** The union of several secret sets. */
export function union(...sets: Array<Iterable<string>>): Set<string> {
  const out = new Set<string>();
  for (const set of sets) for (const key of set) out.add(key);
  return out;
}
