import { type Code128Input, type Code128Symbol, encodeCode128 } from './code128'

/**
 * One label model, two renderings (ZPL for the printer, SVG/PNG for the screen): what the user previews is what
 * prints. Positions and sizes are in millimetres here; `placeLabel` turns them into printer dots once, and both
 * renderers draw from that placed form.
 */
export type Align = 'left' | 'center'

export type TextElement = {
  type: 'text'
  x: number
  y: number
  /** character height */
  height: number
  text: string
  /** the block the text is aligned and clipped in */
  width: number
  align?: Align
}

export type BarcodeElement = {
  type: 'code128'
  x: number
  y: number
  /** bar height */
  height: number
  /** room available, quiet zones included; the module shrinks to fit */
  width: number
  /** the nominal module width (X dimension) */
  moduleMm: number
  data: Code128Input
  align?: Align
}

export type BoxElement = { type: 'box'; x: number; y: number; width: number; height: number; thickness: number }

export type LabelElement = TextElement | BarcodeElement | BoxElement
export type LabelModel = { widthMm: number; heightMm: number; elements: LabelElement[] }

export type Dpi = 203 | 300

export type PlacedText = { type: 'text'; x: number; y: number; h: number; text: string; blockWidth: number; align: Align }
export type PlacedBarcode = { type: 'code128'; x: number; y: number; h: number; module: number; symbol: Pick<Code128Symbol, 'values' | 'zplData'> }
export type PlacedBox = { type: 'box'; x: number; y: number; w: number; h: number; t: number }
export type PlacedElement = PlacedText | PlacedBarcode | PlacedBox
/** A label in printer dots. */
export type PlacedLabel = { dpi: Dpi; width: number; height: number; elements: PlacedElement[] }

export const dotsPerMm = (dpi: Dpi) => dpi / 25.4
const QUIET_ZONE_MODULES = 10
// font 0 averages about 0.55 em per character; used to clip text that would run off its block
const CHAR_WIDTH_EM = 0.55

/** Cut a text to what fits its block, with an ellipsis (three dots: font 0 has no U+2026). */
export function fitText(text: string, blockWidthDots: number, heightDots: number): string {
  // control characters would break the ZPL field or the SVG
  const clean = [...text].map((c) => (c.charCodeAt(0) < 32 || c.charCodeAt(0) === 127 ? ' ' : c)).join('').trim()
  const max = Math.max(1, Math.floor(blockWidthDots / (heightDots * CHAR_WIDTH_EM)))
  return clean.length <= max ? clean : clean.slice(0, Math.max(1, max - 3)).trimEnd() + '...'
}

export function placeLabel(model: LabelModel, dpi: Dpi): PlacedLabel {
  const k = dotsPerMm(dpi)
  const d = (mm: number) => Math.round(mm * k)
  const elements: PlacedElement[] = model.elements.map((el): PlacedElement => {
    switch (el.type) {
      case 'text': {
        const h = Math.max(10, d(el.height))
        const blockWidth = d(el.width)
        return { type: 'text', x: d(el.x), y: d(el.y), h, text: fitText(el.text, blockWidth, h), blockWidth, align: el.align ?? 'left' }
      }
      case 'box':
        return { type: 'box', x: d(el.x), y: d(el.y), w: d(el.width), h: d(el.height), t: Math.max(1, d(el.thickness)) }
      case 'code128': {
        const symbol = encodeCode128(el.data)
        const room = d(el.width)
        const total = symbol.modules + 2 * QUIET_ZONE_MODULES
        // the nominal X dimension, smaller when the symbol would not fit, never below one dot
        const module = Math.max(1, Math.min(Math.round(el.moduleMm * k), Math.floor(room / total)))
        const used = symbol.modules * module
        const x = el.align === 'center' ? d(el.x) + Math.floor((room - used) / 2) : d(el.x) + QUIET_ZONE_MODULES * module
        return { type: 'code128', x, y: d(el.y), h: d(el.height), module, symbol: { values: symbol.values, zplData: symbol.zplData } }
      }
    }
  })
  return { dpi, width: d(model.widthMm), height: d(model.heightMm), elements }
}
