// How long each step of an end-to-end file took, printed when the file ends (CI time is budgeted: these lines
// show where it goes).

export interface StepTimings {
  /** Runs `step`, recording its seconds under `label`. */
  timed: <T>(label: string, step: () => Promise<T>) => Promise<T>;
  /** `<title>: N s in all; steps (s): {...}`, the line the file prints at its end. */
  summary: () => string;
}

export function stepTimings(title: string): StepTimings {
  const started = Date.now();
  const timings: Record<string, number> = {};
  return {
    async timed<T>(label: string, step: () => Promise<T>): Promise<T> {
      const begin = Date.now();
      try {
        return await step();
      } finally {
        timings[label] = Math.round((Date.now() - begin) / 100) / 10;
      }
    },
    summary: () => `${title}: ${Math.round((Date.now() - started) / 1000)} s in all; steps (s): ${JSON.stringify(timings)}\n`,
  };
}
