import { defineConfig } from '@lingui/cli'
import { formatter } from '@lingui/format-po'

// SPEC 1, 9: Portuguese is the source, the default and the fallback language.
export default defineConfig({
  sourceLocale: 'pt',
  locales: ['pt', 'en', 'es', 'fr', 'it'],
  fallbackLocales: { default: 'pt' },
  catalogs: [
    {
      path: '<rootDir>/locales/{locale}/messages',
      include: ['<rootDir>/src'],
      exclude: ['**/node_modules/**', '**/*.test.*'],
    },
  ],
  format: formatter({ lineNumbers: false }),
})
