// Lint guards the architecture (bulletproof-react's import rules, DESIGN.md §3):
// the browser never imports server code, machines touch neither React nor the DOM,
// shared code runs in both places, and a feature never reaches into another feature.
import js from '@eslint/js';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const siblingFeature = {
  // '../other-feature/...' but not '../../plugins/...'
  regex: '^\\.\\./(?!\\.\\.)',
  message: 'A feature does not import another feature: move shared code to src/shared or a plugin/component.',
};

export default tseslint.config(
  { ignores: ['dist/**', 'storybook-static/**', 'node_modules/**', 'data/**', 'test-results/**', '.tmp/**', 'src/server/db/migrations/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-explicit-any': 'error',
    },
  },
  {
    // No import cycles: a loop means two modules are one module in two files (issue 9).
    // Type-only imports are left out: they vanish from the built code.
    files: ['src/**/*.{ts,tsx}', 'machines/**/*.ts', 'storybook/**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'] })],
    },
    rules: {
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
  {
    files: ['src/web/**/*.{ts,tsx}', 'storybook/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
    },
  },
  {
    files: ['src/web/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { regex: '^(\\.\\./)+(src/)?server(/|$)', message: 'The browser never imports server code.' },
            { group: ['node:*'], message: 'The browser has no node: modules.' },
          ],
        },
      ],
    },
  },
  {
    files: ['src/web/features/**/*.{ts,tsx}', 'src/server/features/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            siblingFeature,
            { regex: '^(\\.\\./)+(src/)?server(/|$)', message: 'The browser never imports server code.' },
          ],
        },
      ],
    },
  },
  {
    files: ['machines/**/*.ts'],
    languageOptions: { globals: { ...globals.es2021 } },
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['react', 'react-dom', 'react-dom/*', '@xstate/react', '@tanstack/*', 'sonner', 'ofetch'], message: 'Machines are pure: no React, DOM or I/O (DESIGN.md §2).' },
            { group: ['**/src/web/**', '**/src/server/**', 'node:*'], message: 'Machines import only src/shared.' },
          ],
        },
      ],
      'no-restricted-globals': [
        'error',
        ...['window', 'document', 'localStorage', 'sessionStorage', 'fetch', 'navigator', 'location', 'setTimeout', 'setInterval'].map((name) => ({
          name,
          message: 'Machines are pure: supply effects with .provide() (DESIGN.md §2).',
        })),
      ],
    },
  },
  {
    files: ['src/shared/**/*.ts'],
    languageOptions: { globals: { ...globals.es2021 } },
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['node:*', 'react', 'react-dom', '**/web/**', '**/server/**', '../../machines/**'], message: 'src/shared runs in the browser and on the server: no node:, React or app code.' },
          ],
        },
      ],
      'no-restricted-globals': ['error', 'window', 'document', 'process'],
    },
  },
);
