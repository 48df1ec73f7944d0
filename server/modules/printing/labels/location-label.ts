import type { LabelElement, LabelModel } from './label-model'

export type LocationLabelData = { code: string; name: string; warehouseCode: string; warehouseName: string }

export const LOCATION_LABEL_SIZE = { widthMm: 100, heightMm: 50 }

/**
 * Location label (ADR 0004): the location code large, the warehouse, and a Code 128 of the code. Drawn on a
 * 100 × 50 mm design and stretched to the printer's label size.
 */
export function locationLabel(loc: LocationLabelData, size = LOCATION_LABEL_SIZE): LabelModel {
  const sx = size.widthMm / 100
  const sy = size.heightMm / 50
  const s = Math.min(sx, sy)
  const elements: LabelElement[] = [
    { type: 'box', x: 1.5 * sx, y: 1.5 * sy, width: 97 * sx, height: 47 * sy, thickness: 0.4 },
    { type: 'text', x: 3 * sx, y: 4 * sy, width: 94 * sx, height: 12 * s, text: loc.code, align: 'center' },
    { type: 'text', x: 3 * sx, y: 17.5 * sy, width: 94 * sx, height: 4 * s, text: `${loc.warehouseCode} - ${loc.warehouseName}`, align: 'center' },
    { type: 'code128', x: 3 * sx, y: 24 * sy, width: 94 * sx, height: 21 * sy, moduleMm: 0.5, data: [...loc.code], align: 'center' },
  ]
  return { widthMm: size.widthMm, heightMm: size.heightMm, elements }
}
