import js from '@eslint/js'
import globals from 'globals'
import tseslint from 'typescript-eslint'
import reactHooks from 'eslint-plugin-react-hooks'
import wms from './tooling/eslint-plugin-wms.js'
import { boundaries } from './tooling/eslint-boundaries.js'

export default tseslint.config(
  { ignores: ['dist', 'dist-server', 'node_modules', 'var', 'coverage', 'tests/output', 'src/routeTree.gen.ts', 'src/collectorRouteTree.gen.ts', 'locales/**/*.js', 'locales/**/*.ts', 'dev-dist'] },
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
  // STYLE habit 1: imports flow one way. contracts/ (the API's requests and responses, ADR 0010) is the bottom layer:
  // it imports only zod and itself; its *.rules.ts and gs1/ files import not even zod, so screens may use them as values.
  {
    files: ['contracts/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { regex: '^(?!\\.|zod$|vitest$)', message: 'contracts/ is framework-free and imports only zod' },
            { group: ['**/src/**', '**/server/**', '**/machines/**', '**/tests/**', '**/tooling/**'], message: 'contracts/ is the bottom layer: it imports only zod and itself' },
          ],
        },
      ],
    },
  },
  {
    files: ['contracts/**/*.rules.ts', 'contracts/gs1/**/*.ts'],
    ignores: ['contracts/**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { regex: '^(?!\\.)', message: 'rules and GS1 files import nothing: the app and the machines load them as values' },
            { group: ['**/src/**', '**/server/**', '**/machines/**', '**/tests/**', '**/tooling/**', '../**/*.contract', '../primitives', './*.contract'], message: 'rules and GS1 files import no zod schema' },
          ],
        },
      ],
    },
  },
  // machines/ imports xstate, each other and contracts; a contract's schemas (zod) only as types, so no bundle grows
  {
    files: ['machines/**/*.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            { regex: '^(?!\\.|xstate$|@xstate/graph$|vitest$)', message: 'machines/ is framework-free and imports only xstate, each other and contracts' },
            { group: ['**/src/**', '**/server/**', '**/tests/**', '**/tooling/**'], message: 'machines/ is framework-free and imports only xstate, each other and contracts' },
            { group: ['**/contracts/**/*.contract', '**/contracts/primitives'], allowTypeImports: true, message: 'machines take a contract\'s types only (import type): its zod schemas would ship in the bundle' },
          ],
        },
      ],
    },
  },
  // the app takes contracts' types only (import type): no first load grows by zod (ADR 0010); *.rules.ts and gs1/ are plain values
  {
    files: ['src/**/*.{ts,tsx}'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['**/contracts/**/*.contract', '**/contracts/primitives'], allowTypeImports: true, message: 'the app takes a contract\'s types only (import type): its zod schemas would ship in the bundle' },
          ],
        },
      ],
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
