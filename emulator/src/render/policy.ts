// A policy on the wire (`v1Policy`).
import type { PolicyRecord } from '../store/records';
import { renderFields } from './fields';
import type { TimeFormat } from './time';

export function renderPolicy(p: PolicyRecord, format: TimeFormat): Record<string, unknown> {
  return renderFields(p, ['policyId', 'policyName', 'effect', 'createdAt', 'updatedAt', 'notes', 'consensus', 'condition', 'time'], format);
}
