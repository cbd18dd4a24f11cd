// Test files named on the command line: files, or directories searched (not recursively) for
// `*.yaml`, `*.yml` and `*.json`, in name order.
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { loadTestFile, type TestCase } from './files';
import { FileProblems, type Problem } from './problems';

const TEST_FILE = /\.(ya?ml|json)$/i;

function testFilesIn(paths: readonly string[]): string[] {
  const out: string[] = [];
  const problems: Problem[] = [];
  for (const p of paths) {
    let isDir: boolean;
    try {
      isDir = statSync(p).isDirectory();
    } catch {
      problems.push({ file: p, message: 'no such file or directory' });
      continue;
    }
    if (!isDir) out.push(p);
    else {
      const found = readdirSync(p)
        .filter((f) => TEST_FILE.test(f))
        .sort()
        .map((f) => join(p, f));
      if (found.length === 0) problems.push({ file: p, message: 'no .yaml, .yml or .json test files in this directory' });
      out.push(...found);
    }
  }
  if (problems.length > 0) throw new FileProblems(problems);
  return out;
}

/** Every case of every file; all files' problems are reported together. */
export function loadTestFiles(paths: readonly string[]): TestCase[] {
  const cases: TestCase[] = [];
  const problems: Problem[] = [];
  for (const file of testFilesIn(paths)) {
    try {
      cases.push(...loadTestFile(file));
    } catch (err) {
      if (err instanceof FileProblems) problems.push(...err.problems);
      else throw err;
    }
  }
  if (problems.length > 0) throw new FileProblems(problems);
  return cases;
}
