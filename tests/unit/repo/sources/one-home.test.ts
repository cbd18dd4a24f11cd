// A value of Pulumi's wire and a type token are written in one place each in the provider's sources: the
// secret signature, the unknown sentinel and the serialized provider's key in provider/src/wire.ts, type tokens
// in provider/src/tokens.ts, the status of an activity waiting for approvals in its session module. The test
// reads every string and template literal of provider/src (comments do not count) and names each file that
// spells one of them out elsewhere.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import * as ts from 'typescript';

const ROOT = join(__dirname, '..', '..', '..', '..');
const SRC = join(ROOT, 'provider', 'src');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return path.endsWith('.ts') && !path.endsWith('.d.ts') ? [path] : [];
  });
}

/** The text of every string and template literal in `text` (the parts between a template's placeholders). */
function literals(text: string): string[] {
  const file = ts.createSourceFile('source.ts', text, ts.ScriptTarget.Latest, false);
  const out: string[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isStringLiteralLike(node) || ts.isTemplateLiteralToken(node)) out.push(node.text);
    node.forEachChild(visit);
  };
  visit(file);
  return out;
}

/** What must be written in one file only, and that file (relative to provider/src). */
const HOMES: Array<{ what: string; home: string; matches: (literal: string) => boolean }> = [
  {
    what: "Pulumi's secret signature",
    home: 'wire.ts',
    matches: (l) => /4dabf18193072939515e22adb298388d|1b47061264138c4ac30d75fd1eb44270/.test(l),
  },
  { what: 'the unknown sentinel', home: 'wire.ts', matches: (l) => l.includes('04da6b54-80e4-46f7-96ec-b56ff0331ba9') },
  { what: "the serialized provider's key", home: 'wire.ts', matches: (l) => l === '__provider' },
  {
    what: 'a type token',
    home: 'tokens.ts',
    matches: (l) => l.includes('pulumi-nodejs:dynamic/') || /^:?index:|walletinfra:index:/.test(l),
  },
  { what: 'the waiting activity status', home: 'session/activity-history.ts', matches: (l) => l === 'ACTIVITY_STATUS_CONSENSUS_NEEDED' },
];

test('literals are read from code, not from comments', () => {
  expect(literals("// '__provider'\nconst a = '__provider'; /* `x` */ const b = `pulumi-nodejs:dynamic/${a}:T`;")).toEqual([
    '__provider',
    'pulumi-nodejs:dynamic/',
    ':T',
  ]);
});

test.each(HOMES)('$what is written in provider/src/$home only', ({ home, matches }) => {
  const found = sourceFiles(SRC).filter((file) => literals(readFileSync(file, 'utf8')).some(matches));
  expect(found.map((file) => relative(SRC, file))).toEqual([home]);
});
