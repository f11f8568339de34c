// ESLint: type-aware TypeScript rules, React hooks, and the project's own rules. Formatting is prettier's.
import js from '@eslint/js';
import { defineConfig, globalIgnores } from 'eslint/config';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import project from './scripts/dev/eslint-rules.mjs';

export default defineConfig(
  globalIgnores([
    'node_modules',
    '.wrangler',
    'public/assets',
    'src/generated',
    'test-results',
    'playwright-report',
    'reports',
  ]),
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    plugins: { project },
    rules: {
      // A promise nobody awaits is work the Worker may drop when the response ends, and an error nobody sees.
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
      '@typescript-eslint/await-thenable': 'error',
      'project/kebab-case-file-names': 'error',
      'project/no-debug-true': 'error',
      // Unused code is TypeScript's job (noUnusedLocals, noUnusedParameters).
      '@typescript-eslint/no-unused-vars': 'off',
    },
  },
  {
    files: ['**/*.mjs', '**/*.js'],
    languageOptions: { globals: globals.node },
  },
  {
    files: ['client/**', 'scripts/bench/budget/*.tsx'],
    ...reactHooks.configs.flat.recommended,
  },
  {
    files: ['client/**', 'scripts/bench/budget/*.tsx'],
    rules: { 'project/no-process-env': 'error' },
  },
  {
    files: ['tests/**', 'e2e/**'],
    rules: {
      'project/no-only': 'error',
      // Tests read loosely shaped JSON answers and assert on them field by field.
      '@typescript-eslint/no-explicit-any': 'off',
    },
  },
  {
    // node:test runs describe/it itself; their promises are not ours to await.
    files: ['tests/node/**'],
    rules: { '@typescript-eslint/no-floating-promises': 'off' },
  },
  {
    // CommonJS (src/routes/react-dom-string.cjs, which picks React's build as React's own entries do): no program of
    // its own, checked without types.
    files: ['**/*.cjs'],
    ...tseslint.configs.disableTypeChecked,
    languageOptions: {
      ...tseslint.configs.disableTypeChecked.languageOptions,
      sourceType: 'commonjs',
      globals: globals.node,
    },
    rules: { ...tseslint.configs.disableTypeChecked.rules, '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    // Hand-written declarations for the JavaScript scripts: no program of their own, checked without types.
    files: ['**/*.d.mts'],
    ...tseslint.configs.disableTypeChecked,
  },
);
