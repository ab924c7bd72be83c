// Lint: typescript-eslint on every TS file, React hooks rules, and the one-way import direction
// server → shared ← client (shared imports neither and no Node built-in).
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const nodeBuiltins = ['node:*', 'fs', 'fs/*', 'path', 'http', 'https', 'crypto', 'child_process', 'os', 'url', 'stream', 'zlib', 'net'];

// Islands and the client entry are all the browser loads: no router, no i18next, no server renderer.
const browserOnly = {
  group: ['react-router', 'react-router-dom', 'i18next', '**/page-context', 'react-dom/server'],
  message: 'Islands go to the browser: pass what they show as props (shared/islands/README.md).',
};

const restrict = (patterns) => ['error', { patterns: patterns.map(({ group, message }) => ({ group, message })) }];

export default tseslint.config(
  { ignores: ['dist/**', 'dist-dev/**', 'node_modules/**', 'coverage/**', '.scratch/**', 'bench/results/**', 'docs/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      eqeqeq: ['error', 'smart'],
      'no-console': 'off',
    },
  },
  {
    files: ['shared/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    rules: {
      'no-restricted-imports': restrict([
        { group: ['**/server', '**/server/**', '!react-dom/server'], message: 'shared/ runs on both sides: it must not import server/.' },
        { group: ['**/client', '**/client/**'], message: 'shared/ runs on both sides: it must not import client/.' },
        { group: nodeBuiltins, message: 'shared/ runs in the browser too: no Node built-ins.' },
      ]),
    },
  },
  {
    files: ['shared/islands/**/*.{ts,tsx}'],
    ignores: ['shared/islands/island.tsx'],
    rules: {
      'no-restricted-imports': restrict([
        { group: ['**/server', '**/server/**'], message: 'shared/ runs on both sides: it must not import server/.' },
        { group: ['**/client', '**/client/**'], message: 'shared/ runs on both sides: it must not import client/.' },
        { group: nodeBuiltins, message: 'shared/ runs in the browser too: no Node built-ins.' },
        browserOnly,
      ]),
    },
  },
  {
    files: ['client/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    rules: {
      'no-restricted-imports': restrict([
        { group: ['**/server', '**/server/**'], message: 'client/ is browser code: it must not import server/.' },
        { group: nodeBuiltins, message: 'client/ is browser code: no Node built-ins.' },
        browserOnly,
      ]),
    },
  },
  {
    files: ['server/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.node } },
    rules: {
      'no-restricted-imports': restrict([{ group: ['**/client', '**/client/**'], message: 'server/ must not import client/ (browser-only code).' }]),
    },
  },
  {
    files: ['**/*.{js,mjs,cjs}', 'tests/**', 'bench/**'],
    languageOptions: { globals: { ...globals.node } },
  },
);
