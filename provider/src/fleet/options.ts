// The fleet options file (`fleet.yaml`, or JSON): one strict, documented object that says which template, which
// sub-organizations, whose credentials, how many requests at once and where the rollout keeps its stacks.
// Command-line flags override a field each (./args.ts). Every error names the field, where its value came from
// (the file and line, or the flag) and what to do; an unknown key lists the known ones. docs/fleet.md,
// "The options file" documents every field; the rollout (`up`) adds its own section here.
import { existsSync, readFileSync, statSync } from 'node:fs';
import { isAbsolute, relative, resolve } from 'node:path';
import { LineCounter, parseDocument, isMap, isScalar, type Node } from 'yaml';
import { z } from 'zod';
import { ConfigurationError } from '@walletinfra/sdk/errors';
import { got, parseOptions } from '@walletinfra/sdk/options';
import { kindNamed, kindTypes } from './kinds';
import { SelectorSchema, type Selector } from './selector';

/** The options file `walletinfra-fleet` reads when `--options` is not given. */
export const DEFAULT_OPTIONS_FILE = 'fleet.yaml';

export const MAX_CONCURRENCY = 64;

const name = z
  .string({ error: got('must be the fleet’s name: letters, digits, ".", "_" and "-"') })
  .regex(/^[A-Za-z0-9][A-Za-z0-9._-]*$/, { error: got('must be the fleet’s name: letters, digits, ".", "_" and "-"') });
const profile = z
  .string({ error: got('must be a profile name (letters, digits, "-" and "_")') })
  .regex(/^[A-Za-z0-9][A-Za-z0-9_-]*$/, { error: got('must be a profile name (letters, digits, "-" and "_")') });
const hexKey = z
  .string({ error: got('must be a compressed P-256 public key in hex (66 characters, starting 02 or 03)') })
  .trim()
  .regex(/^0[23][0-9a-fA-F]{64}$/, { error: got('must be a compressed P-256 public key in hex (66 characters, starting 02 or 03)') })
  .transform((v) => v.toLowerCase());
const kindType = z.string({ error: got(`must be a resource kind: ${kindTypes().join(', ')}`) }).refine((v) => kindNamed(v) !== undefined, {
  error: got(`must be a resource kind: ${kindTypes().join(', ')}`),
});

/** `3` (sub-organizations) or `10%` (of those the rollout runs, rounded down, as StackSets' FailureTolerancePercentage). */
export const FailureToleranceSchema = z
  .union([z.int(), z.string()], { error: got('must be a number of sub-organizations (2) or a percentage of them (10%)') })
  .transform((v, ctx) => {
    const parsed = parseFailureTolerance(String(v));
    if (typeof parsed === 'string') {
      ctx.addIssue({ code: 'custom', input: v, message: parsed });
      return z.NEVER;
    }
    return parsed;
  });

/** How many may fail: a count, or a percentage of the sub-organizations a rollout runs. */
export type FailureTolerance = { count: number } | { percent: number };

/** `2` → `{ count: 2 }`, `10%` → `{ percent: 10 }`; a message when it is neither. */
export function parseFailureTolerance(text: string): FailureTolerance | string {
  const m = /^\s*(\d+(?:\.\d+)?)\s*(%?)\s*$/.exec(text);
  const fix = `must be a number of sub-organizations (2) or a percentage of them (10%), got ${JSON.stringify(text)}`;
  if (m === null) return fix;
  const n = Number(m[1]);
  if (m[2] === '%') return n <= 100 ? { percent: n } : `must be a percentage from 0% to 100%, got ${JSON.stringify(text)}`;
  return Number.isInteger(n) ? { count: n } : fix;
}

/** The most stacks a rollout runs at once. */
export const MAX_CONCURRENT_STACKS = 64;

/** `up`: how a rollout runs (docs/fleet.md, "Rolling out: walletinfra-fleet up"). */
export const UpOptionsSchema = z.strictObject({
  /** Stacks running at once (StackSets' MaxConcurrentCount); strict failure tolerance may run fewer. */
  maxConcurrent: z
    .int({ error: got(`must be a whole number from 1 to ${MAX_CONCURRENT_STACKS}`) })
    .min(1, { error: got(`must be a whole number from 1 to ${MAX_CONCURRENT_STACKS}`) })
    .max(MAX_CONCURRENT_STACKS, { error: got(`must be a whole number from 1 to ${MAX_CONCURRENT_STACKS}`) })
    .default(1),
  /** How many stacks may fail before the rollout stops: 0 (the default, as StackSets), a count, or a percentage. */
  failureTolerance: FailureToleranceSchema.default({ count: 0 }),
  /** `strict` (StackSets' STRICT_FAILURE_TOLERANCE, the default) lowers concurrency as failures come; `soft` does not. */
  concurrencyMode: z.enum(['strict', 'soft'], { error: got('must be strict or soft') }).default('strict'),
  /** Sub-organizations whose stacks run first, alone, before any other starts; 0: no canary wave. */
  canary: z
    .int({ error: got('must be a whole number of sub-organizations (0: no canary wave)') })
    .min(0, { error: got('must be a whole number of sub-organizations (0: no canary wave)') })
    .default(1),
  /** The rollout's directory (journal, per-sub-organization logs, the Pulumi workspace), relative to this file. */
  dir: z
    .string({ error: got('must be a directory path') })
    .min(1)
    .default('.walletinfra-fleet'),
});
export type UpOptions = z.output<typeof UpOptionsSchema>;

