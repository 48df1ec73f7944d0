/**
 * Mantine's theme CSS variables, written at build time instead of computed in every browser (the first load of SPEC 11.13).
 *
 * MantineProvider renders `MantineCssVariables`, which runs Mantine's default variables resolver over the theme on
 * every page load and injects the result as a <style>: about 2.5 kB gzip of JavaScript in every first load, for a
 * result that depends only on our theme (src/app/theme.ts), never on the user. This plugin:
 * - replaces that component, where MantineProvider imports it, with one that renders nothing;
 * - serves `virtual:mantine-css-variables.css`, the same CSS Mantine would inject, computed here in Node with
 *   Mantine's own exported functions, the same steps as MantineCssVariables.tsx (merged with the default resolver,
 *   the values equal to Mantine's defaults left out because @mantine/core/styles.css already has them).
 * src/main.tsx imports that CSS after Mantine's styles, as the injected <style> came after them.
 * tooling/mantine-static-css-variables.test.ts renders the real component and compares.
 */
import type { Plugin } from 'vite'
import { convertCssVariables, defaultCssVariablesResolver, DEFAULT_THEME, keys, mergeMantineTheme, type ConvertCSSVariablesInput, type CSSVariablesResolver, type MantineThemeOverride } from '@mantine/core'

export const VIRTUAL_ID = 'virtual:mantine-css-variables.css'
const RESOLVED_ID = `\0${VIRTUAL_ID}`
const STUB_ID = '\0mantine-css-variables-stub'

/** the CSS MantineCssVariables injects (at `:root, :host`) for this theme and resolver (deduplicateCssVariables, the default) */
export function mantineCssVariables(theme: MantineThemeOverride, resolver: CSSVariablesResolver): string {
  const merged = mergeMantineTheme(DEFAULT_THEME, theme)
  const ours = resolver(merged)
  const all = defaultCssVariablesResolver(merged)
  const variables: ConvertCSSVariablesInput = {
    variables: { ...all.variables, ...ours.variables },
    light: { ...all.light, ...ours.light },
    dark: { ...all.dark, ...ours.dark },
  }
  const defaults = defaultCssVariablesResolver(DEFAULT_THEME)
  const cleaned: ConvertCSSVariablesInput = { variables: {}, light: {}, dark: {} }
  for (const part of ['variables', 'light', 'dark'] as const) {
    for (const key of keys(variables[part])) {
      if (defaults[part][key] !== variables[part][key]) cleaned[part][key] = variables[part][key]
    }
  }
  return convertCssVariables(cleaned)
}

export function mantineStaticCssVariables(theme: MantineThemeOverride, resolver: CSSVariablesResolver): Plugin {
  return {
    name: 'movatic-mantine-static-css-variables',
    enforce: 'pre',
    resolveId(source, importer) {
      if (source === VIRTUAL_ID) return RESOLVED_ID
      if (source === './MantineCssVariables/MantineCssVariables.mjs' && importer && /@mantine[/\\]core[/\\]esm[/\\]core[/\\]MantineProvider[/\\]MantineProvider\.mjs$/.test(importer)) {
        return STUB_ID
      }
      return null
    },
    load(id) {
      if (id === STUB_ID) return 'export function MantineCssVariables() { return null }\n'
      if (id === RESOLVED_ID) {
        return `${mantineCssVariables(theme, resolver)}\n`
      }
      return null
    },
  }
}
