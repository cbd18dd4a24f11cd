// The address ranges a webhook destination may not point to, as data. Each row names the range the way
// the refusal message does ("must not point to a link-local address"). The service's rule is "HTTPS, a
// host, no user info, public addresses only" (docs.turnkey.com/reference/webhooks/reference); the rows
// spell out "not public" with the IANA special-purpose registries
// (iana.org/assignments/iana-ipv4-special-registry, iana-ipv6-special-registry); that reading is ours,
// listed as unconfirmed in docs/service-behaviour.md#webhook-endpoints.
// One table for both families (a row applies to addresses of its CIDR's family); the first matching row
// wins, so the cloud metadata addresses come before link-local and unique-local.

export type RangeKind =
  | 'cloud metadata'
  | 'unspecified'
  | 'loopback'
  | 'private'
  | 'carrier-grade NAT'
  | 'link-local'
  | 'IETF protocol assignment'
  | 'documentation'
  | 'benchmarking'
  | 'multicast'
  | 'reserved'
  | 'broadcast'
  | 'unique-local'
  | 'discard-only'
  | 'site-local';

export interface RefusedRange {
  cidr: string;
  kind: RangeKind;
}

export const REFUSED_RANGES: readonly RefusedRange[] = [
  { cidr: '169.254.169.254/32', kind: 'cloud metadata' },
  { cidr: '0.0.0.0/8', kind: 'unspecified' },
  { cidr: '10.0.0.0/8', kind: 'private' },
  { cidr: '100.64.0.0/10', kind: 'carrier-grade NAT' },
  { cidr: '127.0.0.0/8', kind: 'loopback' },
  { cidr: '169.254.0.0/16', kind: 'link-local' },
  { cidr: '172.16.0.0/12', kind: 'private' },
  { cidr: '192.0.0.0/24', kind: 'IETF protocol assignment' },
  { cidr: '192.0.2.0/24', kind: 'documentation' },
  { cidr: '192.168.0.0/16', kind: 'private' },
  { cidr: '198.18.0.0/15', kind: 'benchmarking' },
  { cidr: '198.51.100.0/24', kind: 'documentation' },
  { cidr: '203.0.113.0/24', kind: 'documentation' },
  { cidr: '224.0.0.0/4', kind: 'multicast' },
  { cidr: '255.255.255.255/32', kind: 'broadcast' },
  { cidr: '240.0.0.0/4', kind: 'reserved' },
  { cidr: 'fd00:ec2::254/128', kind: 'cloud metadata' },
  { cidr: '::/128', kind: 'unspecified' },
  { cidr: '::1/128', kind: 'loopback' },
  { cidr: '100::/64', kind: 'discard-only' },
  { cidr: '2001:2::/48', kind: 'benchmarking' },
  { cidr: '2001:db8::/32', kind: 'documentation' },
  { cidr: '3fff::/20', kind: 'documentation' },
  { cidr: 'fc00::/7', kind: 'unique-local' },
  { cidr: 'fe80::/10', kind: 'link-local' },
  { cidr: 'fec0::/10', kind: 'site-local' },
  { cidr: 'ff00::/8', kind: 'multicast' },
];

/**
 * IPv6 ranges that carry an IPv4 address in their last 32 bits and reach it: the address is judged by
 * the IPv4 rows, and refused as a whole either way, since a destination has no reason to be written so.
 */
export const IPV4_CARRYING_RANGES: readonly { cidr: string; name: string }[] = [
  { cidr: '::ffff:0:0/96', name: 'IPv4-mapped IPv6' },
  { cidr: '::/96', name: 'IPv4-compatible IPv6' },
  { cidr: '64:ff9b::/96', name: 'NAT64' },
  { cidr: '64:ff9b:1::/48', name: 'NAT64 (local-use)' },
];