const IgnoreRuleSchema = z
  .strictObject({
    kind: kindType.optional(),
    /** A name or pattern (`end-user-*`): objects of the kind with a matching name. */
    name: z
      .string({ error: got('must be a name or a pattern') })
      .min(1)
      .optional(),
    /** An object id (the same in every sub-organization only for ids the template sets itself). */
    id: z
      .string({ error: got('must be an object id') })
      .min(1)
      .optional(),
    reason: z
      .string({ error: got('must say why these objects stay out of the template') })
      .trim()
      .min(1, { error: 'must say why these objects stay out of the template' }),
  })
  .refine((r) => r.kind !== undefined || r.id !== undefined, {
    error: 'names nothing: give a "kind" (and a "name" pattern), or an "id"',
  });

export const FleetOptionsSchema = z.strictObject({
  /** The fleet's name: report titles, the JUnit suite. */
  name,
  /** The template: a Pulumi project directory (its Pulumi.yaml, `runtime: nodejs` or `yaml`), relative to this file. */
  template: z.string({ error: got('must be the path of the template’s Pulumi project directory') }).min(1),
  /** Which sub-organizations; every one by default. */
  selector: SelectorSchema.optional(),
  /** The parent organization's credentials: a read-only API key of one of its users (reads every sub-organization). */
  parent: z.strictObject({ profile: profile.optional() }).optional(),
  /** The delegated credential: the API key each sub-organization's delegated user holds. */
  delegated: z
    .strictObject({ apiPublicKey: hexKey.optional(), profile: profile.optional() })
    .refine((d) => d.apiPublicKey !== undefined || d.profile !== undefined, {
      error: 'names no key: give apiPublicKey (the delegated API key’s public half, hex), a profile whose environment holds it, or both',
    }),
  /** The template's config, the same in every sub-organization: `key: value`, a bare key in the template's project namespace. */
  config: z.record(z.string().min(1), z.unknown(), { error: got('must be a map of config keys to values') }).optional(),
  /** HTTP requests in flight at once (all sub-organizations together). */
  concurrency: z
    .int({ error: got(`must be a whole number from 1 to ${MAX_CONCURRENCY}`) })
    .min(1, { error: got(`must be a whole number from 1 to ${MAX_CONCURRENCY}`) })
    .max(MAX_CONCURRENCY, { error: got(`must be a whole number from 1 to ${MAX_CONCURRENCY}`) })
    .default(8),
  /** How long one request keeps retrying rate limits and server errors (ms); default the provider's `retryBudgetMs`. */
  retryBudgetMs: z
    .int({ error: got('must be a whole number of milliseconds') })
    .min(0, { error: got('must be a whole number of milliseconds') })
    .optional(),
  /** The rollout's Pulumi backend (`file://...`, `s3://...`, Pulumi Cloud); default PULUMI_BACKEND_URL. Scan lists its stacks. */
  backend: z
    .string({ error: got('must be a Pulumi backend URL, like file:///srv/fleet-state or s3://bucket/prefix') })
    .min(1)
    .optional(),
  /** `auto`: evaluate the template once when it provably takes the sub-organization's values as data; or once per sub-organization. */
  evaluation: z.enum(['auto', 'per-sub-organization'], { error: got('must be auto or per-sub-organization') }).default('auto'),
  /** The objects no template resource declares. */
  unmanaged: z
    .strictObject({
      /** The kinds whose undeclared objects are reported; default those that decide who can act and what they may do. */
      kinds: z.array(kindType, { error: got('must be a list of resource kinds') }).optional(),
      /** Objects kept out of the template on purpose, each with the reason. */
      ignore: z.array(IgnoreRuleSchema, { error: got('must be a list of { kind, name, id, reason }') }).optional(),
    })
    .optional(),
  /** The rollout (`walletinfra-fleet up`). */
  up: UpOptionsSchema.optional(),
});

export type FleetOptionsInput = z.input<typeof FleetOptionsSchema>;
export type FleetOptionsFile = z.output<typeof FleetOptionsSchema>;
export type IgnoreRule = z.output<typeof IgnoreRuleSchema>;

/** The options with where each came from: the file, or the flag that overrode it. */
export interface FleetOptions extends Omit<FleetOptionsFile, 'selector'> {
  selector: Selector;
  /** The options file (absolute). */
  file: string;
  /** The template directory (absolute). */
  templateDir: string;
  /** Where each top-level field came from: `fleet.yaml:12` or `--concurrency`. */
  sources: Readonly<Record<string, string>>;
}

