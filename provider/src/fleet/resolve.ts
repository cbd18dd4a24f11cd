// The fleet as one run sees it: the options file with the flags that override it, the template project, the
// parent's settings (the provider's own resolution of WALLETINFRA_* / TURNKEY_*, or a profile's), the delegated
// key, and the kinds whose undeclared objects are reported. Each error says where the value came from.
import { dirname, resolve } from 'node:path';
import { ConfigurationError } from '@walletinfra/sdk/errors';
import { parseOptions } from '@walletinfra/sdk/options';
import { envSuffix, profileEnvName, resolveSettings, type ProviderSettings } from '../config';
import { messageOf } from '../errors';
import type { Overrides } from './args';
import { allKinds, DEFAULT_UNMANAGED_GOVERNS, kindNamed, type FleetKind } from './kinds';
import { loadOptionsFile, templateDirectory, type FleetOptionsFile, type IgnoreRule } from './options';
import { SelectorSchema, SubOrganizationSelector } from './selector';
import { readTemplateProject, type TemplateProject } from './template/project';

export interface ResolvedFleet {
  options: FleetOptionsFile;
  /** The options file as messages name it. */
  display: string;
  /** The options file's directory (relative paths in it are relative to this). */
  baseDir: string;
  /** Where a field of the options file is: `fleet.yaml:12`. */
  where(path: readonly PropertyKey[]): string;
  project: TemplateProject;
  selector: SubOrganizationSelector;
  /** Where the selector came from: `fleet.yaml:7` or `--select-name`. */
  selectorSource: string;
  parent: ProviderSettings;
  delegatedPublicKey: string;
  unmanagedKinds: FleetKind[];
  ignore: IgnoreRule[];
  /** The fleet's config with bare keys in the template's namespace. */
  config: Record<string, unknown>;
  concurrency: number;
  backend?: string;
  evaluation: 'auto' | 'per-sub-organization';
}

const CREDENTIALS = ['organizationId', 'apiPublicKey', 'apiPrivateKey'] as const;

/** The environment variables a credential may come from: the profile's, or the default and the service SDK's own. */
function credentialVariables(profile: string | undefined, key: (typeof CREDENTIALS)[number]): string[] {
  if (profile !== undefined) return [`WALLETINFRA_PROFILE_${profileEnvName(profile)}_${envSuffix(key)}`];
  return [`WALLETINFRA_${envSuffix(key)}`, `TURNKEY_${envSuffix(key)}`];
}

/** The parent's settings from the environment; a missing one is named with every variable it may come from. */
export function parentSettings(
  profile: string | undefined,
  source: string,
  env: Readonly<Record<string, string | undefined>>,
): ProviderSettings {
  const missing = CREDENTIALS.filter((k) => credentialVariables(profile, k).every((v) => (env[v] ?? '') === '')).map((k) =>
    credentialVariables(profile, k).join(' or '),
  );
  const who = profile === undefined ? 'the parent credentials' : `the parent credentials (profile ${JSON.stringify(profile)}, ${source})`;
  if (missing.length > 0) {
    throw new ConfigurationError(
      `${who}: ${missing.join(', ')} ${missing.length === 1 ? 'is' : 'are'} not set; set the parent organization's id and a read-only API key ` +
        'of one of its users in the environment (docs/fleet.md, "Quick start")',
    );
  }
  try {
    return resolveSettings({ config: () => undefined, env }, profile === undefined ? {} : { profile });
  } catch (error) {
    throw new ConfigurationError(`${who}: ${messageOf(error)}`);
  }
}

function delegatedKey(
  options: FleetOptionsFile,
  where: (path: PropertyKey[]) => string,
  env: Readonly<Record<string, string | undefined>>,
): string {
  const { apiPublicKey, profile } = options.delegated;
  const variable = profile === undefined ? undefined : `WALLETINFRA_PROFILE_${profileEnvName(profile)}_API_PUBLIC_KEY`;
  const fromEnv = variable === undefined ? undefined : env[variable]?.trim().toLowerCase();
  if (apiPublicKey !== undefined && fromEnv !== undefined && fromEnv !== '' && fromEnv !== apiPublicKey) {
    throw new ConfigurationError(
      `${where(['delegated', 'apiPublicKey'])}: delegated.apiPublicKey and ${variable} name different keys; keep one, or make them the same`,
    );
  }
  const key = apiPublicKey ?? fromEnv;
  if (key === undefined || key === '') {
    throw new ConfigurationError(
      `${where(['delegated', 'profile'])}: ${variable ?? 'delegated.apiPublicKey'} is not set; set the delegated API key's public half there, or as delegated.apiPublicKey`,
    );
  }
  if (!/^0[23][0-9a-f]{64}$/.test(key)) {
    throw new ConfigurationError(
      `${variable ?? 'delegated.apiPublicKey'}: must be a compressed P-256 public key in hex (66 characters, starting 02 or 03)`,
    );
  }
  return key;
}

