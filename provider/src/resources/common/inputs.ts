// Inputs every resource shares: which credentials (`profile`), which organization (`organizationId`),
// and how to take over an object that already exists (`adopt`, because `pulumi import` cannot work for
// dynamic resources, https://www.pulumi.com/docs/iac/cli/commands/pulumi_refresh/).
import type { SettingsSelector } from '../../config';
import { isUnknown } from '../../wire';
import { describe, optionalType, type CheckFailure } from './check';

/** The common inputs that are outputs only when set: the state keeps them only then (see placementOf). */
export const SET_ONLY_KEYS = ['profile', 'adopt'] as const;
export const COMMON_KEYS = ['organizationId', ...SET_ONLY_KEYS] as const;

export interface CommonInputs {
  organizationId?: string;
  profile?: string;
}

/** What only the state knows about an object, never the service: its organization, and the `profile` and `adopt` it was declared with. */
export interface Placement<A> {
  organizationId: string;
  profile?: string;
  adopt?: A;
}

/** The placement in a resource's inputs or outputs; `profile` and `adopt` only when set, as the state keeps them. */
export function placementOf<A>(values: { organizationId: string; profile?: string | undefined; adopt?: A | undefined }): Placement<A> {
  return {
    organizationId: values.organizationId,
    ...(values.profile !== undefined ? { profile: values.profile } : {}),
    ...(values.adopt !== undefined ? { adopt: values.adopt } : {}),
  };
}

/** The selector stored with a resource (inputs or outputs). */
export function selectorOf(props: { profile?: unknown; organizationId?: unknown }): SettingsSelector {
  const selector: SettingsSelector = {};
  if (typeof props.profile === 'string' && props.profile !== '') selector.profile = props.profile;
  if (typeof props.organizationId === 'string' && props.organizationId !== '') selector.organizationId = props.organizationId;
  return selector;
}

export function selectorFailures(news: Record<string, unknown>): CheckFailure[] {
  const out = [...optionalType(news, 'organizationId', 'string'), ...optionalType(news, 'profile', 'string')];
  if (typeof news.organizationId === 'string' && !isUnknown(news.organizationId) && news.organizationId.trim() === '') {
    out.push({ property: 'organizationId', reason: 'must not be empty; omit it to use the configured organization' });
  }
  if (typeof news.profile === 'string' && !isUnknown(news.profile) && !/^[A-Za-z0-9][A-Za-z0-9_-]*$/.test(news.profile)) {
    out.push({ property: 'profile', reason: 'must be a profile name (letters, digits, "-" and "_")' });
  }
  return out;
}

/**
 * `adopt` takes exactly one mode: `id` (an existing object's id) or one natural-key flag (e.g. `byName`).
 * Only `create` looks at it; afterwards it is inert.
 */
export function adoptFailures(adopt: unknown, flags: readonly string[]): CheckFailure[] {
  if (adopt === undefined || isUnknown(adopt)) return [];
  const modes = ['id', ...flags].join(', ');
  if (adopt === null || typeof adopt !== 'object' || Array.isArray(adopt)) {
    return [{ property: 'adopt', reason: `must be an object with one of: ${modes}; got ${describe(adopt)}` }];
  }
  const entries = Object.entries(adopt as Record<string, unknown>);
  for (const [k, v] of entries) {
    if (k !== 'id' && !flags.includes(k)) return [{ property: 'adopt', reason: `unknown key "${k}"; use one of: ${modes}` }];
    if (isUnknown(v)) return [];
    if (k === 'id' && (typeof v !== 'string' || v.trim() === '')) return [{ property: 'adopt', reason: 'id must be a non-empty string' }];
    if (k !== 'id' && typeof v !== 'boolean') return [{ property: 'adopt', reason: `${k} must be a boolean` }];
  }
  const active = entries.filter(([k, v]) => (k === 'id' ? true : v === true));
  if (active.length !== 1) return [{ property: 'adopt', reason: `set exactly one of: ${modes}` }];
  return [];
}

/** The adoption request as create sees it. */
export type AdoptRequest = { id: string } | { flag: string } | undefined;

export function adoptRequest(adopt: unknown): AdoptRequest {
  if (adopt === null || typeof adopt !== 'object') return undefined;
  const a = adopt as Record<string, unknown>;
  if (typeof a.id === 'string') return { id: a.id };
  const flag = Object.entries(a).find(([, v]) => v === true);
  return flag ? { flag: flag[0] } : undefined;
}
