// No source file of the three packages is in an import cycle. Every relative import and re-export counts,
// type-only ones included (a type cycle still ties two files together for a reader). Cycles are found as
// strongly connected components of the import graph (Tarjan) and printed as file lists.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

const ROOT = join(__dirname, '..', '..', '..', '..');
const PACKAGES = ['sdk/src', 'provider/src', 'emulator/src'];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return path.endsWith('.ts') && !path.endsWith('.d.ts') ? [path] : [];
  });
}

const IMPORT =
  /(?:^|\n)\s*(?:import|export)\s[^'";]*?from\s+['"](\.{1,2}\/[^'"]*)['"]|(?:^|\n)\s*import\s+['"](\.{1,2}\/[^'"]*)['"]|require\(\s*['"](\.{1,2}\/[^'"]*)['"]\s*\)/g;

function resolveImport(from: string, spec: string): string | undefined {
  const base = resolve(dirname(from), spec);
  return [`${base}.ts`, join(base, 'index.ts'), base.replace(/\.js$/, '.ts')].find((c) => {
    try {
      return statSync(c).isFile();
    } catch {
      return false;
    }
  });
}

function importGraph(files: readonly string[]): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const file of files) {
    const text = readFileSync(file, 'utf8');
    const targets = [...text.matchAll(IMPORT)]
      .map((m) => resolveImport(file, (m[1] ?? m[2] ?? m[3]) as string))
      .filter((t): t is string => t !== undefined);
    graph.set(file, [...new Set(targets)]);
  }
  return graph;
}

/** Strongly connected components with more than one file, or a file importing itself. */
function cycles(graph: Map<string, string[]>): string[][] {
  let index = 0;
  const indices = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const out: string[][] = [];
  const visit = (v: string): void => {
    indices.set(v, index);
    low.set(v, index);
    index += 1;
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!indices.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v) as number, low.get(w) as number));
      } else if (onStack.has(w)) {
        low.set(v, Math.min(low.get(v) as number, indices.get(w) as number));
      }
    }
    if (low.get(v) === indices.get(v)) {
      const component: string[] = [];
      let w: string;
      do {
        w = stack.pop() as string;
        onStack.delete(w);
        component.push(w);
      } while (w !== v);
      if (component.length > 1 || (graph.get(v) ?? []).includes(v)) out.push(component.sort());
    }
  };
  for (const v of graph.keys()) if (!indices.has(v)) visit(v);
  return out;
}

test('the cycle finder finds a cycle (a -> b -> a) and ignores a chain', () => {
  expect(
    cycles(
      new Map([
        ['a', ['b']],
        ['b', ['a']],
        ['c', ['a']],
      ]),
    ),
  ).toEqual([['a', 'b']]);
  expect(
    cycles(
      new Map([
        ['a', ['b']],
        ['b', ['c']],
        ['c', []],
      ]),
    ),
  ).toEqual([]);
});

test.each(PACKAGES)('no import cycles in %s', (pkg) => {
  const graph = importGraph(sourceFiles(join(ROOT, pkg)));
  expect(cycles(graph).map((c) => c.map((f) => relative(ROOT, f)))).toEqual([]);
});
