import { existsSync, readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { gs1Hri } from '../../../../contracts/gs1/gs1'
import { FNC1, code128Bars, decodeZplCode128, encodeCode128, gs1Elements } from './code128'
import { type Dpi, placeLabel } from './label-model'
import { locationLabel } from './location-label'
import { contentElements, labelQty, palletLabel, type PalletLabelData } from './pallet-label'
import { renderPng } from './png'
import { renderSvg } from './svg'
import { parseZpl, renderZpl } from './zpl'

const goldenDir = path.join(path.dirname(fileURLToPath(import.meta.url)), '__golden__')

/** Compare with the stored file; UPDATE_GOLDEN=1 rewrites it (review the diff before committing). */
function expectGolden(name: string, actual: string) {
  const file = path.join(goldenDir, name)
  if (process.env.UPDATE_GOLDEN === '1' || !existsSync(file)) {
    if (process.env.CI && !existsSync(file)) throw new Error(`golden file ${name} is missing`)
    writeFileSync(file, actual)
  }
  expect(actual).toBe(readFileSync(file, 'utf8'))
}

const location = { code: 'A01-02-03', name: 'Rua 1 Prédio 2 Nível 3', warehouseCode: 'WH-SP1', warehouseName: 'Armazém São Paulo 1' }
const pallet: PalletLabelData = {
  companyName: 'Movatic Demo',
  palletCode: 'PAL-000123',
  sscc: '078912340000000019',
  productCode: 'P000001',
  productName: 'Café Premium 500g',
  gtin: '07891234000017',
  lot: 'L2026-01',
  expiryDate: '2027-01-31',
  qty: '120.000',
  uom: 'CX',
}

// GS1 check digits and SSCC building are tested with the one GS1 module: contracts/gs1/gs1.test.ts
describe('Code 128 / GS1-128', () => {
  it('encodes the SSCC as start C, FNC1 and digit pairs, and the printer reads back the same symbol', () => {
    const sym = encodeCode128(gs1Elements([{ ai: '00', value: '106141412345678908' }]))
    expect(sym.zplData).toBe('>;>800106141412345678908')
    expect(sym.values.slice(0, 3)).toEqual([105, 102, 0])
    // start C + FNC1 + 10 pairs + check + stop
    expect(sym.modules).toBe(11 * 13 + 13)
    expect(decodeZplCode128(sym.zplData)).toEqual(sym.values)
  })
  it('separates a variable-length AI from the next with FNC1, and writes AIs in parentheses for people', () => {
    const els = [
      { ai: '02', value: '07891234000017' },
      { ai: '37', value: '120' },
      { ai: '10', value: 'L1' },
    ]
    const items = gs1Elements(els)
    expect(items.filter((i) => i === FNC1)).toHaveLength(2)
    expect(gs1Hri(els)).toBe('(02)07891234000017(37)120(10)L1')
    const sym = encodeCode128(items)
    expect(decodeZplCode128(sym.zplData)).toEqual(sym.values)
  })
  it('checks the symbol against the mod 103 rule and draws 11-module characters', () => {
    const sym = encodeCode128([...'PJJ123C'])
    const data = sym.values.slice(0, -2)
    const check = data.reduce((s, v, i) => s + v * Math.max(i, 1), 0) % 103
    expect(sym.values.at(-2)).toBe(check)
    const bars = code128Bars(sym.values)
    const last = bars.at(-1)!
    expect(last[0] + last[1]).toBe(sym.modules)
  })
  it('refuses characters ZPL cannot carry in a barcode field', () => {
    expect(() => encodeCode128([...'A^B'])).toThrow()
    expect(() => encodeCode128([...'A~B'])).toThrow()
  })
})

describe('labels', () => {
  it('puts SSCC, GTIN (02), expiry (17), count (37) and lot (10) on the pallet label; (01) for a single trade item', () => {
    expect(contentElements(pallet).map((e) => e.ai)).toEqual(['02', '17', '37', '10'])
    expect(contentElements({ ...pallet, qty: '1.000' }).map((e) => e.ai)).toEqual(['01', '17', '10'])
    // a weight is not a count: no (02)/(37)
    expect(contentElements({ ...pallet, qty: '12.500' }).map((e) => e.ai)).toEqual(['17', '10'])
    expect(contentElements({ ...pallet, gtin: null, lot: null, expiryDate: null })).toEqual([])
  })

  it('prints quantities as a Portuguese reader reads them: no trailing zeros, decimal comma (SPEC 9)', () => {
    expect(labelQty('303.000')).toBe('303')
    expect(labelQty('12.500')).toBe('12,5')
    expect(labelQty('1250.000')).toBe('1.250')
    expect(labelQty('0.125')).toBe('0,125')
    expect(labelQty('123456789012345.125')).toBe('123.456.789.012.345,125')
    const texts = (qty: string, uom: string) => palletLabel({ ...pallet, qty, uom }).elements.flatMap((e) => (e.type === 'text' ? [e.text] : []))
    expect(texts('303.000', 'UN')).toContain('303 UN')
    expect(texts('303.000', 'UN')).not.toContain('303.000 UN')
    expect(texts('12.500', 'KG')).toContain('12,5 KG')
  })

  for (const dpi of [203, 300] as Dpi[]) {
    it(`renders the location label at ${dpi} dpi (golden ZPL), and reads it back to the same placed label`, () => {
      const placed = placeLabel(locationLabel(location), dpi)
      const zpl = renderZpl(placed, 1)
      expectGolden(`location-${dpi}.zpl`, zpl)
      expect(parseZpl(zpl, dpi)).toEqual({ label: placed, copies: 1 })
      expect(zpl).toMatch(/^\^XA\n\^CI28\n/)
      expect(zpl).toMatch(/\^PQ1,0,1,Y\n\^XZ\n$/)
      expect(zpl).toContain('^BCN,')
      expect(zpl).toContain('^FD>:A01-02-03^FS')
    })
    it(`renders the pallet label at ${dpi} dpi (golden ZPL), and reads it back to the same placed label`, () => {
      const placed = placeLabel(palletLabel(pallet), dpi)
      const zpl = renderZpl(placed, 3)
      expectGolden(`pallet-${dpi}.zpl`, zpl)
      expect(parseZpl(zpl, dpi)).toEqual({ label: placed, copies: 3 })
      expect(zpl).toContain('^FD>;>800078912340000000019^FS')
      expect(zpl).toContain('^PQ3,0,1,Y')
      expect(zpl).toContain('(00)078912340000000019')
    })
  }

  it('escapes ^ ~ and _ in text so a name cannot end the field, and keeps UTF-8', () => {
    const placed = placeLabel(locationLabel({ ...location, warehouseName: 'A^B~C_D ção' }), 203)
    const zpl = renderZpl(placed)
    expect(zpl).toContain('A_5EB_7EC_5FD ção')
    expect(parseZpl(zpl, 203).label).toEqual(placed)
  })

  it('previews as SVG and PNG from the same placed label (one pixel per dot)', () => {
    const placed = placeLabel(locationLabel(location), 203)
    const svg = renderSvg(placed)
    expect(svg).toContain('viewBox="0 0 799 400"')
    expect(svg).toContain('>A01-02-03</text>')
    const png = renderPng(placed)
    expect(png.subarray(1, 4).toString()).toBe('PNG')
    expect(png.readUInt32BE(16)).toBe(799)
    expect(png.readUInt32BE(20)).toBe(400)
  })

  it('refuses copies outside 1-50', () => {
    const placed = placeLabel(locationLabel(location), 203)
    expect(() => renderZpl(placed, 0)).toThrow(RangeError)
    expect(() => renderZpl(placed, 51)).toThrow(RangeError)
  })
})
