// Command-line flags of `walletinfra-emulator`, parsed into startEmulator options (pure, unit-tested). The flag
// values are a zod schema parsed by the sdk's option parser, like the options they become.
import { ConfigurationError } from '@walletinfra/sdk';
import { got, shown } from '@walletinfra/sdk/options';
import { readFileSync } from 'node:fs';
import { z } from 'zod';
import type { FaultConfig } from './faults';
import type { EmulatorOptions } from './options';
import { oneOf, parseWith } from './validation';
import { DELIVERY_MODES } from './webhooks/delivery-scope';

export interface CliArgs {
  options: EmulatorOptions;
  json: boolean;
  help: boolean;
}

/** A command line the CLI refuses; it prints the message and the usage, and exits 2. */
export class CliError extends ConfigurationError {}

const PORT_FIX = 'must be a port number from 0 to 65535';
const portFlag = z
  .string()
  .regex(/^[0-9]{1,5}$/, { error: got(PORT_FIX) })
  .transform(Number)
  .refine((n) => n <= 65535, { error: (issue) => `${PORT_FIX}, got ${shown(String(issue.input))}` });

const noValue = z.literal(true, { error: got('takes no value') });

const faultsFile = z.string().transform((path, ctx): FaultConfig => {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (e) {
    const reason = (e as NodeJS.ErrnoException).code ?? String(e);
    ctx.addIssue({
      code: 'custom',
      input: path,
      message: `must be the path of a readable JSON file, got ${JSON.stringify(path)} (${reason})`,
    });
    return z.NEVER;
  }
  try {
    // checked by startEmulator (parseFaultConfig), which names the rule and field
    return JSON.parse(text) as FaultConfig;
  } catch {
    ctx.addIssue({ code: 'custom', input: path, message: `must be the path of a JSON file, got ${JSON.stringify(path)} (not valid JSON)` });
    return z.NEVER;
  }
});

/** Each flag's value, by flag; a flag without a value is `true` when given. */
const CliFlagsSchema = z.strictObject({
  '--port': portFlag.optional(),
  '--auth-proxy-port': portFlag.optional(),
  '--host': z.string().optional(),
  '--data-dir': z.string().optional(),
  '--seed': z.string().optional(),
  '--faults': faultsFile.optional(),
  '--allow-loopback-webhooks': noValue.optional(),
  '--webhook-delivery': oneOf(DELIVERY_MODES).optional(),
  '--liveness-window-ms': z
    .string()
    .regex(/^[1-9][0-9]*$/, { error: got('must be a positive integer') })
    .transform(Number)
    .optional(),
  '--json': noValue.optional(),
  '--help': noValue.optional(),
});

type Flag = keyof z.input<typeof CliFlagsSchema>;

/** What each flag takes (`value`, for the usage text) and does; every flag of CliFlagsSchema has an entry. */
export const FLAGS: Readonly<Record<Flag, { value?: string; help: string }>> = {
  '--port': { value: 'N', help: 'main API port (0 = any free port; default 8787)' },
  '--auth-proxy-port': { value: 'N', help: 'auth proxy port (0 = any free port; default 8788)' },
  '--host': { value: 'ADDR', help: 'interface to listen on (default 127.0.0.1)' },
  '--data-dir': { value: 'DIR', help: 'keep state in DIR/emulator.db and write DIR/credentials.json (default: in memory)' },
  '--seed': { value: 'FILE', help: 'seed a new organization from a JSON file' },
  '--faults': { value: 'FILE', help: 'fault injection rules (JSON)' },
  '--allow-loopback-webhooks': { help: 'accept http:// and loopback webhook URLs' },
  '--webhook-delivery': {
    value: 'MODE',
    help: 'loopback-only (default: deliver in the background, to loopback only), auto (to any host), manual (only on POST /__admin/deliveries/drain, loopback only)',
  },
  '--liveness-window-ms': { value: 'N', help: 'accepted |now - timestampMs| of writes (default 300000)' },
  '--json': { help: 'print one JSON line with the URLs and credentials file when ready' },
  '--help': { help: 'show this help' },
};

export function usage(): string {
  const lines = Object.entries(FLAGS).map(([flag, f]) => `  ${`${flag}${f.value === undefined ? '' : ` ${f.value}`}`.padEnd(30)}${f.help}`);
  return [
    'Usage: walletinfra-emulator [options]',
    '       walletinfra-emulator seed-fleet --data-dir DIR --count N [options]   (seed-fleet --help for its options)',
    '',
    'A local implementation of the hosted wallet service.',
    '',
    'Options:',
    ...lines,
  ].join('\n');
}

/** argv as `{flag: value}` (`true` for a flag without one) by the table `flags`; only the syntax is checked here. */
export function flagValues(
  argv: readonly string[],
  flags: Readonly<Record<string, { value?: string }>> = FLAGS,
): Record<string, string | true> {
  const raw: Record<string, string | true> = {};
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] as string;
    const eq = arg.startsWith('--') ? arg.indexOf('=') : -1;
    const [flag, inline] = eq === -1 ? [arg, undefined] : [arg.slice(0, eq), arg.slice(eq + 1)];
    const spec = (flags as Record<string, { value?: string } | undefined>)[flag];
    if (spec === undefined) {
      // the schema refuses it, listing the known flags; what follows may be its value, so stop here
      raw[flag] = inline ?? true;
      break;
    }
    if (spec.value === undefined) {
      raw[flag] = inline ?? true;
      continue;
    }
    const value = inline ?? argv[++i];
    if (value === undefined || value === '') throw new CliError(`${flag} needs a value (${spec.value})`);
    raw[flag] = value;
  }
  return raw;
}

export function parseCliArgs(argv: readonly string[]): CliArgs {
  const f = parseWith(CliFlagsSchema, flagValues(argv), {}, CliError);
  const port = f['--port'] ?? 8787;
  // --port 0 alone should not pin the proxy to 8788 either: "any free port" for both
  const options: EmulatorOptions = { port, authProxyPort: f['--auth-proxy-port'] ?? (port === 0 ? 0 : 8788) };
  if (f['--host'] !== undefined) options.host = f['--host'];
  if (f['--data-dir'] !== undefined) options.dataDir = f['--data-dir'];
  if (f['--seed'] !== undefined) options.seed = f['--seed'];
  if (f['--faults'] !== undefined) options.faults = f['--faults'];
  if (f['--allow-loopback-webhooks'] === true) options.allowLoopbackWebhooks = true;
  if (f['--webhook-delivery'] !== undefined) options.deliveryMode = f['--webhook-delivery'];
  if (f['--liveness-window-ms'] !== undefined) options.livenessWindowMs = f['--liveness-window-ms'];
  return { options, json: f['--json'] === true, help: f['--help'] === true };
}
