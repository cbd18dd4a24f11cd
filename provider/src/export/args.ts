// Command-line arguments of `walletinfra-export`. Strict: an unknown flag or a missing value is an error
// that names it and shows the usage, never a stack trace (exit 1).
import { ConfigurationError } from '@walletinfra/sdk';

export interface ExportArgs {
  out: string;
  organizationId?: string;
  profile?: string;
  language: 'typescript';
  help: boolean;
  version: boolean;
}

export const LANGUAGES = ['typescript'] as const;

export const USAGE = `Usage: walletinfra-export --out DIR [options]

Reads an existing organization (policies, webhook endpoints, fiat on-ramp credentials, the
organization-level and per-API-key IP allowlists, private-key tags, session profiles) and writes a
Pulumi project that declares every object with its current values and adopts it: after
\`pulumi up\`, the organization is managed as code and nothing was created.

Options:
  --out DIR                directory to write the project to (created; files in it are overwritten)
  --organization-id ID     organization to read (default: the credentials' organization)
  --profile NAME           named credentials (WALLETINFRA_PROFILE_<NAME>_*), as the provider's \`profile\`
  --language typescript    language of the program (only typescript)
  --version                print the version
  -h, --help               print this help

Credentials come from the same environment variables as the provider: WALLETINFRA_ORGANIZATION_ID,
WALLETINFRA_API_PUBLIC_KEY, WALLETINFRA_API_PRIVATE_KEY (and WALLETINFRA_BASE_URL for another endpoint).
Progress and a summary go to stderr. Exit codes: 0 written, 1 error.`;

const VALUE_FLAGS = new Set(['--out', '--organization-id', '--profile', '--language']);

export function parseArgs(argv: readonly string[]): ExportArgs {
  const out: Partial<ExportArgs> & { help: boolean; version: boolean } = { help: false, version: false, language: 'typescript' };
  for (let i = 0; i < argv.length; i += 1) {
    const raw = argv[i] as string;
    const eq = raw.startsWith('--') ? raw.indexOf('=') : -1;
    const flag = eq > 0 ? raw.slice(0, eq) : raw;
    let value: string | undefined;
    if (VALUE_FLAGS.has(flag)) {
      value = eq > 0 ? raw.slice(eq + 1) : argv[++i];
      if (value === undefined || value === '' || (eq < 0 && value.startsWith('--'))) throw new ConfigurationError(`${flag} needs a value`);
    } else if (eq > 0) {
      throw new ConfigurationError(`${flag} does not take a value`);
    }
    switch (flag) {
      case '--out':
        out.out = value as string;
        break;
      case '--organization-id':
        out.organizationId = value as string;
        break;
      case '--profile':
        out.profile = value as string;
        break;
      case '--language':
        if (!(LANGUAGES as readonly string[]).includes(value as string)) {
          throw new ConfigurationError(`--language ${value}: not supported; use one of ${LANGUAGES.join(', ')}`);
        }
        break;
      case '-h':
      case '--help':
        out.help = true;
        break;
      case '--version':
        out.version = true;
        break;
      default:
        throw new ConfigurationError(`unknown option ${flag}; known: --out, --organization-id, --profile, --language, --version, --help`);
    }
  }
  if (!out.help && !out.version && out.out === undefined) throw new ConfigurationError('--out DIR is required (where to write the project)');
  return out as ExportArgs;
}
