// "Did you mean …?" for misspelled names, fields and enum values: the closest candidate by
// optimal-string-alignment distance (Damerau-Levenshtein with adjacent transpositions).

/**
 * Edit distance counting insertions, deletions, substitutions and adjacent swaps as 1. Stops
 * early with a result above `limit` once the distance is sure to exceed it.
 */
export function editDistance(a: string, b: string, limit = Infinity): number {
  // Three rolling rows of the optimal-string-alignment table: i-2, i-1 and i.
  let before = new Array<number>(b.length + 1).fill(0);
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  let current = new Array<number>(b.length + 1).fill(0);
  for (let i = 1; i <= a.length; i++) {
    current[0] = i;
    let rowMinimum = i;
    for (let j = 1; j <= b.length; j++) {
      // Plain comparisons rather than Math.min: this loop is hot, and Math.min is slow in some
      // embeddings (jest's VM contexts).
      let best = (previous[j - 1] as number) + (a[i - 1] === b[j - 1] ? 0 : 1);
      const deletion = (previous[j] as number) + 1;
      const insertion = (current[j - 1] as number) + 1;
      if (deletion < best) best = deletion;
      if (insertion < best) best = insertion;
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {
        const swap = (before[j - 2] as number) + 1;
        if (swap < best) best = swap;
      }
      current[j] = best;
      if (best < rowMinimum) rowMinimum = best;
    }
    // Every later cell is at least this row's minimum minus one (a swap), so give up early.
    if (rowMinimum > limit + 1) return limit + 1;
    [before, previous, current] = [previous, current, before];
  }
  return previous[b.length] as number;
}

/**
 * The candidate closest to `name`, ignoring case, if it is close enough to be a typo: at most one
 * edit per three characters (at least one); ties go to the earlier candidate. Failing that, the
 * shortest candidate that `name` begins, or that begins with `name` (4 characters or more).
 */
export function closestName(name: string, candidateNames: Iterable<string>): string | undefined {
  const candidates = [...candidateNames];
  const lower = name.toLowerCase();
  const limit = Math.max(1, Math.floor(name.length / 3));
  let best: string | undefined;
  let bestDistance = Infinity;
  for (const candidate of candidates) {
    if (candidate === name || Math.abs(candidate.length - name.length) > limit) continue;
    const distance = editDistance(lower, candidate.toLowerCase(), limit);
    if (distance <= limit && distance < bestDistance) {
      best = candidate;
      bestDistance = distance;
    }
  }
  if (best !== undefined) return best;
  // A truncated or extended name: 'function_sig' for 'function_signature', 'SIGNING' for 'SIGN'.
  let prefix: string | undefined;
  for (const candidate of candidates) {
    const c = candidate.toLowerCase();
    const shorter = Math.min(c.length, lower.length);
    if (shorter >= 4 && (c.startsWith(lower) || lower.startsWith(c)) && (prefix === undefined || candidate.length < prefix.length)) {
      prefix = candidate;
    }
  }
  return prefix;
}
