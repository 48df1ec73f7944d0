// Imports nothing of the app's: vite.config.ts reads it at build time (tooling/mantine-static-css-variables.ts)
import { createTheme, type CSSVariablesResolver } from '@mantine/core'

export const theme = createTheme({
  primaryColor: 'blue',
  // WCAG 2 AA (1.4.3): white on blue-6 is 3.6:1; blue-8 reads 4.8:1 (filled buttons, active page)
  primaryShade: { light: 8, dark: 8 },
  defaultRadius: 'md',
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  headings: { fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif' },
})

// WCAG 2 AA (1.4.3): Mantine's dimmed text (gray-6 on white 3.3:1, dark-2 on dark-7 4.0:1) is too faint; one
// step stronger reads 8.2:1 and 7.8:1.
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: { '--mantine-color-dimmed': 'var(--mantine-color-gray-7)' },
  // a field's error in dark mode: Mantine's red-8 on dark-7 reads 3.4:1; red-4 reads well above 4.5:1
  dark: { '--mantine-color-dimmed': 'var(--mantine-color-dark-1)', '--mantine-color-error': 'var(--mantine-color-red-4)' },
})
