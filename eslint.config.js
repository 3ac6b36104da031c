// Lint guards the architecture (bulletproof-react's import rules, DESIGN.md §3):
// the browser never imports server code, machines touch neither React nor the DOM,
// shared code runs in both places, and a feature never reaches into another feature.
import path from 'node:path';
import js from '@eslint/js';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

// A feature never reaches into another feature, however the path is spelled ('../other/x',
// '../../features/other/x', '../../../../src/web/features/other/x', './../other/x'): the import is
// resolved against the importing file and compared by folder, which a pattern on the text can't.
// A feature has one name everywhere: src/web/features/X, machines/X and src/server/features/X are
// all feature X, so the web side of X may use machines/X but not machines/Y. The kits
// (src/web/kit, machines/kit), src/shared and the web's boot files import no feature at all.
const featureRoot = /^(?:src\/(?:web|server)\/features|machines)\/([^/]+)\//;
const featureOf = (file) => {
  const match = featureRoot.exec(path.relative(import.meta.dirname, file).split(path.sep).join('/'));
  return match && match[1] !== 'kit' ? match[1] : null;
};
const sharedLayer = /^(src\/web\/(kit|boot)\/|src\/shared\/|machines\/kit\/)/;
const featureBoundary = {
  meta: {
    type: 'problem',
    messages: {
      sibling: 'A feature does not import another feature ({{target}}): move what both use to a kit (src/web/kit, machines/kit) or src/shared.',
      shared: 'Shared code does not import a feature ({{target}}): the feature imports the shared code, not the other way round.',
    },
    schema: [],
  },
  create(context) {
    const file = context.physicalFilename;
    const relative = path.relative(import.meta.dirname, file).split(path.sep).join('/');
    const own = featureOf(file);
    const shared = sharedLayer.test(relative);
    if (!own && !shared) return {};
    const check = (node, source) => {
      if (!source || typeof source.value !== 'string' || !source.value.startsWith('.')) return;
      const target = featureOf(path.resolve(path.dirname(file), source.value) + '/');
      if (!target || target === own) return;
      context.report({ node, messageId: own ? 'sibling' : 'shared', data: { target } });
    };
    return {
      ImportDeclaration: (node) => check(node, node.source),
      ExportNamedDeclaration: (node) => check(node, node.source),
      ExportAllDeclaration: (node) => check(node, node.source),
      ImportExpression: (node) => check(node, node.source),
    };
  },
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
    // No import cycles: a loop means two modules are one module in two files.
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
    files: ['src/**/*.{ts,tsx}', 'machines/**/*.ts'],
    plugins: { local: { rules: { 'feature-boundary': featureBoundary } } },
    rules: { 'local/feature-boundary': 'error' },
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
            { regex: '^(\\.\\./)+(src/)?server(/|$)', message: 'The browser never imports server code.' },
          ],
        },
      ],
    },
  },
  // The server's layers: lib/ is infrastructure with no product rules; plugins/ are what
  // app.ts installs on Fastify; domain/ holds rules several features share; features/ use all three.
  // Each layer imports only the ones before it, so a rule never hides in a plugin again.
  ...[
    ['src/server/lib/**/*.ts', ['domain', 'plugins', 'features'], 'lib/ is infrastructure: it imports no plugin, domain module or feature.'],
    ['src/server/plugins/**/*.ts', ['domain', 'features'], 'A plugin imports no domain module or feature: move the rule to domain/ and let the feature call it.'],
    ['src/server/domain/**/*.ts', ['features'], 'A domain module imports no feature: features call domain/, not the other way round.'],
  ].map(([files, layers, message]) => ({
    files: [files],
    rules: { 'no-restricted-imports': ['error', { patterns: [{ regex: `^\\.\\./(${layers.join('|')})(/|$)`, message }] }] },
  })),
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
