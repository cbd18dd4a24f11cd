// Command-line flags of `walletinfra-emulator`, parsed into startEmulator options (pure, unit-tested).
import { readFileSync } from 'node:fs';
import type { FaultConfig } from './faults';
import type { EmulatorOptions } from './options';
import { DELIVERY_MODES, type DeliveryMode } from './webhooks/delivery-scope';

export interface CliArgs {
  options: EmulatorOptions;
  json: boolean;
  help: boolean;
}

export const FLAGS: ReadonlyArray<{ flag: string; value?: string; help: string }> = [
  { flag: '--port', value: 'N', help: 'main API port (0 = any free port; default 8787)' },
  { flag: '--auth-proxy-port', value: 'N', help: 'auth proxy port (0 = any free port; default 8788)' },
  { flag: '--host', value: 'ADDR', help: 'interface to listen on (default 127.0.0.1)' },
  { flag: '--data-dir', value: 'DIR', help: 'keep state in DIR/emulator.db and write DIR/credentials.json (default: in memory)' },
  { flag: '--seed', value: 'FILE', help: 'seed a new organization from a JSON file' },
  { flag: '--faults', value: 'FILE', help: 'fault injection rules (JSON)' },
  { flag: '--allow-loopback-webhooks', help: 'accept http:// and loopback webhook URLs' },
  {
    flag: '--webhook-delivery',
    value: 'MODE',
    help: 'loopback-only (default: deliver in the background, to loopback only), auto (to any host), manual (only on POST /__admin/deliveries/drain, loopback only)',
  },
  { flag: '--liveness-window-ms', value: 'N', help: 'accepted |now - timestampMs| of writes (default 300000)' },
  { flag: '--json', help: 'print one JSON line with the URLs and credentials file when ready' },
  { flag: '--help', help: 'show this help' },
];

export class CliError extends Error {
  override readonly name = 'CliError';
}

export function usage(): string {
  const lines = FLAGS.map((f) => `  ${`${f.flag}${f.value === undefined ? '' : ` ${f.value}`}`.padEnd(30)}${f.help}`);
  return [
    'Usage: walletinfra-emulator [options]',
    '',
    'A local implementation of the hosted wallet service.',
    '',
    'Options:',
    ...lines,
  ].join('\n');
}

function portValue(flag: string, value: string): number {
  if (!/^[0-9]{1,5}$/.test(value) || Number(value) > 65535)
    throw new CliError(`${flag} must be a port number from 0 to 65535, got ${JSON.stringify(value)}`);
  return Number(value);
}

function readFaults(path: string): FaultConfig {
  try {
    return JSON.parse(readFileSync(path, 'utf8')) as FaultConfig;
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    throw new CliError(code !== undefined ? `cannot read faults file ${path}: ${code}` : `faults file ${path} is not valid JSON`);
  }
}

export function parseCliArgs(argv: readonly string[]): CliArgs {
  const options: EmulatorOptions = { port: 8787, authProxyPort: 8788 };
  let json = false;
  let help = false;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] as string;
    const [flag, inline] =
      arg.startsWith('--') && arg.includes('=') ? [arg.slice(0, arg.indexOf('=')), arg.slice(arg.indexOf('=') + 1)] : [arg, undefined];
    const spec = FLAGS.find((f) => f.flag === flag);
    if (spec === undefined)
      throw new CliError(`unknown option ${JSON.stringify(flag)} (known options: ${FLAGS.map((f) => f.flag).join(', ')})`);
    let value: string | undefined;
    if (spec.value !== undefined) {
      value = inline ?? argv[++i];
      if (value === undefined || value === '') throw new CliError(`${flag} needs a value (${spec.value})`);
    } else if (inline !== undefined) {
      throw new CliError(`${flag} takes no value`);
    }
    switch (flag) {
      case '--port':
        options.port = portValue(flag, value as string);
        break;
      case '--auth-proxy-port':
        options.authProxyPort = portValue(flag, value as string);
        break;
      case '--host':
        options.host = value as string;
        break;
      case '--data-dir':
        options.dataDir = value as string;
        break;
      case '--seed':
        options.seed = value as string;
        break;
      case '--faults':
        options.faults = readFaults(value as string);
        break;
      case '--allow-loopback-webhooks':
        options.allowLoopbackWebhooks = true;
        break;
      case '--webhook-delivery': {
        if (!DELIVERY_MODES.includes(value as DeliveryMode))
          throw new CliError(`--webhook-delivery must be one of ${DELIVERY_MODES.join(', ')}, got ${JSON.stringify(value)}`);
        options.deliveryMode = value as DeliveryMode;
        break;
      }
      case '--liveness-window-ms': {
        if (!/^[1-9][0-9]*$/.test(value as string))
          throw new CliError(`--liveness-window-ms must be a positive integer, got ${JSON.stringify(value)}`);
        options.livenessWindowMs = Number(value);
        break;
      }
      case '--json':
        json = true;
        break;
      case '--help':
        help = true;
        break;
    }
  }
  // --port 0 alone should not pin the proxy to 8788 either: "any free port" for both
  if (options.port === 0 && !argv.some((a) => a.startsWith('--auth-proxy-port'))) options.authProxyPort = 0;
  return { options, json, help };
}
