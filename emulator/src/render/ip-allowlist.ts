// An IP allowlist on the wire; rule times are epoch-millisecond strings in either format
// (docs/service-behaviour.md#ip-allowlist).
import type { IpAllowlistRecord } from '../store/records';
import type { TimeFormat } from './time';

export function renderAllowlist(
  orgId: string,
  publicKey: string | undefined,
  r: IpAllowlistRecord | undefined,
  _format: TimeFormat,
): Record<string, unknown> {
  const out: Record<string, unknown> = {
    organizationId: orgId,
    rules: (r?.rules ?? []).map((rule) => ({ cidr: rule.cidr, label: rule.label, createdAt: String(rule.createdAt) })),
  };
  if (publicKey !== undefined) out.publicKey = publicKey;
  out.enabled = r?.enabled ?? false;
  out.onEvaluationError = r?.onEvaluationError ?? 'DENY';
  return out;
}
