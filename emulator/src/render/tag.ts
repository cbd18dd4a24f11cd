// A private-key tag on the wire.
import type { TagRecord } from '../store/records';
import { renderTime, type TimeFormat } from './time';

export function renderTag(t: TagRecord, format: TimeFormat): Record<string, unknown> {
  return { tagId: t.tagId, tagName: t.tagName, tagType: t.tagType, createdAt: renderTime(t.createdAt, format), updatedAt: renderTime(t.updatedAt, format) };
}
