import { describe, expect, it } from 'vitest'
import { visibleCode } from './scan-read-item'

describe('visibleCode', () => {
  it("drops the scanner's symbology identifier and a leading FNC1, and shows GS separators", () => {
    expect(visibleCode(']C100106141412345678908')).toBe('00106141412345678908')
    expect(visibleCode(']d2\u001d0107891234567895\u001d10L1')).toBe('0107891234567895␝10L1')
    expect(visibleCode('PAL-000042')).toBe('PAL-000042')
    expect(visibleCode('(00)106141412345678908')).toBe('(00)106141412345678908')
  })
})
