// The reliability suite's measures: each has an id, a goal and a figure it prints. Inside `npm test` the
// counts are small (seconds); `npm run soak` sets WALLETINFRA_SOAK=1 for the large counts and collects every
// figure into RELIABILITY.md (scripts/soak.js). Seeds are printed so any run can be repeated exactly.
import { appendFileSync } from 'node:fs';

export const SOAK = process.env.WALLETINFRA_SOAK === '1';

/** The count for this run: `bounded` inside `npm test`, `soak` under `npm run soak`. */
export function size(bounded: number, soak: number): number {
  return SOAK ? soak : bounded;
}

/** The seed of a randomised measure: WALLETINFRA_RELIABILITY_SEED when set, else the measure's fixed default. */
export function seedFor(defaultSeed: number): number {
  const fromEnv = process.env.WALLETINFRA_RELIABILITY_SEED;
  return fromEnv !== undefined && /^-?\d+$/.test(fromEnv) ? Number(fromEnv) : defaultSeed;
}

interface Figure {
  id: string;
  what: string;
  goal: string;
  /** the measured result, e.g. "0 duplicates, 0 orphans, 1000/1000 converged" */
  figure: string;
  ok: boolean;
  count: number;
  seed?: number;
  /** the jest file that measures it (for the reproduce command) */
  file: string;
  /** anything else worth reading next to the figure */
  notes?: string[];
}

/** Prints the figure (one line, visible in jest output) and, under soak, appends it for RELIABILITY.md. */
export function report(figure: Figure): Figure {
  const line = `[${figure.id}] ${figure.ok ? 'OK  ' : 'MISS'} ${figure.figure} (goal: ${figure.goal}; n=${figure.count}${figure.seed === undefined ? '' : `, seed=${figure.seed}`})`;
  process.stdout.write(`${line}\n`);
  const out = process.env.WALLETINFRA_RELIABILITY_OUT;
  if (out !== undefined && out !== '') appendFileSync(out, `${JSON.stringify({ ...figure, soak: SOAK, at: new Date().toISOString() })}\n`);
  return figure;
}
