// Static webhook URL rules (facts §4.2): HTTPS, a host, no user info, no localhost, private, link-local,
// metadata, multicast or unspecified destination. The service also resolves the host name and requires
// public addresses; `check` cannot (no network at preview), so only literal addresses and local names
// are judged here.
import { isIPv4, isIPv6 } from 'node:net';

const LOCAL_NAMES = /(^|\.)localhost$|^metadata\.google\.internal$|^metadata$/i;

function ipv4Kind(host: string): string | undefined {
  const [a = 0, b = 0] = host.split('.').map(Number);
  if (a === 0) return 'unspecified';
  if (a === 127) return 'loopback';
  if (a === 10 || (a === 172 && b >= 16 && b <= 31) || (a === 192 && b === 168) || (a === 100 && b >= 64 && b <= 127)) return 'private';
  if (a === 169 && b === 254) return 'link-local';
  if (a >= 224 && a <= 239) return 'multicast';
  if (a >= 240) return 'reserved';
  return undefined;
}

function ipv6Kind(host: string): string | undefined {
  const h = host.toLowerCase();
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(h);
  if (mapped?.[1] !== undefined) return ipv4Kind(mapped[1]);
  if (/^[0:]+$/.test(h)) return 'unspecified';
  if (/^(0{0,4}:){2,7}0{0,3}1$/.test(h) || h === '::1') return 'loopback';
  if (/^f[cd][0-9a-f]{0,2}:/.test(h)) return 'private';
  if (/^fe[89ab][0-9a-f]?:/.test(h)) return 'link-local';
  if (/^ff[0-9a-f]{0,2}:/.test(h)) return 'multicast';
  return undefined;
}

/** Why the URL is refused, or undefined when it is acceptable. Never echoes user info. */
export function webhookUrlProblem(raw: string, allowLoopback: boolean): string | undefined {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return 'must be an absolute URL such as https://hooks.example.com/walletinfra';
  }
  if (url.username !== '' || url.password !== '') return 'must not contain credentials (user info)';
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (host === '') return 'must have a host';
  const kind = isIPv4(host) ? ipv4Kind(host) : isIPv6(host) ? ipv6Kind(host) : LOCAL_NAMES.test(host) ? 'loopback' : undefined;
  const loopbackAllowed = allowLoopback && kind === 'loopback';
  if (url.protocol !== 'https:' && !(loopbackAllowed && url.protocol === 'http:')) return `must use https, got ${url.protocol.replace(/:$/, '')}`;
  if (kind !== undefined && !loopbackAllowed) return `must not point to a ${kind} address`;
  return undefined;
}
