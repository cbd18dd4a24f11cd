// One jest run covers unit, integration (emulator over loopback) and e2e (real Pulumi CLI) tests.
// Sources are loaded from src/ through ts-jest (transpile only; `npm run typecheck` does the type check).
const { availableParallelism } = require('node:os');

/** @type {import('jest').Config} */
module.exports = {
  testEnvironment: 'node',
  roots: ['<rootDir>/tests'],
  testMatch: ['**/*.test.ts'],
  transform: {
    '^.+\\.ts$': ['ts-jest', { tsconfig: '<rootDir>/tests/tsconfig.json' }],
  },
  moduleNameMapper: {
    '^@walletinfra/sdk$': '<rootDir>/sdk/src/index.ts',
    '^@walletinfra/sdk/(.*)$': '<rootDir>/sdk/src/$1',
    '^@walletinfra/emulator$': '<rootDir>/emulator/src/index.ts',
    '^@walletinfra/emulator/(.*)$': '<rootDir>/emulator/src/$1',
    '^@walletinfra/pulumi$': '<rootDir>/provider/src/index.ts',
    '^@walletinfra/pulumi/(.*)$': '<rootDir>/provider/src/$1',
  },
  testTimeout: 60000,
  // At least two files at once. Jest's default is one worker per core but one, which on a two-core machine runs every
  // file in turn, while an end-to-end file spends much of its time waiting on the Pulumi engine's processes: two
  // workers ran four end-to-end files in 370 s against 465 s one at a time on this project's two-core machine. Every
  // end-to-end file has its own directory, state backend, PULUMI_HOME and emulator on a free port, and what files
  // share (the packed workspaces, the native SDKs) is built once under a lock, so files do not see each other.
  maxWorkers: Math.max(2, availableParallelism() - 1),
  // Longest files first, also on a fresh clone that has no timings cached (the file says why).
  testSequencer: '<rootDir>/tests/support/test-sequencer.js',
};
