// What a stack's `up` changed, as Pulumi's summary counts it (UpResult.summary.resourceChanges: `create`, `update`,
// `replace`, `delete`, `same`, ...), in words.

export type Changes = Record<string, number>;

const WRITES = ['create', 'update', 'replace', 'delete', 'create-replacement', 'delete-replaced'];

/** Whether an `up` changed anything. */
export function changedAnything(changes: Changes | undefined): boolean {
  return WRITES.some((k) => (changes?.[k] ?? 0) > 0);
}

/** `1 updated, 1 created`; `no changes`. */
export function changesText(changes: Changes | undefined): string {
  const words: Array<[string, string]> = [
    ['create', 'created'],
    ['update', 'updated'],
    ['replace', 'replaced'],
    ['delete', 'deleted'],
  ];
  const parts = words.filter(([k]) => (changes?.[k] ?? 0) > 0).map(([k, w]) => `${changes?.[k] ?? 0} ${w}`);
  return parts.length === 0 ? 'no changes' : parts.join(', ');
}
