import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import { serverBoundaries } from './eslint/server-boundaries.js';
import clientBoundaries from './eslint/client-boundaries.js';

export default tseslint.config(
  {
    ignores: [
      'dist/**',
      'data/**',
      'node_modules/**',
      'test-results/**',
      'playwright-report/**',
      'server/db/migrations/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
      '@typescript-eslint/only-throw-error': 'error',
      // Configuration is read in one place: server/env.ts (tooling scripts and configs excepted).
      'no-restricted-properties': [
        'error',
        {
          object: 'process',
          property: 'env',
          message: 'Read configuration through server/env.ts (loadEnv).',
        },
      ],
    },
  },
  {
    files: ['client/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  serverBoundaries,
  ...clientBoundaries,
  {
    files: ['server/env.ts', 'scripts/**', 'tests/e2e/**', '*.config.ts', '*.config.js'],
    rules: { 'no-restricted-properties': 'off' },
  },
  {
    // Plain-JavaScript tooling: no type information, Node (and, in page callbacks, browser) globals.
    files: ['**/*.mjs', '**/*.js'],
    ...tseslint.configs.disableTypeChecked,
    languageOptions: {
      parserOptions: { projectService: false, project: null },
      globals: Object.fromEntries(
        [
          'process',
          'console',
          'URL',
          'fetch',
          'setTimeout',
          'Buffer',
          'performance',
          'window',
          'PerformanceObserver',
        ].map((g) => [g, 'readonly']),
      ),
    },
  },
);
