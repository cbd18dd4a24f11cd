// What every walletinfra command-line tool does around its own work, so all of them behave alike: read the
// arguments (./args.ts); answer `--help` and `--version`; a bad argument is one line naming it, then the
// usage, on stderr (exit 1, or the tool's own usage code); and whatever the tool throws is one line without
// a stack trace (exit 1).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { installRecordingFromEnv } from '@walletinfra/sdk/process';
import { messageOf } from '../errors';
import type { ToolArgs } from './args';

export interface Tool<A extends ToolArgs> {
  /** The command, which starts every error line: `walletinfra-drift`. */
  name: string;
  usage: string;
  /** Reads the arguments; throws at the first bad one. */
  parse(argv: readonly string[]): A;
  /** The exit code of a bad argument; default 1. */
  usageExitCode?: number;
}

export interface ToolOutput {
  stdout(text: string): void;
  stderr(text: string): void;
}

/** The process's own stdout and stderr, as a tool's dependencies take them. */
export const PROCESS_OUTPUT: ToolOutput = {
  stdout: (text) => process.stdout.write(text),
  stderr: (text) => process.stderr.write(text),
};

/** The `version` of a package.json; undefined when it cannot be read. */
function versionIn(packageJson: string): string | undefined {
  try {
    return (JSON.parse(readFileSync(packageJson, 'utf8')) as { version?: string }).version;
  } catch {
    return undefined;
  }
}

/** This package's version (src/cli and dist/cli are both two levels below package.json). */
export function ownVersion(): string {
  return versionIn(join(__dirname, '..', '..', 'package.json')) ?? 'unknown';
}

/** An installed package's version; undefined when it is not installed. */
export function installedVersion(name: string): string | undefined {
  try {
    return versionIn(require.resolve(`${name}/package.json`));
  } catch {
    return undefined;
  }
}

/** Reads `argv`, answers `--help` and `--version`, and otherwise runs the tool; resolves to its exit code. */
export async function runTool<A extends ToolArgs>(
  tool: Tool<A>,
  argv: readonly string[],
  out: ToolOutput,
  run: (args: A) => Promise<number>,
): Promise<number> {
  let args: A;
  try {
    args = tool.parse(argv);
  } catch (error) {
    out.stderr(`${tool.name}: ${messageOf(error)}\n\n${tool.usage}\n`);
    return tool.usageExitCode ?? 1;
  }
  if (args.help) {
    out.stdout(`${tool.usage}\n`);
    return 0;
  }
  if (args.version) {
    out.stdout(`${ownVersion()}\n`);
    return 0;
  }
  return run(args);
}

/** Ends this process with the exit code `main` resolves to; what it throws is one line on stderr, exit 1. */
export function exitWith(name: string, main: () => Promise<number>): void {
  // A command's own requests join the recording an acceptance run's `--record` names (off unless set).
  installRecordingFromEnv(name);
  main().then(
    (code) => {
      process.exitCode = code;
    },
    (error: unknown) => {
      process.stderr.write(`${name}: ${messageOf(error)}\n`);
      process.exitCode = 1;
    },
  );
}