function unmanagedKinds(options: FleetOptionsFile): FleetKind[] {
  const named = options.unmanaged?.kinds;
  if (named !== undefined) return named.map((t) => kindNamed(t) as FleetKind);
  return allKinds().filter((k) => DEFAULT_UNMANAGED_GOVERNS.includes(k.governs));
}

/** The options with the flags applied, checked as the file's fields are. */
function withOverrides(options: FleetOptionsFile, overrides: Overrides): FleetOptionsFile {
  const { template, names, ids, exclude, concurrency, backend, evaluation } = overrides;
  const selector =
    names !== undefined || ids !== undefined || exclude !== undefined
      ? {
          ...(names !== undefined || ids !== undefined ? {} : options.selector),
          ...(names !== undefined ? { names } : {}),
          ...(ids !== undefined ? { ids } : {}),
          ...((exclude ?? options.selector?.exclude) !== undefined ? { exclude: exclude ?? options.selector?.exclude } : {}),
        }
      : options.selector;
  return {
    ...options,
    ...(template !== undefined ? { template } : {}),
    ...(selector !== undefined
      ? { selector: parseOptions(SelectorSchema, selector, { prefix: '--select-name/--select-id/--exclude: ', path: ['selector'] }) }
      : {}),
    ...(concurrency !== undefined ? { concurrency } : {}),
    ...(backend !== undefined ? { backend } : {}),
    ...(evaluation !== undefined ? { evaluation } : {}),
  };
}

/** Reads and resolves the fleet for a run in `cwd`. */
export function resolveFleet(
  file: string,
  overrides: Overrides,
  cwd: string,
  env: Readonly<Record<string, string | undefined>>,
): ResolvedFleet {
  const loaded = loadOptionsFile(file, cwd);
  const options = withOverrides(loaded.options, overrides);
  const where = (path: PropertyKey[]): string => loaded.where(path);
  const flagged = overrides.names !== undefined || overrides.ids !== undefined || overrides.exclude !== undefined;
  const templateSource = overrides.template !== undefined ? '--template' : where(['template']);
  const templateDir = templateDirectory(
    options.template,
    overrides.template !== undefined ? cwd : dirname(resolve(cwd, file)),
    templateSource,
  );
  const project = readTemplateProject(templateDir, templateSource);
  const config = Object.fromEntries(
    Object.entries(options.config ?? {}).map(([k, v]) => [k.includes(':') ? k : `${project.name}:${k}`, v]),
  );
  const parent = parentSettings(options.parent?.profile, where(['parent', 'profile']), env);
  const retryBudgetMs = options.retryBudgetMs ?? parent.retryBudgetMs;
  const backend =
    options.backend ?? (env.PULUMI_BACKEND_URL !== undefined && env.PULUMI_BACKEND_URL !== '' ? env.PULUMI_BACKEND_URL : undefined);
  return {
    options,
    display: loaded.display,
    baseDir: dirname(resolve(cwd, file)),
    where,
    project,
    selector: new SubOrganizationSelector(options.selector ?? {}),
    selectorSource: flagged ? '--select-name/--select-id/--exclude' : where(['selector']),
    parent: { ...parent, retryBudgetMs, maxConcurrentRequests: options.concurrency },
    delegatedPublicKey: delegatedKey(options, where, env),
    unmanagedKinds: unmanagedKinds(options),
    ignore: options.unmanaged?.ignore ?? [],
    config,
    concurrency: options.concurrency,
    ...(backend !== undefined ? { backend } : {}),
    evaluation: options.evaluation,
  };
}
