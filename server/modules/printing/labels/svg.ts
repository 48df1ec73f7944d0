import { code128Bars } from './code128'
import type { PlacedLabel } from './label-model'

/**
 * The screen's rendering of a placed label, in printer dots (viewBox), so bars fall exactly where the printer puts
 * them. The font approximates the printer's font 0 (a bold condensed sans serif).
 */
export const LABEL_FONT_FAMILY = "'Liberation Sans Narrow', 'Arial Narrow', 'DejaVu Sans', sans-serif"

const esc = (s: string) => s.replace(/[<>&"']/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&#39;' })[c] ?? c)

export function renderSvg(label: PlacedLabel): string {
  const widthMm = ((label.width * 25.4) / label.dpi).toFixed(2)
  const heightMm = ((label.height * 25.4) / label.dpi).toFixed(2)
  const out: string[] = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${widthMm}mm" height="${heightMm}mm" viewBox="0 0 ${label.width} ${label.height}" shape-rendering="crispEdges">`,
    `<rect width="${label.width}" height="${label.height}" fill="#fff"/>`,
  ]
  for (const el of label.elements) {
    if (el.type === 'box') {
      // ^GB draws its border inside the box; a filled outline with an even-odd hole does the same
      const { x, y, w, h, t } = el
      const inner = w > 2 * t && h > 2 * t ? ` M${x + t} ${y + t}v${h - 2 * t}h${w - 2 * t}v${-(h - 2 * t)}z` : ''
      out.push(`<path fill="#000" fill-rule="evenodd" d="M${x} ${y}h${w}v${h}h${-w}z${inner}"/>`)
    } else if (el.type === 'code128') {
      const d = code128Bars(el.symbol.values)
        .map(([bx, bw]) => `M${el.x + bx * el.module} ${el.y}h${bw * el.module}v${el.h}h${-bw * el.module}z`)
        .join('')
      out.push(`<path fill="#000" d="${d}"/>`)
    } else {
      const anchor = el.align === 'center' ? 'middle' : 'start'
      const x = el.align === 'center' ? el.x + Math.round(el.blockWidth / 2) : el.x
      // ^FO is the top of the character cell; the baseline sits about 0.8 of the height below it
      const baseline = el.y + Math.round(el.h * 0.8)
      out.push(
        `<text x="${x}" y="${baseline}" font-family="${esc(LABEL_FONT_FAMILY)}" font-weight="bold" font-stretch="condensed" font-size="${el.h}" text-anchor="${anchor}">${esc(el.text)}</text>`,
      )
    }
  }
  out.push('</svg>')
  return out.join('\n') + '\n'
}
