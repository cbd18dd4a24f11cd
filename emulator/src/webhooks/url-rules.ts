// Webhook destination rules, checked on create and on update (facts §4.2): HTTPS, a host, no userinfo, and no
// localhost/private/link-local/metadata/multicast/unspecified destinations. The service also resolves the
// host name and requires public addresses; the emulator has no DNS, so it judges literal addresses and
// well-known local names only (README, "Where it knowingly differs").
import { nonPublicKind, parseIp } from '../net';

const LOCAL_NAMES = /(^|\.)localhost$|^metadata\.google\.internal$|^metadata$/i;

/** A reason the URL is refused, or undefined when it is acceptable. */
export function webhookUrlProblem(raw: string, allowLoopback: boolean): string | undefined {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return 'is not a valid absolute URL';
  }
  if (url.username !== '' || url.password !== '') return 'must not contain credentials (user info)';
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (host === '') return 'must have a host';
  const ip = parseIp(host);
  const kind = ip !== undefined ? nonPublicKind(ip) : LOCAL_NAMES.test(host) ? 'loopback' : undefined;
  const loopbackAllowed = allowLoopback && kind === 'loopback';
  if (url.protocol !== 'https:' && !(loopbackAllowed && url.protocol === 'http:')) return 'must use https';
  if (kind !== undefined && !loopbackAllowed) return `must not point to a ${kind} address`;
  return undefined;
}
