// Where a webhook endpoint may deliver: HTTPS, a host, no user info, and not a local, private or otherwise
// non-public address (docs.turnkey.com/reference/webhooks/reference; checked on create and on update).
// The service also resolves host names and requires public addresses; without DNS (the provider's
// `check`, the emulator) only literal addresses and well-known local names can be judged. Addresses are
// parsed by ipaddr.js after WHATWG URL parsing, which already turns `::ffff:127.0.0.1` into
// `::ffff:7f00:1` and `0x7f.1` into `127.0.0.1`.
import * as ipaddr from 'ipaddr.js';
import { IPV4_CARRYING_RANGES, REFUSED_RANGES, type RefusedRange } from './address-ranges';

/** Names that resolve to the local machine or to a cloud metadata service wherever they are looked up. */
const LOCAL_NAMES: readonly { pattern: RegExp; kind: 'loopback' | 'cloud metadata' }[] = [
  { pattern: /(^|\.)localhost$/i, kind: 'loopback' },
  { pattern: /^(metadata\.google\.internal|metadata|instance-data(\.ec2\.internal)?)$/i, kind: 'cloud metadata' },
];

export interface WebhookDestinationOptions {
  /** Accept loopback hosts, over `http://` too (local receivers of an emulator). Default false. */
  allowLoopback?: boolean;
  /** The setting that turns `allowLoopback` on, named in the refusal of a loopback destination: "X to true". */
  loopbackSetting?: string;
}

type Parsed = ipaddr.IPv4 | ipaddr.IPv6;

function firstMatch(address: Parsed): RefusedRange | undefined {
  return REFUSED_RANGES.find((row) => {
    const [network, bits] = ipaddr.parseCIDR(row.cidr);
    return network.kind() === address.kind() && address.match(network, bits);
  });
}

/** Why a literal address is not a public destination ("a loopback address"), or undefined when it is. */
export function nonPublicAddress(text: string): string | undefined {
  if (!ipaddr.isValid(text)) return undefined;
  const address = ipaddr.parse(text);
  if (address.kind() === 'ipv4') return describe(firstMatch(address));
  const v6 = address as ipaddr.IPv6;
  if (v6.zoneId !== undefined) return 'a zoned (interface-scoped) address';
  const own = firstMatch(v6);
  if (own !== undefined) return describe(own);
  for (const carrier of IPV4_CARRYING_RANGES) {
    const [network, bits] = ipaddr.parseCIDR(carrier.cidr);
    if (!v6.match(network, bits)) continue;
    const bytes = v6.toByteArray().slice(12);
    const embedded = new ipaddr.IPv4(bytes);
    const inner = describe(firstMatch(embedded));
    return `${withArticle(carrier.name)} address${inner === undefined ? '' : ` carrying ${inner} (${embedded.toString()})`}`;
  }
  return undefined;
}

function withArticle(words: string): string {
  return `${/^(?:[aeio]|un(?!i)|I)/.test(words) ? 'an' : 'a'} ${words}`;
}

function describe(row: RefusedRange | undefined): string | undefined {
  return row === undefined ? undefined : `${withArticle(row.kind)} address`;
}

function hostKind(host: string): { kind: string | undefined; loopback: boolean } {
  const literal = host.startsWith('[') && host.endsWith(']') ? host.slice(1, -1) : host;
  const address = nonPublicAddress(literal);
  if (address !== undefined) return { kind: address, loopback: address === 'a loopback address' };
  const name = literal.replace(/\.$/, '');
  const local = LOCAL_NAMES.find((n) => n.pattern.test(name));
  if (local === undefined) return { kind: undefined, loopback: false };
  return { kind: describe({ cidr: '', kind: local.kind }), loopback: local.kind === 'loopback' };
}

/**
 * True for a URL host (as WHATWG URL parsing gives it, IPv6 in brackets) that is a loopback address or a
 * `localhost` name: the destinations `allowLoopback` admits. An IPv4-mapped loopback is not one.
 */
export function isLoopbackHost(hostname: string): boolean {
  return hostKind(hostname).loopback;
}

/**
 * Why the service would refuse this webhook URL, or undefined when it accepts it. One message for every
 * caller; it never echoes user info.
 */
export function webhookDestinationProblem(raw: string, options: WebhookDestinationOptions = {}): string | undefined {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return 'must be an absolute URL such as https://hooks.example.com/walletinfra';
  }
  if (url.username !== '' || url.password !== '') return 'must not contain credentials (user info)';
  if (url.hostname === '') return 'must have a host';
  const { kind, loopback } = hostKind(url.hostname);
  const loopbackAllowed = options.allowLoopback === true && loopback;
  const hint = loopback && options.loopbackSetting !== undefined ? `; to accept loopback receivers, set ${options.loopbackSetting}` : '';
  if (url.protocol !== 'https:' && !(loopbackAllowed && url.protocol === 'http:')) {
    return `must use https, got ${url.protocol.replace(/:$/, '')}${hint}`;
  }
  if (kind !== undefined && !loopbackAllowed) return `must not point to ${kind}${hint}`;
  return undefined;
}
