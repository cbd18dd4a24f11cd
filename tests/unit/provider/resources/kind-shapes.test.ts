// The compiler, not a run-time check, holds a kind to its shape: kind-shapes.types.ts marks each mistake that must
// not compile with `// @ts-expect-error -- <what is missing>`. This test compiles that file with the directives
// taken out and checks that the compiler fails on exactly those lines, each time naming what is missing (a step,
// a kind's steps module, a declaration's `listing`, the export read of a kind no list holds...), and nowhere else.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import * as ts from 'typescript';

const ROOT = join(__dirname, '..', '..', '..', '..');
const FILE = join(__dirname, 'kind-shapes.types.ts');
const DIRECTIVE = /\/\/ @ts-expect-error -- (\S+)/;

function compilerOptions(): ts.CompilerOptions {
  const parsed = ts.getParsedCommandLineOfConfigFile(
    join(ROOT, 'tests', 'tsconfig.json'),
    {},
    {
      ...ts.sys,
      onUnRecoverableConfigFileDiagnostic: (d) => {
        throw new Error(ts.flattenDiagnosticMessageText(d.messageText, '\n'));
      },
    },
  );
  if (parsed === undefined) throw new Error('tests/tsconfig.json could not be read');
  return { ...parsed.options, noEmit: true };
}

/** The errors of `FILE` compiled with `text` in its place: each one's line (1-based) and message. */
function errorsOf(text: string): Array<{ line: number; message: string }> {
  const options = compilerOptions();
  const host = ts.createCompilerHost(options);
  const read = host.getSourceFile.bind(host);
  host.getSourceFile = (name, language, onError) =>
    name === FILE ? ts.createSourceFile(name, text, language) : read(name, language, onError);
  const program = ts.createProgram([FILE], options, host);
  return ts
    .getPreEmitDiagnostics(program)
    .filter((d) => d.file?.fileName === FILE && d.start !== undefined)
    .map((d) => ({
      line: (d.file as ts.SourceFile).getLineAndCharacterOfPosition(d.start as number).line + 1,
      message: ts.flattenDiagnosticMessageText(d.messageText, '\n'),
    }));
}

test('each mistake marked in kind-shapes.types.ts fails to compile, naming what is missing, and nothing else fails', () => {
  const lines = readFileSync(FILE, 'utf8').split('\n');
  const marked = lines.flatMap((text, i) => {
    const missing = DIRECTIVE.exec(text)?.[1];
    return missing === undefined ? [] : [{ line: i + 2, missing }];
  });
  expect(marked.map((m) => m.missing)).toEqual([
    'read',
    'rootQuorum',
    'delete',
    'listing',
    'writes',
    'idProperty',
    'importId',
    'singleton',
    'read',
  ]);
  const errors = errorsOf(lines.map((text) => text.replace(DIRECTIVE, '// (must not compile)')).join('\n'));
  expect([...new Set(errors.map((e) => e.line))].sort((a, b) => a - b)).toEqual(marked.map((m) => m.line));
  for (const { line, missing } of marked) {
    expect({ line, names: errors.some((e) => e.line === line && e.message.includes(`'${missing}'`)) }).toEqual({ line, names: true });
  }
});
