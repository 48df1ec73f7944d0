import { createElement } from 'react'
import { renderToString } from 'react-dom/server'
import { MantineProvider } from '@mantine/core'
import { describe, expect, it } from 'vitest'
import { cssVariablesResolver, theme } from '../src/app/theme'
import { mantineCssVariables, mantineStaticCssVariables, VIRTUAL_ID } from './mantine-static-css-variables'

/** what Mantine's own MantineCssVariables injects for this theme (rendered here, in plain Node, without the plugin) */
function injectedByMantine(): string {
  const html = renderToString(createElement(MantineProvider, { theme, cssVariablesResolver }, 'x'))
  const style = /<style data-mantine-styles="true"[^>]*>([\s\S]*?)<\/style>/.exec(html)
  if (!style) throw new Error(`no Mantine variables in ${html.slice(0, 200)}`)
  return style[1]!.replaceAll('&quot;', '"')
}

describe('Mantine CSS variables written at build time (SPEC 11.13)', () => {
  it('are exactly those Mantine injects at run time for our theme', () => {
    const ours = mantineCssVariables(theme, cssVariablesResolver)
    expect(ours).toContain('--mantine-color-dimmed: var(--mantine-color-gray-7)')
    expect(ours).toBe(injectedByMantine())
  })

  it('a change of theme changes them (they are computed, not a copy)', () => {
    const other = mantineCssVariables({ ...theme, primaryColor: 'teal' }, cssVariablesResolver)
    expect(other).not.toBe(mantineCssVariables(theme, cssVariablesResolver))
    expect(other).toContain('--mantine-primary-color-filled: var(--mantine-color-teal-filled)')
  })

  it('the plugin stubs MantineCssVariables only where MantineProvider imports it, and serves the CSS', () => {
    const plugin = mantineStaticCssVariables(theme, cssVariablesResolver)
    const resolve = plugin.resolveId as (source: string, importer?: string) => string | null
    const load = plugin.load as (id: string) => string | null
    const provider = '/app/node_modules/@mantine/core/esm/core/MantineProvider/MantineProvider.mjs'
    const stub = resolve('./MantineCssVariables/MantineCssVariables.mjs', provider)
    expect(stub).toBeTruthy()
    expect(load(stub!)).toContain('return null')
    expect(resolve('./MantineCssVariables/MantineCssVariables.mjs', '/app/src/other.mjs')).toBeNull()
    const css = resolve(VIRTUAL_ID)
    expect(load(css!)).toBe(`${mantineCssVariables(theme, cssVariablesResolver)}\n`)
  })
})
