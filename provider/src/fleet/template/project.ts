// The template's Pulumi project as scan reads it: its name and runtime from Pulumi.yaml (https://www.pulumi.com/docs/iac/concepts/projects/project-file/),
// where its program is, and a digest of its files (reports of different templates do not merge).
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { parse } from 'yaml';
import { ConfigurationError } from '@walletinfra/sdk/errors';

export interface TemplateProject {
  dir: string;
  /** The project name: the config namespace of bare keys, and the stacks' project. */
  name: string;
  language: 'typescript' | 'yaml';
  /** `main` from Pulumi.yaml, when set. */
  main?: string;
  /** The file holding a YAML program (Pulumi.yaml itself unless `main` names a directory with Main.yaml). */
  yamlFile?: string;
  digest: string;
}

/** Directories and files that are no part of the template's source. */
const SKIPPED = new Set(['node_modules', '.git', 'bin', 'dist', '.pulumi']);
/** A template bigger than this is not hashed whole (a mistake: the options point at a repository's root). */
const MAX_FILES = 2_000;

function sourceFiles(dir: string, root: string, out: string[]): void {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (SKIPPED.has(entry.name)) continue;
    const path = join(dir, entry.name);
    if (entry.isDirectory()) sourceFiles(path, root, out);
    // Per-stack settings files (Pulumi.<stack>.yaml) are the stacks', not the template's.
    else if (entry.isFile() && !/^Pulumi\.[^.]+\.ya?ml$/.test(entry.name)) out.push(relative(root, path).split(sep).join('/'));
    if (out.length > MAX_FILES) {
      throw new ConfigurationError(
        `template ${root}: more than ${MAX_FILES} files; point the options' template at the template's own Pulumi project directory`,
      );
    }
  }
}

/** sha256 over the template's files, by path (node_modules, bin, dist and per-stack settings left out). */
export function templateDigest(dir: string): string {
  const files: string[] = [];
  sourceFiles(dir, dir, files);
  const hash = createHash('sha256');
  for (const file of files.sort()) {
    hash.update(`${file}\0`);
    hash.update(readFileSync(join(dir, file)));
    hash.update('\0');
  }
  return `sha256:${hash.digest('hex')}`;
}

/** Reads the template's Pulumi.yaml; `source` says where the template was named, for errors. */
export function readTemplateProject(dir: string, source: string): TemplateProject {
  const file = existsSync(join(dir, 'Pulumi.yaml')) ? join(dir, 'Pulumi.yaml') : join(dir, 'Pulumi.yml');
  let doc: unknown;
  try {
    doc = parse(readFileSync(file, 'utf8'));
  } catch (error) {
    throw new ConfigurationError(`${source}: ${file}: not valid YAML (${(error as Error).message.split('\n')[0] ?? ''})`);
  }
  const project = (doc ?? {}) as { name?: unknown; runtime?: unknown; main?: unknown };
  const runtime = typeof project.runtime === 'string' ? project.runtime : (project.runtime as { name?: unknown } | undefined)?.name;
  if (typeof project.name !== 'string' || project.name === '') throw new ConfigurationError(`${source}: ${file}: no project name`);
  const main = typeof project.main === 'string' ? project.main : undefined;
  const base = { dir, name: project.name, ...(main !== undefined ? { main } : {}), digest: templateDigest(dir) };
  if (runtime === 'nodejs') return { ...base, language: 'typescript' };
  if (runtime === 'yaml') {
    const mainDir = main !== undefined ? join(dir, main) : undefined;
    const yamlFile = mainDir !== undefined && existsSync(mainDir) && statSync(mainDir).isDirectory() ? join(mainDir, 'Main.yaml') : file;
    return { ...base, language: 'yaml', yamlFile };
  }
  throw new ConfigurationError(
    `${source}: ${file}: runtime ${JSON.stringify(runtime)}: a fleet template is a TypeScript (or JavaScript) program, runtime nodejs, or a YAML program, runtime yaml`,
  );
}
