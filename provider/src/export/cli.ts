// `walletinfra-export`: an existing organization becomes a reviewed Pulumi program. Reads with the
// provider's own settings and session, renders (./render.ts), writes the files, and reports progress and a
// summary on stderr. Exit 0 written, 1 error (one message, no stack trace).
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { WalletInfraError } from '@walletinfra/sdk';
import { createContext, type ContextOptions } from '../runtime/context';
import { parseArgs, USAGE } from './args';
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

function versionOf(pkg: string): string | undefined {
  try {
    return (JSON.parse(readFileSync(require.resolve(`${pkg}/package.json`), 'utf8')) as { version?: string }).version;
  } catch {
    return undefined;
  }
}

/** This package's version (src/export and dist/export are both two levels below package.json). */
function ownVersion(): string {
  return (JSON.parse(readFileSync(join(__dirname, '..', '..', 'package.json'), 'utf8')) as { version: string }).version;
}

/** The installed versions the project is pinned to. */
export function installedVersions(): ExportOptions['versions'] {
  const typescript = versionOf('typescript');
  const typesNode = versionOf('@types/node');
  return {
    walletinfraPulumi: ownVersion(),
    pulumi: versionOf('@pulumi/pulumi') ?? '^3',
    ...(typescript !== undefined ? { typescript } : {}),
    ...(typesNode !== undefined ? { typesNode } : {}),
  };
}

const KIND_NAMES: Record<string, string> = {
  policies: 'policies',
  webhookEndpoints: 'webhook endpoints',
  fiatOnRampCredentials: 'fiat on-ramp credentials',
  ipAllowlists: 'IP allowlists',
  privateKeyTags: 'private-key tags',
  sessionProfiles: 'session profiles',
};

export async function runExport(argv: readonly string[], deps: ExportDeps): Promise<number> {
  let args;
  try {
    args = parseArgs(argv);
  } catch (error) {
    deps.stderr(`walletinfra-export: ${(error as Error).message}\n\n${USAGE}\n`);
    return 1;
  }
  if (args.help) {
    deps.stdout(`${USAGE}\n`);
    return 0;
  }
  if (args.version) {
    deps.stdout(`${ownVersion()}\n`);
    return 0;
  }
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
    });
    const out = resolve(args.out);
    deps.mkdir(out);
    for (const name of Object.keys(result.files).sort()) deps.writeFile(join(out, name), result.files[name] as string);
    const counts = Object.entries(KIND_NAMES).map(([k, label]) => `${result.counts[k] ?? 0} ${label}`);
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

/** The bin's entry point. */
export function runCli(): void {
  runExport(process.argv.slice(2), {
    env: process.env,
    stdout: (t) => process.stdout.write(t),
    stderr: (t) => process.stderr.write(t),
    writeFile: (p, t) => writeFileSync(p, t),
    mkdir: (p) => mkdirSync(p, { recursive: true }),
  }).then(
    (code) => {
      process.exitCode = code;
    },
    (error: unknown) => {
      process.stderr.write(`walletinfra-export: unexpected error: ${error instanceof Error ? error.message : String(error)}\n`);
      process.exitCode = 1;
    },
  );
}
