// Turning a found setting into a value, with errors that name the setting and its source (never the value
// of a key: it may be a private key).
import { ConfigurationError } from '@walletinfra/sdk';
import type { EndpointSettings } from './index';
import type { Lookup } from './sources';

export interface NumberSpec {
  key: keyof EndpointSettings;
  min: number;
  fallback: number;
  unit: string;
}

export const NUMBERS: readonly NumberSpec[] = [
  { key: 'requestTimeoutMs', min: 1, fallback: 30_000, unit: 'milliseconds' },
  { key: 'maxRetries', min: 0, fallback: 3, unit: 'retries' },
  // How long a write that needs approval waits before failing (issue 4, "Activities that need approval").
  { key: 'consensusTimeoutMs', min: 0, fallback: 60_000, unit: 'milliseconds' },
  { key: 'maxConcurrentRequests', min: 1, fallback: 4, unit: 'requests' },
];

export function parseUrl(value: string, key: string, source: string): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new ConfigurationError(`${key} from ${source} must be an absolute http(s) URL, got "${value}"`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw new ConfigurationError(`${key} from ${source} must use http or https, got "${url.protocol}"`);
  }
  return value.replace(/\/+$/, '');
}

export function parseInteger(spec: NumberSpec, lookup: Lookup): number {
  if (lookup.value === undefined) return spec.fallback;
  const text = lookup.value.trim();
  const n = /^[0-9]+$/.test(text) ? Number(text) : NaN;
  if (!Number.isSafeInteger(n) || n < spec.min) {
    throw new ConfigurationError(
      `${spec.key} from ${lookup.source} must be an integer >= ${spec.min} (${spec.unit}), got "${lookup.value}"`,
    );
  }
  return n;
}

export function parseBoolean(key: string, lookup: Lookup): boolean {
  if (lookup.value === undefined) return false;
  const text = lookup.value.trim().toLowerCase();
  if (text === 'true' || text === '1') return true;
  if (text === 'false' || text === '0') return false;
  throw new ConfigurationError(`${key} from ${lookup.source} must be true or false, got "${lookup.value}"`);
}

/** The hex check never echoes the value: it may be a private key. */
export function checkHex(key: string, lookup: Lookup): string {
  const value = (lookup.value ?? '').trim();
  if (!/^[0-9a-fA-F]+$/.test(value)) {
    throw new ConfigurationError(`${key} from ${lookup.source} must be a hex string`);
  }
  return value;
}
