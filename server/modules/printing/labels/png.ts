import { Resvg } from '@resvg/resvg-js'
import type { PlacedLabel } from './label-model'
import { renderSvg } from './svg'

/** The label as a PNG, one pixel per printer dot. */
export function renderPng(label: PlacedLabel): Buffer {
  const resvg = new Resvg(renderSvg(label), {
    fitTo: { mode: 'width', value: label.width },
    background: '#ffffff',
    font: { loadSystemFonts: true, defaultFontFamily: 'DejaVu Sans' },
    shapeRendering: 0,
  })
  return resvg.render().asPng()
}
