// The two Cache-Control directives the JWKS cache honours (RFC 9111 §5.2.2, RFC 5861 §4). The service
// sends `public, max-age=86400, s-maxage=86400, stale-if-error=604800` (docs/service-behaviour.md#limits-and-pagination, #verification-keys).

export interface CachePolicy {
  /** How long a fetched document is fresh. */
  maxAgeMs: number;
  /** How long past freshness a stale copy may be served when a refetch fails. */
  staleIfErrorMs: number;
}

/** Used when the response has no usable max-age: short enough to pick up rotations, long enough to spare the service. */
export const DEFAULT_JWKS_MAX_AGE_MS = 5 * 60 * 1000;

function seconds(directive: string | undefined): number | undefined {
  if (directive === undefined || !/^\d+$/.test(directive)) return undefined;
  return Number(directive) * 1000;
}

export function parseCacheControl(header: string | undefined): CachePolicy {
  const directives = new Map<string, string | undefined>();
  for (const part of (header ?? '').split(',')) {
    const [rawName, ...rest] = part.split('=');
    const name = rawName?.trim().toLowerCase();
    if (name === undefined || name === '') continue;
    const value =
      rest.length > 0
        ? rest
            .join('=')
            .trim()
            .replace(/^"(.*)"$/, '$1')
        : undefined;
    if (!directives.has(name)) directives.set(name, value);
  }
  const staleIfErrorMs = seconds(directives.get('stale-if-error')) ?? 0;
  // no-store/no-cache: always revalidate, but a failed refetch may still fall back per stale-if-error.
  if (directives.has('no-store') || directives.has('no-cache')) return { maxAgeMs: 0, staleIfErrorMs };
  return { maxAgeMs: seconds(directives.get('max-age')) ?? DEFAULT_JWKS_MAX_AGE_MS, staleIfErrorMs };
}
