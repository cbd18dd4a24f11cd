// `node -r` hook for a test's child process: runs the TypeScript sources (emulator CLI, sdk, provider) without a
// build, `@walletinfra/*` read from their `src` as jest reads them (./ts-register.js).
'use strict';
require('./ts-register').registerTypeScript({ packages: 'src' });
