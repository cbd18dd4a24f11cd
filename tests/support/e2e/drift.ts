// Runs the built `walletinfra-drift` bin (provider/dist/drift/cli.js, what `npx walletinfra-drift` runs)
// against a test project, with the project's Pulumi environment.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { REPO_ROOT, run } from './process';
import type { PulumiProject } from './project';

export interface DriftRun {
  code: number;
  stdout: string;
  stderr: string;
  json?: unknown;
  markdown?: string;
}

export async function runDrift(project: PulumiProject, args: readonly string[]): Promise<DriftRun> {
  const out = mkdtempSync(join(project.dir, 'drift-out-'));
  try {
    const jsonOut = join(out, 'report.json');
    const mdOut = join(out, 'report.md');
    const bin = join(REPO_ROOT, 'provider', 'dist', 'drift', 'cli.js');
    const result = await run(process.execPath, [bin, '--cwd', project.dir, '--json-out', jsonOut, '--md-out', mdOut, ...args], {
      cwd: project.dir,
      env: project.env,
    });
    const read = (p: string): string | undefined => {
      try {
        return readFileSync(p, 'utf8');
      } catch {
        return undefined;
      }
    };
    const json = read(jsonOut);
    const markdown = read(mdOut);
    return { ...result, ...(json !== undefined ? { json: JSON.parse(json) } : {}), ...(markdown !== undefined ? { markdown } : {}) };
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
}
