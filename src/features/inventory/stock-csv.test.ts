import { describe, expect, it } from 'vitest'
import { STOCK_COLUMNS } from './stock-columns'
import { csvField, csvQty, neutralizeFormula, toCsv } from './stock-csv'

describe('stock CSV (RFC 4180)', () => {
  it('leaves plain fields alone and writes null as an empty field', () => {
    expect(csvField('P000123')).toBe('P000123')
    expect(csvField(null)).toBe('')
    expect(csvField(undefined)).toBe('')
    expect(csvField(42)).toBe('42')
  })

  it('quotes commas, quotes, line breaks and edge spaces, doubling quotes', () => {
    expect(csvField('Arroz, tipo 1')).toBe('"Arroz, tipo 1"')
    expect(csvField('Tela 15" LED')).toBe('"Tela 15"" LED"')
    expect(csvField('linha 1\nlinha 2')).toBe('"linha 1\nlinha 2"')
    expect(csvField('a\r\nb')).toBe('"a\r\nb"')
    expect(csvField(' A01 ')).toBe('" A01 "')
    expect(csvField('"')).toBe('""""')
  })

  it('keeps quantities exactly as the API wrote them', () => {
    const csv = toCsv(['Produto', 'Quantidade'], [['P1', '12.500'], ['P2', '0.001'], ['P3', '123456789012.345']])
    expect(csv).toBe('Produto,Quantidade\r\nP1,12.500\r\nP2,0.001\r\nP3,123456789012.345\r\n')
  })

  it('writes quantities like the screens and labels: exact, up to 3 decimals, no trailing zeros (SPEC 9)', () => {
    expect(csvQty('303.000')).toBe('303')
    expect(csvQty('12.500')).toBe('12.5')
    expect(csvQty('123456789012.345')).toBe('123456789012.345')
    expect(csvQty(null)).toBeNull()
    const qty = STOCK_COLUMNS.find((c) => c.id === 'qty')!
    const reserved = STOCK_COLUMNS.find((c) => c.id === 'reserved_qty')!
    const row = { qty: '303.000', reserved_qty: '0.500' } as Parameters<typeof qty.csv>[0]
    expect([qty.csv(row), reserved.csv(row)]).toEqual(['303', '0.5'])
  })

  it('builds rows with CRLF and a header, accents untouched', () => {
    expect(toCsv(['Descrição', 'Localização'], [['Feijão, 1kg', 'A-01'], [null, 'B']])).toBe(
      'Descrição,Localização\r\n"Feijão, 1kg",A-01\r\n,B\r\n',
    )
  })

  it('defuses text a spreadsheet would run as a formula', () => {
    expect(neutralizeFormula('=HYPERLINK("x")')).toBe('\'=HYPERLINK("x")')
    expect(neutralizeFormula('+1')).toBe("'+1")
    expect(neutralizeFormula('-5')).toBe("'-5")
    expect(neutralizeFormula('@SUM(A1)')).toBe("'@SUM(A1)")
    expect(neutralizeFormula('L-001')).toBe('L-001')
    expect(csvField(neutralizeFormula('=1,2'))).toBe('"\'=1,2"')
  })
})
