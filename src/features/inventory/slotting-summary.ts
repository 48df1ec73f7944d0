import type { SlottingResult } from './api/get-slotting'

export type SlottingClass = 'A' | 'B' | 'C'

export type ClassSummary = {
  cls: SlottingClass
  products: number
  /** share of the products, 0–100 */
  productShare: number
  lines: number
  /** share of the pick lines in the window, 0–100 */
  lineShare: number
}

const CLASSES: readonly SlottingClass[] = ['A', 'B', 'C']

/** §20.4: per ABC class, how many products and what share of the window's pick lines they make. */
export function classSummary(products: SlottingResult['products']): ClassSummary[] {
  const totalProducts = products.length
  const totalLines = products.reduce((sum, p) => sum + p.lines, 0)
  return CLASSES.map((cls) => {
    const of = products.filter((p) => p.class === cls)
    const lines = of.reduce((sum, p) => sum + p.lines, 0)
    return {
      cls,
      products: of.length,
      productShare: totalProducts ? (100 * of.length) / totalProducts : 0,
      lines,
      lineShare: totalLines ? (100 * lines) / totalLines : 0,
    }
  })
}

/** What the result can show (§20.4), so the screen says why a part is empty instead of drawing an empty chart. */
export function slottingState(result: SlottingResult): { lines: number; faces: number; placedFaces: number; saving: number | null } {
  const lines = result.products.reduce((sum, p) => sum + p.lines, 0)
  const placedFaces = result.faces.filter((f) => f.travel_metres !== null).length
  const saving = result.metres_per_week > 0 ? (100 * (result.metres_per_week - result.metres_per_week_after)) / result.metres_per_week : null
  return { lines, faces: result.faces.length, placedFaces, saving }
}
