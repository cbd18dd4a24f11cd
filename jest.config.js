// One jest run covers unit, integration (emulator over loopback) and e2e (real Pulumi CLI) tests.
// Sources are loaded from src/ through ts-jest (transpile only; `npm run typecheck` does the type check).
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
  // Longest files first, also on a fresh clone that has no timings cached (the file says why).
  testSequencer: '<rootDir>/tests/support/test-sequencer.js',
};
