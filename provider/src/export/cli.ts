// `walletinfra-export`: an existing organization becomes a reviewed Pulumi program. Reads with the
// provider's own settings and session, renders (./render.ts), writes the files, and reports progress and a
// summary on stderr. Exit 0 written, 1 error (one message, no stack trace).
import { mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { WalletInfraError } from '@walletinfra/sdk';
import { exitWith, installedVersion, ownVersion, PROCESS_OUTPUT, runTool, type Tool } from '../cli/run';
import { createContext, type ContextOptions } from '../context';
import { parseArgs, USAGE, type ExportArgs } from './args';
import { KINDS } from '../resources/kinds';
import { renderProject, type ExportOptions } from './render';
import { readOrganization } from './snapshot';

export interface ExportDeps {
  env: Readonly<Record<string, string | undefined>>;
  stdout(text: string): void;
  stderr(text: string): void;
  writeFile(path: string, text: string): void;
  mkdir(path: string): void;
  /** For tests: a clock and an HTTP dispatcher. */
  context?: Pick<ContextOptions, 'now' | 'sleep' | 'clientOptions'>;
  versions?: ExportOptions['versions'];
}

/** The installed versions the project is pinned to. */
export function installedVersions(): ExportOptions['versions'] {
  const typescript = installedVersion('typescript');
  const typesNode = installedVersion('@types/node');
  return {
    walletinfraPulumi: ownVersion(),
    pulumi: installedVersion('@pulumi/pulumi') ?? '^3',
    ...(typescript !== undefined ? { typescript } : {}),
    ...(typesNode !== undefined ? { typesNode } : {}),
  };
}

const EXPORT: Tool<ExportArgs> = { name: 'walletinfra-export', usage: USAGE, parse: parseArgs };

export async function runExport(argv: readonly string[], deps: ExportDeps): Promise<number> {
  return runTool(EXPORT, argv, deps, (args) => exportOrganization(args, deps));
}

async function exportOrganization(args: ExportArgs, deps: ExportDeps): Promise<number> {
  const ctx = createContext({ env: deps.env, ...deps.context });
  try {
    const selector = {
      ...(args.profile !== undefined ? { profile: args.profile } : {}),
      ...(args.organizationId !== undefined ? { organizationId: args.organizationId } : {}),
    };
    const session = ctx.session(selector);
    const snapshot = await readOrganization(session, (line) => deps.stderr(`walletinfra-export: ${line}\n`));
    const result = renderProject(snapshot, {
      ...(args.organizationId !== undefined ? { organizationId: args.organizationId } : {}),
      ...(args.profile !== undefined ? { profile: args.profile } : {}),
      versions: deps.versions ?? installedVersions(),
      language: args.language,
      native: args.native,
    });
    const out = resolve(args.out);
    deps.mkdir(out);
    for (const name of Object.keys(result.files).sort()) deps.writeFile(join(out, name), result.files[name] as string);
    const counts = KINDS.map((kind) => `${result.counts[kind.type] ?? 0} ${kind.plural}`);
    deps.stderr(`walletinfra-export: wrote ${out}: ${counts.join(', ')}\n`);
    if (result.secrets.length > 0) {
      deps.stderr(`walletinfra-export: ${result.secrets.length} secret(s) to set before \`pulumi up\` (the service never returns them):\n`);
      for (const s of result.secrets) deps.stderr(`  ${s.command}\n`);
    } else {
      deps.stderr('walletinfra-export: nothing needs a secret\n');
    }
    return 0;
  } catch (error) {
    if (!(error instanceof WalletInfraError)) throw error;
    deps.stderr(`walletinfra-export: ${error.message}\n`);
    return 1;
  } finally {
    await ctx.close();
  }
}

/** Files written to disk, as the bin writes them (tests that export into a directory use it too). */
export const DISK: Pick<ExportDeps, 'writeFile' | 'mkdir'> = {
  writeFile: (p, t) => writeFileSync(p, t),
  mkdir: (p) => mkdirSync(p, { recursive: true }),
};

/** The bin's entry point. */
export function runCli(): void {
  exitWith(EXPORT.name, () => runExport(process.argv.slice(2), { env: process.env, ...PROCESS_OUTPUT, ...DISK }));
}
