// A policy on the wire (`v1Policy`).
import type { PolicyRecord } from '../store/records';
import { optional } from './optional';
import { renderTime, type TimeFormat } from './time';

export function renderPolicy(p: PolicyRecord, format: TimeFormat): Record<string, unknown> {
  const out = {
    policyId: p.policyId,
    policyName: p.policyName,
    effect: p.effect,
    createdAt: renderTime(p.createdAt, format),
    updatedAt: renderTime(p.updatedAt, format),
    notes: p.notes,
    consensus: p.consensus,
    condition: p.condition,
  };
  return optional(out, 'time', p.time);
}
