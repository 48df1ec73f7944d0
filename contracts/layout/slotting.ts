/**
 * Slotting (docs/requirements.md §20.4): which products deserve the cheapest pick faces. Framework-free and pure: the
 * server answers it over the ledger's velocity, the benchmark simulates it over the pick-path warehouse.
 *
 * In: each product's pick lines per week (its velocity), the faces with their travel cost (metres from the
 * warehouse's start to the face and on to the end point), and which product sits on which face.
 * Out: the ABC class of every product (A = the products making the top 80% of the lines, B the next 15%, C the rest)
 * and suggestions, best first: a `swap` (two products exchange faces) or a `move` (a product to an empty face), each
 * with the metres it saves per week (lines/week × the difference in travel cost).
 *
 * How the suggestions are chosen: the products are taken by velocity (highest first) and each is offered the cheapest
 * face still open; an empty face takes it by a move, an occupied one by a swap with its product. A face or a product
 * touched by a suggestion is not offered again, so a product moves at most once, no two suggestions share a face, and
 * each can be approved alone (none relies on a face another one empties). A product on several faces, or a face
 * holding several products, stays where it is (a person should look at it).
 */

export type SlottingClass = 'A' | 'B' | 'C'
export type SlottingId = number | string

export type SlottingProduct = { id: SlottingId; lines: number }
export type SlottingFace = { id: SlottingId; cost: number }
export type SlottingPlacement = { product: SlottingId; face: SlottingId }

export type SlottingMove = { product: SlottingId; from: SlottingId; to: SlottingId }
export type SlottingSuggestion = {
  /** Stable within one answer: `swap:<product>:<product>` or `move:<product>`. */
  id: string
  kind: 'swap' | 'move'
  moves: SlottingMove[]
  /** Metres saved per week if applied (lines/week × travel cost difference), > 0. */
  metres_per_week: number
}

export type SlottingInput = {
  products: readonly SlottingProduct[]
  faces: readonly SlottingFace[]
  placements: readonly SlottingPlacement[]
  /** At most this many suggestions (the best); all by default. */
  limit?: number
}

export type SlottingResult = {
  classes: Map<SlottingId, SlottingClass>
  suggestions: SlottingSuggestion[]
  /** Metres per week of the current placement, and after every suggestion is applied. */
  metres_per_week: number
  metres_per_week_after: number
}

/** §20.4: A = the products making the first 80% of the lines (the one crossing 80% included), B up to 95%, C the rest. */
export function abcClasses(products: readonly SlottingProduct[]): Map<SlottingId, SlottingClass> {
  const sorted = [...products].sort((a, b) => b.lines - a.lines || String(a.id).localeCompare(String(b.id)))
  const total = sorted.reduce((s, p) => s + Math.max(0, p.lines), 0)
  const out = new Map<SlottingId, SlottingClass>()
  let before = 0
  for (const p of sorted) {
    const lines = Math.max(0, p.lines)
    // a product's class is where its first line falls: the share of the lines before it
    const share = total > 0 ? before / total : 1
    out.set(p.id, lines > 0 && share < 0.8 ? 'A' : lines > 0 && share < 0.95 ? 'B' : 'C')
    before += lines
  }
  return out
}

const EPS = 1e-9

export function slotting(input: SlottingInput): SlottingResult {
  const lines = new Map<SlottingId, number>(input.products.map((p) => [p.id, Math.max(0, p.lines)]))
  const cost = new Map<SlottingId, number>(input.faces.map((f) => [f.id, f.cost]))
  const facesOf = new Map<SlottingId, SlottingId[]>()
  const productsOn = new Map<SlottingId, SlottingId[]>()
  for (const pl of input.placements) {
    if (!cost.has(pl.face)) continue
    facesOf.set(pl.product, [...(facesOf.get(pl.product) ?? []), pl.face])
    productsOn.set(pl.face, [...(productsOn.get(pl.face) ?? []), pl.product])
  }
  let before = 0
  for (const pl of input.placements) if (cost.has(pl.face)) before += (lines.get(pl.product) ?? 0) * (cost.get(pl.face) as number)

  // what may take part: a product on exactly one face that holds only it; a face empty or holding one such product
  const movable = (product: SlottingId) => facesOf.get(product)?.length === 1 && productsOn.get(facesOf.get(product)![0])!.length === 1
  const used = new Set<SlottingId>()
  for (const [face, ps] of productsOn) if (ps.length > 1) used.add(face)
  for (const fs of facesOf.values()) if (fs.length > 1) for (const f of fs) used.add(f)

  const faces = input.faces.filter((f) => !used.has(f.id)).sort((a, b) => a.cost - b.cost || String(a.id).localeCompare(String(b.id)))
  const products = [...facesOf.keys()].filter(movable).sort((a, b) => (lines.get(b) ?? 0) - (lines.get(a) ?? 0) || String(a).localeCompare(String(b)))
  const done = new Set<SlottingId>()
  const suggestions: SlottingSuggestion[] = []
  let next = 0
  for (const p of products) {
    if (done.has(p)) continue
    const from = facesOf.get(p)![0]
    while (next < faces.length && used.has(faces[next].id)) next++
    if (next >= faces.length) break
    const target = faces[next].id
    if (target === from) {
      used.add(from)
      done.add(p)
      continue
    }
    const costFrom = cost.get(from) as number
    const costTo = cost.get(target) as number
    const other = productsOn.get(target)?.[0]
    const lp = lines.get(p) ?? 0
    if (other === undefined) {
      const saved = lp * (costFrom - costTo)
      if (saved > EPS) suggestions.push({ id: `move:${p}`, kind: 'move', moves: [{ product: p, from, to: target }], metres_per_week: saved })
    } else {
      const saved = (lp - (lines.get(other) ?? 0)) * (costFrom - costTo)
      if (saved > EPS)
        suggestions.push({
          id: `swap:${p}:${other}`,
          kind: 'swap',
          moves: [
            { product: p, from, to: target },
            { product: other, from: target, to: from },
          ],
          metres_per_week: saved,
        })
      done.add(other)
    }
    // whether it moves or not (no saving), the face and the product are settled; the face it leaves too
    used.add(target)
    used.add(from)
    done.add(p)
  }
  suggestions.sort((a, b) => b.metres_per_week - a.metres_per_week || a.id.localeCompare(b.id))
  const kept = input.limit === undefined ? suggestions : suggestions.slice(0, Math.max(0, input.limit))
  const after = before - kept.reduce((s, x) => s + x.metres_per_week, 0)
  return { classes: abcClasses(input.products), suggestions: kept, metres_per_week: before, metres_per_week_after: after }
}

/** The placement after applying suggestions (for the simulation and the tests). */
export function applySuggestions(placements: readonly SlottingPlacement[], suggestions: readonly SlottingSuggestion[]): SlottingPlacement[] {
  const to = new Map<SlottingId, SlottingId>()
  for (const s of suggestions) for (const m of s.moves) to.set(m.product, m.to)
  return placements.map((pl) => (to.has(pl.product) ? { product: pl.product, face: to.get(pl.product)! } : pl))
}
