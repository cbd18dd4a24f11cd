// How the walletinfra command-line tools read their arguments, so all of them read a command line alike. Each
// tool declares its flags once, as a table; the table gives the flags that take a value, what each one sets,
// and the list an unknown flag's error shows. `--flag VALUE` and `--flag=VALUE` both work; a missing value, a
// value given to a switch and an unknown flag are errors that name the flag. Every tool also knows
// `--version` and `--help` (`-h`).
import { ConfigurationError } from '@walletinfra/sdk';

/** What every tool's arguments carry. */
export interface ToolArgs {
  help: boolean;
  version: boolean;
}

export interface Flag<A> {
  /** `--flag VALUE` or `--flag=VALUE`; a switch takes none. */
  takesValue: boolean;
  apply(out: A, value: string): void;
}

/** A tool's flags, in the order its error messages list them. */
export type Flags<A> = Readonly<Record<string, Flag<A>>>;

/** A flag that takes a value. */
export function valueFlag<A>(apply: (out: A, value: string) => void): Flag<A> {
  return { takesValue: true, apply };
}

/** A flag that takes a value and stores it as `key` (`--out DIR` -> `out.out = 'DIR'`). */
export function stringFlag<A, K extends { [P in keyof A]: A[P] extends string | undefined ? P : never }[keyof A]>(key: K): Flag<A> {
  return valueFlag((out, value) => {
    (out as Record<K, string>)[key] = value;
  });
}

/** A flag that takes none. */
export function switchFlag<A>(apply: (out: A) => void): Flag<A> {
  return { takesValue: false, apply: (out) => apply(out) };
}

const COMMON: Flags<ToolArgs> = {
  '--version': switchFlag((out) => {
    out.version = true;
  }),
  '--help': switchFlag((out) => {
    out.help = true;
  }),
};

export interface ParseOptions<A> {
  /** A word that is not a flag (`walletinfra-policy test FILE`); without it, such a word is unknown. */
  operand?(out: A, word: string): void;
  /** The error for an unknown argument; default `unknown argument "ARG"; known: --a, --b, ...`. */
  unknown?(arg: string, known: string): Error;
}

function unknownArgument(arg: string, known: string): Error {
  return new ConfigurationError(`unknown argument "${arg}"; known: ${known}`);
}

/** Reads `argv` into `out` (and throws a ConfigurationError at the first bad argument); returns the flags given, in order. */
export function readFlags<A extends ToolArgs>(argv: readonly string[], flags: Flags<A>, out: A, options: ParseOptions<A> = {}): string[] {
  const all: Flags<A> = { ...flags, ...COMMON };
  const seen: string[] = [];
  for (let i = 0; i < argv.length; i += 1) {
    const raw = argv[i] as string;
    const eq = raw.startsWith('--') ? raw.indexOf('=') : -1;
    const flag = eq > 0 ? raw.slice(0, eq) : raw;
    const name = flag === '-h' ? '--help' : flag;
    // Own keys only: `toString` is no flag.
    const spec = Object.hasOwn(all, name) ? all[name] : undefined;
    let value = '';
    if (spec?.takesValue === true) {
      const given = eq > 0 ? raw.slice(eq + 1) : argv[++i];
      if (given === undefined || given === '' || (eq < 0 && given.startsWith('--'))) throw new ConfigurationError(`${flag} needs a value`);
      value = given;
    } else if (eq > 0) {
      throw new ConfigurationError(`${flag} does not take a value`);
    }
    if (spec !== undefined) {
      spec.apply(out, value);
      seen.push(flag);
    } else if (options.operand !== undefined && !raw.startsWith('-')) {
      options.operand(out, raw);
    } else {
      throw (options.unknown ?? unknownArgument)(raw, Object.keys(all).join(', '));
    }
  }
  return seen;
}
