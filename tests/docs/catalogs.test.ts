/**
 * Every string a user sees is in all five catalogs, translated (the guide's standard): after `npm run i18n:extract`,
 * a message added in the code and left untranslated in any language fails here, not in front of a user.
 */
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'

const LOCALES = ['pt', 'en', 'es', 'fr', 'it'] as const

function entries(locale: string): Map<string, string> {
  const text = readFileSync(path.join(import.meta.dirname, '..', '..', 'locales', locale, 'messages.po'), 'utf8')
  const out = new Map<string, string>()
  for (const block of text.split(/\n\s*\n/)) {
    const id = /^msgid ((?:".*"\n?)+)/m.exec(block)?.[1]
    const str = /^msgstr ((?:".*"\n?)+)/m.exec(block)?.[1]
    if (id === undefined || str === undefined) continue
    const join = (s: string) => s.split('\n').filter(Boolean).map((line) => JSON.parse(line) as string).join('')
    const key = join(id)
    if (key) out.set(key, join(str))
  }
  return out
}

describe('the five catalogs', () => {
  const pt = entries('pt')

  it('hold the same messages', () => {
    for (const locale of LOCALES) expect([...entries(locale).keys()].sort(), locale).toEqual([...pt.keys()].sort())
  })

  it.each(LOCALES)('%s translates every message', (locale) => {
    const missing = [...entries(locale)].filter(([, str]) => str.trim() === '').map(([id]) => id)
    expect(missing).toEqual([])
  })

  it('the other languages are translations, not copies of the Portuguese', () => {
    // a short phrase may be the same in two languages (Total, Reservar, 'Imprimir etiqueta de {0}' in Spanish); a
    // sentence of five words or more never is
    const words = (s: string) => s.replace(/\{[^}]*\}/g, ' ').split(/\s+/).filter((w) => /\p{L}/u.test(w)).length
    for (const locale of ['en', 'es', 'fr', 'it']) {
      const copied = [...entries(locale)].filter(([id, str]) => str === id && words(id) >= 5).map(([id]) => id)
      expect(copied, locale).toEqual([])
    }
  })
})
