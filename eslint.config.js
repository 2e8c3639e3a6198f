// Type-aware lint for every runtime: floating promises are errors (an un-awaited write on Workers is lost).
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import renderTime, { BROWSER_GLOBALS } from './scripts/lint/render-time-browser-globals.js';

// worker/tsconfig.json type-checks the Worker with the DOM's types (client/ renders there too): the browser's
// globals are refused here instead. Code that never runs in a browser may not name them at all.
const serverOnly = 'runs on the Worker (or in Node), which has no such global';

export default tseslint.config(
  {
    ignores: [
      'node_modules/**',
      'dist/**',
      '.wrangler/**',
      '.data/**',
      'functions/lib/**',
      'worker/worker-configuration.d.ts',
      'test-results/**',
      'playwright-report/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.strictTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/restrict-template-expressions': ['error', { allowNumber: true }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      // Loaders throw react-router's data() responses by design (https://reactrouter.com/how-to/error-boundary).
      '@typescript-eslint/only-throw-error': [
        'error',
        {
          allow: [
            {
              from: 'package',
              package: 'react-router',
              name: ['DataWithResponseInit', 'UNSAFE_DataWithResponseInit'],
            },
          ],
        },
      ],
    },
  },
  {
    files: ['worker/**/*.{ts,tsx}', 'shared/**/*.ts'],
    rules: {
      'no-restricted-globals': ['error', ...BROWSER_GLOBALS.map((name) => ({ name, message: serverOnly }))],
      'no-restricted-properties': [
        'error',
        ...BROWSER_GLOBALS.map((property) => ({ object: 'globalThis', property, message: serverOnly })),
      ],
    },
  },
  {
    // What renders on the server as well as in the browser: browser globals only after rendering.
    files: ['client/**/*.{ts,tsx}'],
    ignores: ['client/browser/**', 'client/**/*.test.{ts,tsx}'],
    plugins: { questline: renderTime },
    rules: { 'questline/render-time-browser-globals': 'error' },
  },
  {
    files: ['**/*.js', '**/*.mjs'],
    ...tseslint.configs.disableTypeChecked,
  },
);