/** A line number per path, for messages: `fleet.yaml:12`; the file alone when the path is not in it. */
function locate(text: string, display: string): { where(path: readonly PropertyKey[]): string; value: unknown } {
  const lineCounter = new LineCounter();
  const doc = parseDocument(text, { lineCounter, prettyErrors: false });
  const [error] = doc.errors;
  if (error !== undefined) {
    const { line } = lineCounter.linePos(error.pos[0]);
    throw new ConfigurationError(`${display}:${line}: not valid YAML or JSON: ${error.message.split('\n')[0] ?? ''}`);
  }
  return {
    value: doc.toJS() as unknown,
    where(path) {
      if (path.length === 0) return display;
      const parent = doc.getIn(path.slice(0, -1) as unknown[], true) as Node | undefined;
      const last = path[path.length - 1];
      const key = isMap(parent) ? parent.items.find((i) => isScalar(i.key) && i.key.value === last)?.key : undefined;
      // The key, else its value, else (a field left out) the object that should hold it; the file alone at the top.
      const range =
        (key as Node | undefined)?.range ??
        (doc.getIn(path as unknown[], true) as Node | undefined)?.range ??
        (path.length > 1 ? parent?.range : undefined);
      return range === undefined || range === null ? display : `${display}:${lineCounter.linePos(range[0]).line}`;
    },
  };
}

/** What a required field holds, for its "is required" message. */
const REQUIRED: Readonly<Record<string, string>> = {
  name: "the fleet's name (report titles and the JUnit suite), e.g. name: customer-wallets",
  template: "the path of the template's Pulumi project directory, relative to this file, e.g. template: ./template",
  delegated:
    "the delegated API key each sub-organization's delegated user holds, e.g. delegated: { apiPublicKey: 02…, profile: delegated }",
};

/** Reads and checks an options file; `cwd` resolves relative paths for messages. */
export function loadOptionsFile(
  file: string,
  cwd: string,
): { options: FleetOptionsFile; where(path: readonly PropertyKey[]): string; display: string } {
  const absolute = resolve(cwd, file);
  const display = isAbsolute(file) ? file : relative(cwd, absolute) || file;
  if (!existsSync(absolute)) {
    throw new ConfigurationError(
      `${display}: no such file; write the fleet's options there (docs/fleet.md, "The options file"), or pass --options FILE`,
    );
  }
  const located = locate(readFileSync(absolute, 'utf8'), display);
  if (located.value === null || typeof located.value !== 'object' || Array.isArray(located.value)) {
    throw new ConfigurationError(
      `${display}: must be a map of options (name, template, delegated, ...); docs/fleet.md, "The options file"`,
    );
  }
  try {
    return {
      options: parseOptions(FleetOptionsSchema, located.value, { path: [], noun: 'field' }),
      where: (path) => located.where(path),
      display,
    };
  } catch (error) {
    if (!(error instanceof ConfigurationError)) throw error;
    const path = fieldPath(error.message);
    const hint = error.message.endsWith(' is required') && path.length === 1 ? REQUIRED[String(path[0])] : undefined;
    throw new ConfigurationError(`${located.where(path)}: ${error.message}${hint === undefined ? '' : `: ${hint}`}`);
  }
}

/**
 * The field a parseOptions message is about (`selector.names[1] must ...` → selector, names, 1), or the unknown key
 * itself (`unknown selector field "namez"; ...` → selector, namez).
 */
export function fieldPath(message: string): PropertyKey[] {
  const unknown = /^unknown (?:(\S+) )?field "([^"]*)"/.exec(message);
  const text = unknown !== null ? (unknown[1] ?? '') : (/^(\S+) /.exec(message)?.[1] ?? '');
  const path: PropertyKey[] = [];
  for (const m of text.matchAll(/([^.[\]]+)|\[(\d+)\]/g)) path.push(m[2] !== undefined ? Number(m[2]) : (m[1] as string));
  if (unknown !== null) path.push(unknown[2] as string);
  return path;
}

/** The checked template directory (`template` relative to `base`): it exists and holds a Pulumi project. */
export function templateDirectory(template: string, base: string, source: string): string {
  const dir = resolve(base, template);
  if (!existsSync(dir) || !statSync(dir).isDirectory()) {
    throw new ConfigurationError(
      `${source}: template ${template}: no such directory (relative to ${base}); point it at the template's Pulumi project`,
    );
  }
  if (!existsSync(resolve(dir, 'Pulumi.yaml')) && !existsSync(resolve(dir, 'Pulumi.yml'))) {
    throw new ConfigurationError(
      `${source}: template ${template}: no Pulumi.yaml there; the template is a Pulumi project (runtime nodejs or yaml)`,
    );
  }
  return dir;
}
