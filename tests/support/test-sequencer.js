// The order jest starts test files in (jest.config.js `testSequencer`): longest first, so that with two workers a
// long end-to-end file never starts last and runs alone while the other worker idles
// (https://jestjs.io/docs/configuration#testsequencer-string).
//
// Jest's own sequencer orders by the durations it cached in earlier runs, and on a fresh clone (CI), which has no
// such cache, by file size, which puts a ten-minute end-to-end file among unit files of the same size. Here a file's
// expected duration is the one jest cached, else the one below (seconds measured in a fresh-clone run on a loaded
// two-core machine; update them when a file's time changes much), else 30 s for any other file under tests/e2e/ or
// tests/reliability/ and its size for the rest (larger first, as jest does). Files that failed last time still come
// first. Only the order changes: every file still runs.
const { relative, sep } = require('node:path');
const Sequencer = require('@jest/test-sequencer').default;

/**
 * Seconds each slow file took in the last fresh-clone run, by path from the repository root. native-languages must
 * stay ahead of packed-install: both use the workspaces packed once (tests/support/e2e/packed.ts) while native-docs
 * packs its own way under the same lock, which the second file to start waits for: native-languages goes on with its
 * other languages meanwhile, packed-install could only wait.
 */
const EXPECTED_SECONDS = {
  'tests/e2e/native-docs.test.ts': 286,
  'tests/e2e/native-languages.test.ts': 285,
  'tests/e2e/workflows.test.ts': 198,
  'tests/e2e/packed-install.test.ts': 177,
  'tests/e2e/identity.test.ts': 173,
  'tests/e2e/program-edits.test.ts': 125,
  'tests/e2e/mistakes-keys.test.ts': 117,
  'tests/e2e/fleet-rollout.test.ts': 116,
  'tests/e2e/access-control-edits.test.ts': 113,
  'tests/e2e/native-migration.test.ts': 100,
  'tests/e2e/mistakes-service.test.ts': 100,
  'tests/e2e/acceptance.test.ts': 97,
  'tests/e2e/provider-upgrade.test.ts': 96,
  'tests/e2e/policy-dependencies.test.ts': 91,
  'tests/e2e/bad-day.test.ts': 81,
  'tests/e2e/fleet.test.ts': 77,
  'tests/e2e/mistakes-config.test.ts': 75,
  'tests/e2e/export-roundtrip.test.ts': 75,
  'tests/e2e/lifecycle.test.ts': 73,
  'tests/e2e/adopt-walkthrough.test.ts': 68,
  'tests/e2e/policy-impact.test.ts': 54,
  'tests/e2e/policy-own-credentials.test.ts': 53,
  'tests/e2e/main-job.test.ts': 53,
  'tests/unit/sdk/crypto/onramp.test.ts': 44,
  'tests/e2e/force-cancel.test.ts': 41,
};
const SLOW_DIRECTORIES = ['tests/e2e/', 'tests/reliability/'];
const SLOW_DEFAULT_SECONDS = 30;

class LongestFirstSequencer extends Sequencer {
  /** Milliseconds the file is expected to take, or undefined for a file with no estimate (ordered by size). */
  expected(test) {
    const cached = this.time(test);
    if (cached != null) return cached;
    const path = relative(test.context.config.rootDir, test.path).split(sep).join('/');
    if (path in EXPECTED_SECONDS) return EXPECTED_SECONDS[path] * 1000;
    if (SLOW_DIRECTORIES.some((dir) => path.startsWith(dir))) return SLOW_DEFAULT_SECONDS * 1000;
    return undefined;
  }

  sort(tests) {
    const size = (test) => test.context.hasteFS.getSize(test.path) ?? 0;
    const keyed = tests.map((test) => ({ test, failed: this.hasFailed(test), ms: this.expected(test), size: size(test) }));
    keyed.sort((a, b) => {
      if (a.failed !== b.failed) return a.failed ? -1 : 1;
      if ((a.ms != null) !== (b.ms != null)) return a.ms != null ? -1 : 1;
      if (a.ms != null && b.ms != null && a.ms !== b.ms) return b.ms - a.ms;
      return b.size - a.size;
    });
    return keyed.map(({ test, ms }) => Object.assign(test, { duration: ms }));
  }
}

module.exports = LongestFirstSequencer;
