// A private-key tag on the wire.
import type { TagRecord } from '../store/records';
import { renderFields } from './fields';
import type { TimeFormat } from './time';

export function renderTag(t: TagRecord, format: TimeFormat): Record<string, unknown> {
  return renderFields(t, ['tagId', 'tagName', 'tagType', 'createdAt', 'updatedAt'], format);
}
