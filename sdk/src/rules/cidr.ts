// CIDR notation as the IP allowlist takes it (docs.turnkey.com/reference/ip-allowlisting): an IPv4 or
// IPv6 network, a bare address meaning one host, normalised with the host bits cleared
// (`192.168.1.100/24` -> `192.168.1.0/24`). IPv4-mapped IPv6 forms (`::ffff:1.2.3.4/128`) are neither
// family and are refused with the IPv4 form to write instead. Parsing is ipaddr.js's, kept strict:
// four-part decimal IPv4 without leading zeros, no zone ids.
import * as ipaddr from 'ipaddr.js';

export type IpFamily = 4 | 6;

export interface Cidr {
  family: IpFamily;
  prefix: number;
  /** Network address and prefix, host bits cleared, IPv6 in RFC 5952 form: `2001:db8::/48`. */
  normalized: string;
}

export type CidrParse = { ok: true; cidr: Cidr } | { ok: false; problem: string };

const IPV4_MAPPED = ipaddr.parseCIDR('::ffff:0:0/96');

function refuse(problem: string): CidrParse {
  return { ok: false, problem };
}

/** Parses `address[/prefix]`; the problem reads after the value, e.g. `"10.0.0.0/33" is not a valid CIDR`. */
export function parseCidr(text: string): CidrParse {
  const shown = JSON.stringify(text);
  const [address = '', prefixText, ...rest] = text.split('/');
  const invalid = refuse(`invalid CIDR ${shown}`);
  if (rest.length > 0 || address.includes('%')) return invalid;
  let family: IpFamily;
  if (ipaddr.IPv4.isValidFourPartDecimal(address)) family = 4;
  else if (address.includes(':') && ipaddr.IPv6.isValid(address)) family = 6;
  else return invalid;
  const bits = family === 4 ? 32 : 128;
  if (prefixText !== undefined && !/^(0|[1-9]\d{0,2})$/.test(prefixText)) return invalid;
  const prefix = prefixText === undefined ? bits : Number(prefixText);
  if (prefix > bits) return invalid;
  const ip = ipaddr.parse(address);
  if (family === 6 && (ip as ipaddr.IPv6).match(IPV4_MAPPED)) {
    const v4 = (ip as ipaddr.IPv6).toIPv4Address().toString();
    const v4Prefix = Math.max(prefix - 96, 0);
    return refuse(`${shown} is an IPv4-mapped IPv6 address; write the IPv4 CIDR ${v4}/${v4Prefix} instead`);
  }
  const network =
    family === 4 ? ipaddr.IPv4.networkAddressFromCIDR(`${address}/${prefix}`) : ipaddr.IPv6.networkAddressFromCIDR(`${address}/${prefix}`);
  return { ok: true, cidr: { family, prefix, normalized: `${network.toString()}/${prefix}` } };
}
