import { decodeZplCode128 } from './code128'
import type { Align, Dpi, PlacedElement, PlacedLabel } from './label-model'

/**
 * ZPL II for Zebra-compatible printers. ^CI28 makes field data UTF-8; text goes through ^FH so `^`, `~` and the
 * escape `_` itself cannot end a field early; barcodes are ^BC mode N with explicit subsets (see code128.ts).
 */
const escapeText = (s: string) => s.replace(/[_^~]/g, (c) => '_' + c.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0'))

function fieldZpl(el: PlacedElement): string {
  switch (el.type) {
    case 'text': {
      const block = el.align === 'center' ? `^FB${el.blockWidth},1,0,C,0` : `^FB${el.blockWidth},1,0,L,0`
      return `^FO${el.x},${el.y}^A0N,${el.h},${el.h}${block}^FH_^FD${escapeText(el.text)}^FS`
    }
    case 'box':
      return `^FO${el.x},${el.y}^GB${el.w},${el.h},${el.t},B,0^FS`
    case 'code128':
      // interpretation line off: the human-readable text is a text field of the model, the same on screen and paper
      return `^FO${el.x},${el.y}^BY${el.module},3,${el.h}^BCN,${el.h},N,N,N,N^FD${el.symbol.zplData}^FS`
  }
}

export function renderZpl(label: PlacedLabel, copies = 1): string {
  if (!Number.isInteger(copies) || copies < 1 || copies > 50) throw new RangeError('copies must be 1 to 50')
  const lines = ['^XA', '^CI28', `^PW${label.width}`, `^LL${label.height}`, '^LH0,0', ...label.elements.map(fieldZpl), `^PQ${copies},0,1,Y`, '^XZ']
  return lines.join('\n') + '\n'
}

export type ParsedZpl = { label: PlacedLabel; copies: number }

/**
 * Read back the ZPL this module writes (the virtual printer renders what it received, not a second copy of the
 * model). Commands outside that subset are ignored.
 */
export function parseZpl(zpl: string, dpi: Dpi): ParsedZpl {
  const elements: PlacedElement[] = []
  let width = 0
  let height = 0
  let copies = 1
  let fo = { x: 0, y: 0 }
  let font = 30
  let block: { width: number; align: Align } | undefined
  let hex: string | undefined
  let bc: { module: number; h: number } | undefined
  let box: { w: number; h: number; t: number } | undefined
  let by = 2
  for (const raw of zpl.split('^').slice(1)) {
    const cmd = raw.slice(0, 2).toUpperCase()
    const arg = raw.slice(2).replace(/\r?\n$/, '')
    const nums = arg.split(',').map((s) => Number(s))
    switch (cmd) {
      case 'PW':
        width = nums[0]
        break
      case 'LL':
        height = nums[0]
        break
      case 'PQ':
        copies = nums[0] || 1
        break
      case 'FO':
        fo = { x: nums[0], y: nums[1] }
        break
      case 'A0':
        font = Number(arg.split(',')[1])
        break
      case 'FB':
        block = { width: nums[0], align: arg.split(',')[3] === 'C' ? 'center' : 'left' }
        break
      case 'FH':
        hex = arg || '_'
        break
      case 'BY':
        by = nums[0]
        break
      case 'BC':
        bc = { module: by, h: Number(arg.split(',')[1]) }
        break
      case 'GB':
        box = { w: nums[0], h: nums[1], t: nums[2] }
        break
      case 'FD': {
        if (bc) {
          elements.push({ type: 'code128', x: fo.x, y: fo.y, h: bc.h, module: bc.module, symbol: { values: decodeZplCode128(arg), zplData: arg } })
        } else {
          const text = hex ? decodeHex(arg, hex) : arg
          elements.push({ type: 'text', x: fo.x, y: fo.y, h: font, text, blockWidth: block?.width ?? 0, align: block?.align ?? 'left' })
        }
        break
      }
      case 'FS':
        if (box) elements.push({ type: 'box', x: fo.x, y: fo.y, w: box.w, h: box.h, t: box.t })
        block = undefined
        hex = undefined
        bc = undefined
        box = undefined
        break
    }
  }
  return { label: { dpi, width, height, elements }, copies }
}

function decodeHex(s: string, indicator: string): string {
  const parts: Buffer[] = []
  let last = 0
  const re = new RegExp(indicator.replace(/[.*+?^${}()|[\]\\]/g, '\\$&') + '([0-9A-Fa-f]{2})', 'g')
  for (const m of s.matchAll(re)) {
    parts.push(Buffer.from(s.slice(last, m.index), 'utf8'), Buffer.from([parseInt(m[1], 16)]))
    last = m.index + m[0].length
  }
  parts.push(Buffer.from(s.slice(last), 'utf8'))
  return Buffer.concat(parts).toString('utf8')
}
