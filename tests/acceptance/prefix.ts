// The run prefix every object of an acceptance run carries, and the rules built on it: the run changes or
// deletes only objects whose name starts with its own prefix, and the sweeper deletes only objects whose name
// starts with an acceptance prefix older than the age it is given. The prefix holds the run's start time, so
// the age of a leftover is read from its name, whatever the service records about it.
//
//   wiacc-20260314t091500-k3f9-policy-main
//   ^^^^^ ^^^^^^^^^^^^^^^ ^^^^
//   word  start (UTC)     random

/** The word that starts every acceptance object's name. */
export const PREFIX_WORD = 'wiacc';

const RUN_ID = /^(\d{8})t(\d{6})-([a-z0-9]{4})$/;
const PREFIXED = new RegExp(`^${PREFIX_WORD}-(\\d{8})t(\\d{6})-([a-z0-9]{4})-`);

export interface RunId {
  /** `20260314t091500-k3f9` */
  id: string;
  /** `wiacc-20260314t091500-k3f9-` */
  prefix: string;
  startedAt: Date;
}

function pad(n: number, width = 2): string {
  return String(n).padStart(width, '0');
}

function timeOf(date: string, time: string): Date | undefined {
  const iso = `${date.slice(0, 4)}-${date.slice(4, 6)}-${date.slice(6, 8)}T${time.slice(0, 2)}:${time.slice(2, 4)}:${time.slice(4, 6)}Z`;
  const parsed = new Date(iso);
  return Number.isNaN(parsed.getTime()) || parsed.toISOString().slice(0, 19) !== iso.slice(0, 19) ? undefined : parsed;
}

/** A new run id from the clock and a source of randomness (uniform in [0, 1)). */
export function newRunId(now: Date, random: () => number): RunId {
  const date = `${now.getUTCFullYear()}${pad(now.getUTCMonth() + 1)}${pad(now.getUTCDate())}`;
  const time = `${pad(now.getUTCHours())}${pad(now.getUTCMinutes())}${pad(now.getUTCSeconds())}`;
  const alphabet = 'abcdefghijklmnopqrstuvwxyz0123456789';
  let tail = '';
  for (let i = 0; i < 4; i += 1) tail += alphabet[Math.floor(random() * alphabet.length) % alphabet.length];
  return parseRunId(`${date}t${time}-${tail}`);
}

/** `--run-id 20260314t091500-k3f9`; throws naming the expected form. */
export function parseRunId(text: string): RunId {
  const m = RUN_ID.exec(text);
  const startedAt = m === null ? undefined : timeOf(m[1] as string, m[2] as string);
  if (m === null || startedAt === undefined) {
    throw new Error(`--run-id ${JSON.stringify(text)}: must be <UTC date>t<UTC time>-<4 letters or digits>, e.g. 20260314t091500-k3f9`);
  }
  return { id: text, prefix: `${PREFIX_WORD}-${text}-`, startedAt };
}

/** The run a name belongs to (its prefix and start), or undefined when it carries no acceptance prefix. */
export function runOfName(name: string | undefined): RunId | undefined {
  if (name === undefined) return undefined;
  const m = PREFIXED.exec(name);
  if (m === null) return undefined;
  const startedAt = timeOf(m[1] as string, m[2] as string);
  return startedAt === undefined ? undefined : { id: `${m[1]}t${m[2]}-${m[3]}`, prefix: m[0], startedAt };
}

/** Whether the run with this prefix may change or delete an object with this name: only its own. */
export function ownedByRun(prefix: string, name: string | undefined): boolean {
  return name !== undefined && runOfName(name)?.prefix === prefix;
}

/** Whether the sweeper may delete an object with this name: an acceptance prefix at least `ageMs` old. */
export function sweepable(name: string | undefined, now: Date, ageMs: number): boolean {
  const run = runOfName(name);
  return run !== undefined && now.getTime() - run.startedAt.getTime() >= ageMs;
}

const UNITS: Readonly<Record<string, number>> = { s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 };

/** `--older-than 2h` (s, m, h, d; `0` for every age) in milliseconds; throws naming the expected form. */
export function parseAge(text: string): number {
  if (text === '0') return 0;
  const m = /^(\d+)([smhd])$/.exec(text);
  if (m === null)
    throw new Error(`--older-than ${JSON.stringify(text)}: must be a number and a unit (s, m, h, d), e.g. 2h, or 0 for every age`);
  return Number(m[1]) * (UNITS[m[2] as string] as number);
}

/** An age in the words `--older-than` takes: `2h`, `90s`. */
export function formatAge(ms: number): string {
  for (const [unit, size] of [
    ['d', UNITS.d],
    ['h', UNITS.h],
    ['m', UNITS.m],
  ] as const)
    if (ms >= (size as number) && ms % (size as number) === 0) return `${ms / (size as number)}${unit}`;
  return ms === 0 ? '0' : `${Math.round(ms / 1000)}s`;
}
