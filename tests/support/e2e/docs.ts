// What the docs tell a newcomer to type, read from the docs themselves: the fenced code blocks of a markdown
// section (a block preceded by a line "`<file>`:" is that file's text, an `sh` block commands to run), the
// examples of docs/native/*.md per language, and those examples made into one project per language, each
// example kept as written (its own file; Go's `func main` made a function main calls, since a Go program has
// one `main`).
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse, stringify } from 'yaml';
import type { ProgramLanguage } from '@walletinfra/pulumi/native/examples';
import { REPO_ROOT, run, type RunResult } from './process';

export interface CodeBlock {
  /** The fence's language: `sh`, `yaml`, `python`, `go`, `typescript`. */
  lang: string;
  code: string;
  /** The file the block is the text of, when the line before it says so (`Pulumi.yaml`:). */
  file?: string;
}

/** The lines of `markdown` under the heading line `heading`, up to the next heading of its level or above. */
export function markdownSection(markdown: string, heading: string): string {
  const lines = markdown.split('\n');
  const start = lines.indexOf(heading);
  if (start < 0) throw new Error(`no heading ${JSON.stringify(heading)}`);
  const level = /^#+/.exec(heading)?.[0].length ?? 1;
  const end = lines.findIndex((line, i) => i > start && /^#+ /.test(line) && (/^#+/.exec(line)?.[0].length ?? 9) <= level);
  return lines.slice(start + 1, end < 0 ? undefined : end).join('\n');
}

/** The fenced code blocks of `markdown`, in order. */
export function codeBlocks(markdown: string): CodeBlock[] {
  const blocks: CodeBlock[] = [];
  const lines = markdown.split('\n');
  for (let i = 0; i < lines.length; i += 1) {
    const open = /^(\s*)```(\w*)\s*$/.exec(lines[i]!);
    if (open === null) continue;
    const indent = open[1]!.length;
    const body: string[] = [];
    let j = i + 1;
    for (; j < lines.length && !/^\s*```\s*$/.test(lines[j]!); j += 1) body.push(lines[j]!.slice(indent));
    const before = lines
      .slice(0, i)
      .reverse()
      .find((l) => l.trim() !== '');
    const file = /^`([^`]+)`:$/.exec(before?.trim() ?? '')?.[1];
    blocks.push({ lang: open[2]!, code: `${body.join('\n')}\n`, ...(file !== undefined ? { file } : {}) });
    i = j;
  }
  return blocks;
}

/** `<…>` placeholders of a command outside its comment. */
function placeholders(line: string): string[] {
  const command = line.replace(/\s#.*$/, '');
  return [...command.matchAll(/<[^<>\s][^<>]*>/g)].map((m) => m[0]);
}

/**
 * The commands of an `sh` block with their placeholders replaced; a placeholder without a value is an error
 * naming it (the docs changed, and the test must learn what to type there).
 */
export function substituted(script: string, values: Readonly<Record<string, string>>): string {
  let out = script;
  for (const [placeholder, value] of Object.entries(values)) out = out.split(placeholder).join(value);
  const left = out.split('\n').flatMap(placeholders);
  if (left.length > 0) throw new Error(`the commands hold placeholders the test has no value for: ${left.join(', ')}\n${script}`);
  return out;
}

/** Runs an `sh` block as a script (stopping at the first failing command) in `cwd`. */
export function runCommands(script: string, cwd: string, env: NodeJS.ProcessEnv): Promise<RunResult> {
  return run('bash', bashArgs(script), { cwd, env });
}

/** The arguments of the `bash` that runs a page's commands as a script ({@link runCommands}). */
export function bashArgs(script: string): string[] {
  return ['--noprofile', '--norc', '-eo', 'pipefail', '-c', script];
}

// ---- docs/native ----

export const NATIVE_DOCS = join(REPO_ROOT, 'docs', 'native');

const FENCES: Record<ProgramLanguage, string> = { yaml: 'yaml', python: 'python', go: 'go', typescript: 'typescript' };

export interface DocExample {
  /** The page's name: `ApiKey`. */
  page: string;
  code: string;
}

/** The resource pages of docs/native, by name. */
function resourcePages(): Array<{ page: string; text: string }> {
  return readdirSync(NATIVE_DOCS)
    .filter((f) => f.endsWith('.md') && f !== 'README.md' && f !== 'functions.md')
    .sort()
    .map((f) => ({ page: f.replace(/\.md$/, ''), text: readFileSync(join(NATIVE_DOCS, f), 'utf8') }));
}

/** Every page's example in `language`, as the page writes it (its "## Example" section). */
export function docExamples(language: ProgramLanguage): DocExample[] {
  return resourcePages().map(({ page, text }) => {
    const blocks = codeBlocks(markdownSection(text, '## Example')).filter((b) => b.lang === FENCES[language]);
    if (blocks.length !== 1) throw new Error(`docs/native/${page}.md has ${blocks.length} ${language} examples; it should have one`);
    return { page, code: blocks[0]!.code };
  });
}

/** The commands the pages' examples say to run first (the stack config they read), each once. */
export function docExampleCommands(): string[] {
  const lines = resourcePages().flatMap(({ text }) =>
    codeBlocks(markdownSection(text, '## Example'))
      .filter((b) => b.lang === 'sh')
      .flatMap((b) => b.code.split('\n').filter((l) => l.trim() !== '')),
  );
  return [...new Set(lines)];
}

/** The examples of one language as the files of one project (file name -> text). */
export function examplesProject(language: ProgramLanguage, examples: readonly DocExample[]): Record<string, string> {
  const module = (e: DocExample) => `example_${e.page.toLowerCase()}`;
  switch (language) {
    case 'yaml':
      return { 'Main.yaml': mergedYaml(examples) };
    case 'python':
      return {
        ...Object.fromEntries(examples.map((e) => [`${module(e)}.py`, e.code])),
        '__main__.py': examples.map((e) => `import ${module(e)}  # noqa: F401\n`).join(''),
      };
    case 'typescript':
      return {
        ...Object.fromEntries(examples.map((e) => [`${module(e)}.ts`, e.code])),
        'index.ts': examples.map((e) => `import "./${module(e)}";\n`).join(''),
      };
    case 'go': {
      const files = Object.fromEntries(examples.map((e) => [`${module(e)}.go`, goExampleFunction(e)]));
      const calls = examples.map((e) => `\t\tif err := example${e.page}(ctx); err != nil {\n\t\t\treturn err\n\t\t}\n`).join('');
      const main = [
        'package main',
        '',
        'import "github.com/pulumi/pulumi/sdk/v3/go/pulumi"',
        '',
        'func main() {',
        `\tpulumi.Run(func(ctx *pulumi.Context) error {\n${calls}\t\treturn nil`,
        '\t})',
        '}',
        '',
      ].join('\n');
      return { ...files, 'main.go': main };
    }
  }
}

