// Markdown text helpers shared by the drift report and the policy impact section.

/** A value as an inline code span; the fence grows past any backticks inside (CommonMark code spans). */
export function codeSpan(text: string): string {
  const longest = Math.max(0, ...(text.match(/`+/g) ?? []).map((run) => run.length));
  const fence = '`'.repeat(longest + 1);
  const pad = text.startsWith('`') || text.endsWith('`') ? ' ' : '';
  return `${fence}${pad}${text}${pad}${fence}`;
}

/** `1 request`, `2 requests`, `3 activities`. */
export function plural(n: number, word: string): string {
  return `${n} ${n === 1 ? word : /[^aeiou]y$/.test(word) ? `${word.slice(0, -1)}ies` : `${word}s`}`;
}
