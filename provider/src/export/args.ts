// Command-line arguments of `walletinfra-export`. Strict: an unknown flag or a missing value is an error
// that names it and shows the usage, never a stack trace (exit 1).
import { ConfigurationError } from '@walletinfra/sdk';
import { readFlags, switchFlag, stringFlag, valueFlag, type Flags } from '../cli/args';

export interface ExportArgs {
  out: string;
  organizationId?: string;
  profile?: string;
  language: ExportLanguage;
  /** TypeScript on the native provider's generated SDK. */
  native: boolean;
  help: boolean;
  version: boolean;
}

export const LANGUAGES = ['typescript', 'yaml', 'python', 'go'] as const;
export type ExportLanguage = (typeof LANGUAGES)[number];

export const USAGE = `Usage: walletinfra-export --out DIR [options]

Reads an existing organization (policies, webhook endpoints, fiat on-ramp credentials, the
organization-level and per-API-key IP allowlists, private-key tags, session profiles) and writes a
Pulumi project that declares every object with its current values and adopts it: after
\`pulumi up\`, the organization is managed as code and nothing was created.

Options:
  --out DIR                directory to write the project to (created; files in it are overwritten)
  --organization-id ID     organization to read (default: the credentials' organization)
  --profile NAME           named credentials (WALLETINFRA_PROFILE_<NAME>_*), as the provider's \`profile\`
  --language LANG          language of the program: typescript (default), yaml, python or go
                           (supported languages: typescript, yaml, python, go); YAML, Python and Go
                           programs use the native provider (the walletinfra plugin and, but for YAML,
                           the SDK generated from it; the project's README says how to get both)
  --native                 with typescript: the native provider's generated SDK
                           (@walletinfra/pulumi-native) instead of the dynamic classes
  --version                print the version
  -h, --help               print this help

Credentials come from the same environment variables as the provider: WALLETINFRA_ORGANIZATION_ID,
WALLETINFRA_API_PUBLIC_KEY, WALLETINFRA_API_PRIVATE_KEY (and WALLETINFRA_BASE_URL for another endpoint).
Progress and a summary go to stderr. Exit codes: 0 written, 1 error.`;

const FLAGS: Flags<ExportArgs> = {
  '--out': stringFlag('out'),
  '--organization-id': stringFlag('organizationId'),
  '--profile': stringFlag('profile'),
  '--language': valueFlag((out, v) => {
    if (!(LANGUAGES as readonly string[]).includes(v))
      throw new ConfigurationError(`--language ${v}: not supported; supported languages: ${LANGUAGES.join(', ')}`);
    out.language = v as ExportLanguage;
  }),
  '--native': switchFlag((out) => {
    out.native = true;
  }),
};

export function parseArgs(argv: readonly string[]): ExportArgs {
  const out: Partial<ExportArgs> & { help: boolean; version: boolean } = {
    help: false,
    version: false,
    language: 'typescript',
    native: false,
  };
  readFlags(argv, FLAGS, out as ExportArgs, { unknown: (arg, known) => new ConfigurationError(`unknown option ${arg}; known: ${known}`) });
  if (out.native === true && out.language !== 'typescript')
    throw new ConfigurationError(`--native is for --language typescript: ${out.language} programs always use the native provider`);
  if (!out.help && !out.version && out.out === undefined)
    throw new ConfigurationError('--out DIR is required (where to write the project)');
  return out as ExportArgs;
}