const GO_MAIN = /\nfunc main\(\) \{\n\tpulumi\.Run\(func\(ctx \*pulumi\.Context\) error \{\n([\s\S]*)\n\t\}\)\n\}\n$/;

/** A Go example with its `main` made the function `example<Page>(ctx)`, the body as written. */
function goExampleFunction(e: DocExample): string {
  if (!GO_MAIN.test(e.code)) throw new Error(`docs/native/${e.page}.md's Go example is not a main that calls pulumi.Run`);
  return e.code.replace(GO_MAIN, (_all, body: string) => `\nfunc example${e.page}(ctx *pulumi.Context) error {\n${body}\n}\n`);
}

/** YAML examples as one program: their config, variables, resources and outputs together (a name used twice is an error). */
function mergedYaml(examples: readonly DocExample[]): string {
  const merged: Record<string, Record<string, unknown>> = {};
  for (const e of examples) {
    const program = parse(e.code) as Record<string, Record<string, unknown>>;
    for (const [section, entries] of Object.entries(program)) {
      const into = (merged[section] ??= {});
      for (const [name, value] of Object.entries(entries)) {
        if (name in into && JSON.stringify(into[name]) !== JSON.stringify(value)) {
          throw new Error(`docs/native/${e.page}.md declares ${section}.${name}, which another example declares differently`);
        }
        into[name] = value;
      }
    }
  }
  return stringify(merged, { lineWidth: 0 });
}
