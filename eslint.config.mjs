// Lint for every package, the tests and the scripts: typescript-eslint's type-aware recommended rules
// (https://typescript-eslint.io/getting-started/typed-linting) plus no floating or misused promises;
// formatting is Prettier's (eslint-config-prettier turns off the rules it owns). `npm run lint` runs it
// with --max-warnings 0, as does .ci/run before the tests.
import js from '@eslint/js';
import prettier from 'eslint-config-prettier';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '.tools/**',
      '.data/**',
      '.pulumi-state/**',
      'bench/out/**',
      'third_party/**',
      'coverage/**',
      // Written in V8's natives syntax (`%IsLiftoffFunction`), which only `node --allow-natives-syntax` parses.
      'tests/integration/sdk/wasm-tiering-child.js',
    ],
  },
  js.configs.recommended,
  {
    files: ['**/*.ts'],
    extends: [tseslint.configs.recommendedTypeChecked],
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
    },
  },
  {
    files: ['**/*.js', '**/*.mjs', '**/*.cjs'],
    languageOptions: {
      sourceType: 'commonjs',
      globals: {
        require: 'readonly',
        module: 'writable',
        exports: 'writable',
        process: 'readonly',
        console: 'readonly',
        __dirname: 'readonly',
        __filename: 'readonly',
        Buffer: 'readonly',
        setTimeout: 'readonly',
        clearTimeout: 'readonly',
        setImmediate: 'readonly',
        setInterval: 'readonly',
        clearInterval: 'readonly',
        URL: 'readonly',
        AbortController: 'readonly',
        TextEncoder: 'readonly',
        TextDecoder: 'readonly',
        performance: 'readonly',
        fetch: 'readonly',
        structuredClone: 'readonly',
        queueMicrotask: 'readonly',
      },
    },
  },
  {
    // Test doubles implement async interfaces with `async` functions that need no `await`: `async` keeps a throw a rejection,
    // as in the implementation they stand in for. The type-aware safety rules (promises, no-unsafe-*) stay on.
    files: ['tests/**/*.ts'],
    rules: { '@typescript-eslint/require-await': 'off' },
  },
  { files: ['**/*.mjs'], languageOptions: { sourceType: 'module' } },
  {
    // The serialized providers: each method requires the installed runtime by name (untyped on purpose, so the
    // text Pulumi stores in every resource's state names no module-level binding); see their header comment.
    files: ['provider/src/resources/*/provider.ts'],
    rules: {
      '@typescript-eslint/no-require-imports': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
    },
  },
  prettier,
);
