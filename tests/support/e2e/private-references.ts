// References to the maintainers' private notes, which nobody who gets the code can open. Shipped files, docs and
// comments cite public sources (docs.turnkey.com, npm packages, Pulumi docs and issues) or docs/service-behaviour.md.
// The patterns are assembled from pieces so this file does not match itself.
const SECTION = '\u00a7';
export const PRIVATE_REFERENCE_PATTERNS: readonly RegExp[] = [
  new RegExp(`\\bfacts ?${SECTION}`),
  new RegExp(`\\bspec ?${SECTION}`),
  new RegExp(['api', 'facts'].join('-')),
  new RegExp(['pulumi-dynamic-provider', 'facts'].join('-')),
  new RegExp(['interface', 'spec'].join('-')),
  new RegExp(`\\b${'STYLE'}(:|\\.md)`),
  // Any relative path into a parent's `shared` folder, even if it were ours: our own folders are named otherwise.
  new RegExp(`\\.\\./${'shared'}\\b`),
  new RegExp(`\\b[Ii]ssues? #?\\d+\\b`),
  // A section sign is fine only in an RFC citation ("RFC 9110 §10.2.3"); any other points into a private document.
  new RegExp(`(?<!RFC \\d+ )${SECTION} ?\\d`),
];

interface PrivateReference {
  file: string;
  line: number;
  text: string;
}

/** Every line of `text` that matches one of the patterns. */
export function findPrivateReferences(file: string, text: string): PrivateReference[] {
  const found: PrivateReference[] = [];
  text.split('\n').forEach((line, i) => {
    if (PRIVATE_REFERENCE_PATTERNS.some((p) => p.test(line))) found.push({ file, line: i + 1, text: line.trim().slice(0, 200) });
  });
  return found;
}
