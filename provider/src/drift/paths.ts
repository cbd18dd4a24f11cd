// Property paths as the engine writes them in `detailedDiff` keys: `condition`, `subscriptions[1]`,
// `subscriptions[0].eventType`, `tags["a.b"]` (Pulumi's PropertyPath syntax).

export type PathSegment = string | number;

/** Parses a property path; returns undefined for text that is not a valid path. */
export function parsePropertyPath(path: string): PathSegment[] | undefined {
  const out: PathSegment[] = [];
  let i = 0;
  while (i < path.length) {
    const ch = path[i];
    if (ch === '[') {
      const close = path.indexOf(']', i);
      if (close < 0) return undefined;
      const inner = path.slice(i + 1, close);
      if (/^[0-9]+$/.test(inner)) out.push(Number(inner));
      else if (inner.length >= 2 && inner.startsWith('"') && inner.endsWith('"')) out.push(inner.slice(1, -1));
      else return undefined;
      i = close + 1;
    } else if (ch === '.') {
      if (out.length === 0) return undefined;
      i += 1;
    } else {
      let j = i;
      while (j < path.length && path[j] !== '.' && path[j] !== '[') j += 1;
      out.push(path.slice(i, j));
      i = j;
    }
  }
  return out.length > 0 ? out : undefined;
}

/** The value at `path` inside `root`, or undefined when any step is missing. */
export function getAtPath(root: unknown, path: string): unknown {
  const segments = parsePropertyPath(path);
  if (segments === undefined) return undefined;
  let cur: unknown = root;
  for (const seg of segments) {
    if (cur === null || typeof cur !== 'object') return undefined;
    cur = (cur as Record<string | number, unknown>)[seg];
  }
  return cur;
}

/** The top-level property a path starts with (`subscriptions[1].eventType` -> `subscriptions`). */
export function topLevelKey(path: string): string {
  const segments = parsePropertyPath(path);
  const first = segments?.[0];
  return typeof first === 'string' ? first : path;
}
