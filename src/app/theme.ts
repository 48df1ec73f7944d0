import { createTheme, localStorageColorSchemeManager } from '@mantine/core'
import { THEME_KEY } from '../lib/storage'

export const theme = createTheme({
  primaryColor: 'blue',
  defaultRadius: 'md',
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  headings: { fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif' },
})

// SPEC 4, 9: the theme is a global preference (light, dark or system); system is the default.
export const colorSchemeManager = localStorageColorSchemeManager({ key: THEME_KEY })
