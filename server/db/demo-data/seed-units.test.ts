import { describe, expect, it } from 'vitest'
import { productUnit } from './seed'

describe('demo products have units that fit them (SPEC 3)', () => {
  it('sells loose food by the kilo or the litre, cartons in boxes, everything else counted', () => {
    expect(productUnit('Farinha', 'M', '24un')).toEqual({ size: 'granel', uom: 'KG' })
    expect(productUnit('Óleo', 'L', '1kg')).toEqual({ size: 'granel', uom: 'L' })
    expect(productUnit('Farinha', 'UN', '24un')).toEqual({ size: expect.stringMatching(/^\d+k?g$/), uom: 'UN' })
    expect(productUnit('Leite', 'CX', '1L')).toEqual({ size: expect.stringMatching(/^(12|24)x1L$/), uom: 'CX' })
    expect(productUnit('Parafuso', 'KG', '500ml')).toEqual({ size: expect.stringMatching(/un$/), uom: 'UN' })
    expect(productUnit('Fita', 'M', '50m')).toEqual({ size: '50m', uom: 'UN' })
  })
  it('never stocks a product in metres', () => {
    for (const noun of ['Farinha', 'Fita', 'Pilha', 'Suco', 'Sabão']) for (const kind of ['UN', 'CX', 'PCT', 'KG', 'L', 'M']) expect(productUnit(noun, kind, '10m').uom).not.toBe('M')
  })
})
