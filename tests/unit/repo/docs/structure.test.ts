// The repository's Markdown stays navigable: no section appears twice in one file (the trace of a merge that kept both
// sides), and every relative link points at a file that exists and, with a #fragment, at a heading that exists there.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, normalize } from 'node:path';

const ROOT = join(__dirname, '..', '..', '..', '..');
const docs = execFileSync('git', ['ls-files', '-z', '*.md'], { cwd: ROOT, encoding: 'utf8' })
  .split('\0')
  .filter((f) => f !== '' && !f.startsWith('third_party/'));

/** The text outside fenced code blocks, where a `#` line is a shell comment and not a heading. */
function prose(file: string): string {
  return readFileSync(join(ROOT, file), 'utf8').replace(/^```[\s\S]*?^```/gm, '');
}

function headings(text: string, level?: number): string[] {
  const re = level === undefined ? /^#{1,6} (.*)$/gm : new RegExp(`^#{${level}} (.*)$`, 'gm');
  return [...text.matchAll(re)].map((m) => (m[1] ?? '').trim());
}

/** GitHub's heading anchors: lower case, punctuation dropped, spaces to hyphens, repeats numbered -1, -2, ... */
function anchors(text: string): Set<string> {
  const seen = new Map<string, number>();
  const out = new Set<string>();
  for (const h of headings(text)) {
    const slug = h
      .toLowerCase()
      .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
      .replace(/[^\p{L}\p{N} _-]/gu, '')
      .replace(/ /g, '-');
    const n = seen.get(slug) ?? 0;
    out.add(n === 0 ? slug : `${slug}-${n}`);
    seen.set(slug, n + 1);
  }
  return out;
}

test('there are documents to check', () => {
  expect(docs).toEqual(expect.arrayContaining(['README.md', 'sdk/README.md', 'provider/README.md', 'emulator/README.md']));
});

test.each(docs)('%s repeats no section', (file) => {
  const h2 = headings(prose(file), 2);
  expect(h2.filter((h, i) => h2.indexOf(h) !== i)).toEqual([]);
});

test.each(docs)('%s links only to files and headings that exist', (file) => {
  const broken: string[] = [];
  for (const [, link = ''] of prose(file).matchAll(/\]\(([^)\s]+)\)/g)) {
    if (/^[a-z][a-z0-9+.-]*:/i.test(link)) continue; // https:, mailto:
    const [path = '', fragment] = link.split('#');
    const target = path === '' ? file : normalize(join(dirname(file), path));
    if (!existsSync(join(ROOT, target))) {
      broken.push(`${link} (no such file)`);
    } else if (fragment !== undefined && target.endsWith('.md') && !anchors(prose(target)).has(fragment)) {
      broken.push(`${link} (no such heading)`);
    }
  }
  expect(broken).toEqual([]);
});
