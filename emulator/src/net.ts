// IPv4/IPv6 parsing and CIDR arithmetic, for webhook URL rules (facts §4.2) and IP allowlists (facts §4.4).

export interface IpAddress {
  version: 4 | 6;
  value: bigint;
}

const IPV4 = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/;

function parseIpv4(text: string): bigint | undefined {
  const m = IPV4.exec(text);
  if (m === null) return undefined;
  let value = 0n;
  for (let i = 1; i <= 4; i++) {
    const part = m[i] as string;
    if (part.length > 1 && part.startsWith('0')) return undefined; // no octal-looking octets
    const n = Number(part);
    if (n > 255) return undefined;
    value = (value << 8n) | BigInt(n);
  }
  return value;
}

function parseIpv6(text: string): bigint | undefined {
  if (text.includes('%')) return undefined; // zone ids are not addresses a service can reach
  let head = text;
  let tailV4: bigint | undefined;
  const lastColon = text.lastIndexOf(':');
  if (text.slice(lastColon + 1).includes('.')) {
    tailV4 = parseIpv4(text.slice(lastColon + 1));
    if (tailV4 === undefined) return undefined;
    head = text.slice(0, lastColon + 1) + '0:0';
  }
  const halves = head.split('::');
  if (halves.length > 2) return undefined;
  const parse = (s: string): number[] | undefined => {
    if (s === '') return [];
    const groups = s.split(':');
    const out: number[] = [];
    for (const g of groups) {
      if (!/^[0-9a-fA-F]{1,4}$/.test(g)) return undefined;
      out.push(parseInt(g, 16));
    }
    return out;
  };
  const left = parse(halves[0] as string);
  const right = halves.length === 2 ? parse(halves[1] as string) : [];
  if (left === undefined || right === undefined) return undefined;
  const missing = 8 - left.length - right.length;
  if (halves.length === 1 ? missing !== 0 : missing < 1) return undefined;
  const groups = [...left, ...new Array<number>(halves.length === 2 ? missing : 0).fill(0), ...right];
  let value = 0n;
  for (const g of groups) value = (value << 16n) | BigInt(g);
  if (tailV4 !== undefined) value = (value & ~0xffffffffn) | tailV4;
  return value;
}

export function parseIp(text: string): IpAddress | undefined {
  const v4 = parseIpv4(text);
  if (v4 !== undefined) return { version: 4, value: v4 };
  const v6 = text.includes(':') ? parseIpv6(text) : undefined;
  return v6 === undefined ? undefined : { version: 6, value: v6 };
}

export function formatIp(ip: IpAddress): string {
  if (ip.version === 4) {
    return [24n, 16n, 8n, 0n].map((s) => String((ip.value >> s) & 0xffn)).join('.');
  }
  const groups: number[] = [];
  for (let i = 7; i >= 0; i--) groups.push(Number((ip.value >> BigInt(i * 16)) & 0xffffn));
  // RFC 5952: compress the longest run (length >= 2) of zero groups
  let bestStart = -1;
  let bestLen = 0;
  for (let i = 0; i < 8; ) {
    if (groups[i] !== 0) { i++; continue; }
    let j = i;
    while (j < 8 && groups[j] === 0) j++;
    if (j - i > bestLen && j - i >= 2) { bestStart = i; bestLen = j - i; }
    i = j;
  }
  const hex = groups.map((g) => g.toString(16));
  if (bestStart < 0) return hex.join(':');
  return `${hex.slice(0, bestStart).join(':')}::${hex.slice(bestStart + bestLen).join(':')}`;
}

export interface Cidr {
  ip: IpAddress;
  prefix: number;
}

/** `a.b.c.d/n` or `v6/n`; a bare address means a single host (/32 or /128). */
export function parseCidr(text: string): Cidr | undefined {
  const slash = text.indexOf('/');
  const ip = parseIp(slash < 0 ? text : text.slice(0, slash));
  if (ip === undefined) return undefined;
  const bits = ip.version === 4 ? 32 : 128;
  if (slash < 0) return { ip, prefix: bits };
  const prefixText = text.slice(slash + 1);
  if (!/^\d{1,3}$/.test(prefixText)) return undefined;
  const prefix = Number(prefixText);
  if (prefix > bits) return undefined;
  return { ip, prefix };
}

/** The network address of a CIDR (host bits cleared), e.g. 192.168.1.100/24 -> 192.168.1.0/24. */
export function normalizeCidr(cidr: Cidr): string {
  const bits = cidr.ip.version === 4 ? 32 : 128;
  const hostBits = BigInt(bits - cidr.prefix);
  const value = (cidr.ip.value >> hostBits) << hostBits;
  return `${formatIp({ version: cidr.ip.version, value })}/${cidr.prefix}`;
}

export function cidrContains(cidr: string, ip: IpAddress): boolean {
  const c = parseCidr(cidr);
  if (c === undefined || c.ip.version !== ip.version) return false;
  const bits = BigInt(ip.version === 4 ? 32 : 128);
  const hostBits = bits - BigInt(c.prefix);
  return c.ip.value >> hostBits === ip.value >> hostBits;
}

const V4_NON_PUBLIC: ReadonlyArray<[string, string]> = [
  ['0.0.0.0/8', 'unspecified'],
  ['10.0.0.0/8', 'private'],
  ['100.64.0.0/10', 'private'],
  ['127.0.0.0/8', 'loopback'],
  ['169.254.0.0/16', 'link-local'],
  ['172.16.0.0/12', 'private'],
  ['192.0.0.0/24', 'private'],
  ['192.168.0.0/16', 'private'],
  ['198.18.0.0/15', 'private'],
  ['224.0.0.0/4', 'multicast'],
  ['240.0.0.0/4', 'reserved'],
];
const V6_NON_PUBLIC: ReadonlyArray<[string, string]> = [
  ['::/128', 'unspecified'],
  ['::1/128', 'loopback'],
  ['fc00::/7', 'private'],
  ['fe80::/10', 'link-local'],
  ['ff00::/8', 'multicast'],
];

/** Why an address is not a public unicast address ('loopback', 'private', ...), or undefined when it is. */
export function nonPublicKind(ip: IpAddress): string | undefined {
  if (ip.version === 6 && ip.value >> 32n === 0xffffn) return nonPublicKind({ version: 4, value: ip.value & 0xffffffffn });
  const table = ip.version === 4 ? V4_NON_PUBLIC : V6_NON_PUBLIC;
  return table.find(([cidr]) => cidrContains(cidr, ip))?.[1];
}
