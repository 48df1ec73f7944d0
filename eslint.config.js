import js from '@eslint/js'
import globals from 'globals'
import tseslint from 'typescript-eslint'
import reactHooks from 'eslint-plugin-react-hooks'
import wms from './tooling/eslint-plugin-wms.js'
import { boundaries } from './tooling/eslint-boundaries.js'

export default tseslint.config(
  { ignores: ['dist', 'node_modules', 'var', 'coverage', 'tests/output', 'src/routeTree.gen.ts', 'locales/**/*.js', 'locales/**/*.ts', 'dev-dist'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
  // STYLE habit 1: imports flow one way
  {
    files: ['machines/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ group: ['**/src/**', '**/server/**', 'react', 'react-dom'], message: 'machines/ is framework-free and imports only xstate and each other' }] }],
    },
  },
  // issue 13 §4: features sit side by side (routes and app compose them); shared components and lib sit below them
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { boundaries },
    rules: { 'boundaries/src-layers': 'error' },
  },
  {
    files: ['server/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ group: ['**/src/**', 'react'], message: 'the server does not import the app' }] }],
    },
  },
  // ADR 0009: one owner per table; a module reaches another only through its service (server/kernel, server/http
  // and server/db are shared). Tests keep the import rule too; only their fixtures may write any table.
  {
    files: ['server/modules/**/*.ts'],
    plugins: { wms },
    rules: { 'wms/module-imports': 'error' },
  },
  {
    files: ['server/modules/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: { 'wms/owned-writes': 'error' },
  },
)
