// Nothing in the repository points at the maintainers' private notes (section numbers of their fact sheets, style-guide or
// tracker numbers): a user or maintainer cannot open them. Public sources or docs/service-behaviour.md instead.
// (The packed tarballs are checked the same way by tests/e2e/packed-install.test.ts.)
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { findPrivateReferences, PRIVATE_REFERENCE_PATTERNS } from '../../../support/e2e/private-references';

const ROOT = join(__dirname, '..', '..', '..', '..');
/** Pulumi's upstream files are kept verbatim; the lockfile is generated. */
const SKIP = [/^third_party\//, /^package-lock\.json$/, /\.(png|svg|db|tgz|gz)$/];

test('the patterns catch what they are meant to, and ordinary prose passes', () => {
  const hits = (s: string) => findPrivateReferences('x', s).length;
  expect(hits(`see ${'facts'} \u00a74.2`)).toBe(1);
  expect(hits(`(${'spec'} \u00a75 rule 1)`)).toBe(1);
  expect(hits(`${'STYLE'}: one thing per file`)).toBe(1);
  expect(hits(`fixed in ${'issue'} 12`)).toBe(1);
  expect(hits(`import { sameValue } from '../${'shared'}/diff';`)).toBe(1);
  expect(hits('every resource of the contract (\u00a72) and every request (\u00a74.2-4.5)')).toBe(1);
  expect(hits('see docs/service-behaviour.md#webhook-endpoints and pulumi/pulumi#16175')).toBe(0);
  expect(hits('RFC 9110 \u00a710.2.3; zod issues are reworded')).toBe(0);
  expect(PRIVATE_REFERENCE_PATTERNS.length).toBeGreaterThan(5);
});

test('no tracked file refers to private notes', () => {
  const files = execFileSync('git', ['ls-files', '-z'], { cwd: ROOT, encoding: 'utf8' })
    .split('\0')
    .filter((f) => f !== '' && !SKIP.some((p) => p.test(f)));
  expect(files.length).toBeGreaterThan(100);
  const found = files.flatMap((f) => {
    let text: string;
    try {
      text = readFileSync(join(ROOT, f), 'utf8');
    } catch {
      return []; // deleted in the working tree
    }
    return findPrivateReferences(f, text);
  });
  expect(found).toEqual([]);
});
