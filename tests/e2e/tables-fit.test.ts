/**
 * Every table fits at 1280 px (SPEC 2.14, Layout): on each desktop screen that shows a table, signed in as admin with
 * the demo data in a 1280x800 window, no table is wider than its place. Neither the table's scroll wrapper nor any
 * other box around it nor the document scrolls sideways, and every table's right edge (its actions column) is
 * inside the window (the sales order's page has no table: its lines are a form). Each screen is photographed (tests/output/screenshots/tables-fit-*.png).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { screenshot } from '../support/browser'
import { type E2eApp, startE2eApp } from '../support/e2e-app'

const VIEWPORT = { width: 1280, height: 800 }
const WAIT = { timeout: 60_000, interval: 200 }

type Paged = { results: { id: number; status?: string }[] }

let app: E2eApp
let page: Page

beforeAll(async () => {
  app = await startE2eApp('tables-fit', { WMS_DEMO_STOCK: '500' })
  page = await app.signedInPage({ viewport: VIEWPORT })
})
afterAll(async () => {
  await app?.close()
  expect(app?.pageErrors ?? [], 'uncaught errors in the page').toEqual([])
})

async function firstId(pathname: string): Promise<number> {
  const id = (await app.api<Paged>(pathname)).results[0]?.id
  if (!id) throw new Error(`${pathname}: the demo data has none`)
  return id
}

/** the demo has no count: one planned over a few locations, as a supervisor would */
async function plannedCount(): Promise<number> {
  const res = await fetch(`${app.server.url}/api/inventory/counts/`, {
    method: 'POST',
    headers: { authorization: `Bearer ${app.token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ pattern: 'A01-01-*' }),
  })
  if (!res.ok) throw new Error(`planning a count: ${res.status} ${await res.text()}`)
  return ((await res.json()) as { id: number }).id
}

/** the screens with a table, by route; a detail route's id comes from the demo data */
const SCREENS: { name: string; route: () => Promise<string>; tables?: number }[] = [
  ...[
    '/catalog/uoms',
    '/catalog/products',
    '/catalog/product-packs',
    '/core/companies',
    '/core/sites',
    '/core/warehouses',
    '/core/locations',
    '/inventory/pick-faces',
    '/partners/customers',
    '/partners/suppliers',
    '/partners/carriers',
    '/workforce/users',
    '/workforce/skills',
    '/workforce/parking-spots',
    '/workforce/equipments',
    '/workforce/tasks',
    '/inventory/search',
    '/inventory/moves',
    '/inventory/counts',
    '/manufacturing/boms',
    '/manufacturing/copack-orders',
    '/receiving',
    '/receiving/documents',
    '/shipping',
    '/shipping/orders',
    '/shipping/waves',
    '/printing',
    '/printing/printers',
  ].map((route) => ({ name: route, route: async () => route })),
    { name: '/inventory/counts/$id', route: async () => `/inventory/counts/${await plannedCount()}` },
  { name: '/manufacturing/copack-orders/$id', route: async () => `/manufacturing/copack-orders/${await firstId('/manufacturing/copack-orders/?page_size=1')}` },
  { name: '/receiving/documents/$id', route: async () => `/receiving/documents/${await firstId('/receiving/documents/?page_size=1')}` },
  { name: '/shipping/waves/$id', route: async () => `/shipping/waves/${await firstId('/shipping/waves/?page_size=1')}` },
]

type Overflow = { what: string; scrollWidth: number; clientWidth: number }

/** Every box from each table up to the document that is wider inside than it shows, and tables past the window's edge. */
function overflows(target: Page): Promise<{ tables: number; rows: number; overflow: Overflow[] }> {
  return target.evaluate(() => {
    const describe = (el: Element) =>
      `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''}${el.getAttribute('aria-label') ? `[aria-label="${el.getAttribute('aria-label')}"]` : ''}.${[...el.classList].slice(0, 2).join('.')}`
    const overflow: { what: string; scrollWidth: number; clientWidth: number }[] = []
    const seen = new Set<Element>()
    const tables = [...document.querySelectorAll('main table')]
    for (const table of tables) {
      const right = table.getBoundingClientRect().right
      if (right > document.documentElement.clientWidth + 1)
        overflow.push({ what: `${describe(table)} right edge`, scrollWidth: Math.round(right), clientWidth: document.documentElement.clientWidth })
      for (let el = table.parentElement; el && el !== document.documentElement; el = el.parentElement) {
        if (seen.has(el)) continue
        seen.add(el)
        if (el.scrollWidth > el.clientWidth + 1) overflow.push({ what: describe(el), scrollWidth: el.scrollWidth, clientWidth: el.clientWidth })
      }
    }
    const doc = document.documentElement
    if (doc.scrollWidth > doc.clientWidth + 1) overflow.push({ what: 'document', scrollWidth: doc.scrollWidth, clientWidth: doc.clientWidth })
    return { tables: tables.length, rows: document.querySelectorAll('main table tbody tr').length, overflow }
  })
}

describe('every table fits at 1280 px (SPEC 2.14)', () => {
  for (const screen of SCREENS) {
    it(screen.name, async () => {
      const route = await screen.route()
      await page.goto(route)
      // loaded: a table with rows, and nothing on the screen still loading
      await expect
        .poll(async () => ((await page.locator('main table tbody tr').count()) > 0 ? page.locator('main').innerText() : 'Carregando...'), WAIT)
        .not.toMatch(/Carregando/)
        .catch(async (error: unknown) => {
          await screenshot(page, `tables-fit-loading${screen.name.replaceAll('/', '-').replace('$', '')}`)
          throw error
        })
      await page.waitForLoadState('networkidle')
      const result = await overflows(page)
      await screenshot(page, `tables-fit${screen.name.replaceAll('/', '-').replace('$', '')}`)
      expect(result.tables, `${route} shows a table`).toBeGreaterThan(0)
      expect(result.overflow, `${route}: boxes wider inside than they show`).toEqual([])
    })
  }
})

/** The lines each body cell of a column takes, by the column's header text. */
function cellLines(target: Page, header: string): Promise<{ text: string; lines: number }[]> {
  return target.evaluate((name) => {
    const table = document.querySelector('main table')
    if (!table) return []
    const headers = [...table.querySelectorAll('thead th')]
    const index = headers.findIndex((th) => th.textContent?.trim() === name)
    if (index < 0) return [{ text: `no column ${name}`, lines: -1 }]
    return [...table.querySelectorAll('tbody tr')].flatMap((tr) => {
      const td = tr.children[index]
      if (!td || !td.textContent?.trim()) return []
      const range = document.createRange()
      range.selectNodeContents(td)
      const tops = new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top)))
      return [{ text: td.textContent.trim(), lines: tops.size }]
    })
  }, header)
}

describe('the ledger (Movimentações) fits at 1280 px, light and dark', () => {
  // the demo's ledger holds receipts only (no 'De'): two moves between locations, as a person would make them
  beforeAll(async () => {
    const lines = (await app.api<{ results: { id: number; qty: string; pallet_code: string | null; location: { id: number } }[] }>('/inventory/stock/?page_size=2')).results
    const to = (await app.api<{ results: { id: number }[] }>('/core/locations/?page_size=5&search=B05')).results
    const bodies = [
      lines[0].pallet_code ? { pallet_code: lines[0].pallet_code, to_location: to[0].id } : { stock_line: lines[0].id, to_location: to[0].id },
      { stock_line: lines[1].id, qty: '1', to_location: to.find((l) => l.id !== lines[1].location.id)!.id },
    ]
    for (const body of bodies) {
      const res = await fetch(`${app.server.url}/api/inventory/moves/`, {
        method: 'POST',
        headers: { authorization: `Bearer ${app.token}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      })
      if (!res.ok) throw new Error(`moving stock: ${res.status} ${await res.text()}`)
    }
  })

  for (const colorScheme of ['light', 'dark'] as const) {
    it(colorScheme, async () => {
      const ledger = colorScheme === 'light' ? page : await app.signedInPage({ viewport: VIEWPORT, colorScheme })
      await ledger.goto('/inventory/moves')
      await ledger.getByRole('table', { name: 'Movimentações' }).locator('tbody tr td').first().waitFor({ timeout: WAIT.timeout })
      await ledger.waitForLoadState('networkidle')
      await screenshot(ledger, `tables-fit-inventory-moves-${colorScheme}`)
      expect((await overflows(ledger)).overflow, 'boxes wider inside than they show').toEqual([])
      // every column's header, Quantidade the last of the default ones, is whole inside the window
      const header = await ledger.getByRole('columnheader', { name: 'Quantidade' }).boundingBox()
      expect(header && header.x + header.width, 'Quantidade ends inside the window').toBeLessThanOrEqual(VIEWPORT.width)
      // a location's code on one line
      for (const column of ['De', 'Para']) {
        const cells = await cellLines(ledger, column)
        expect(cells.filter((cell) => cell.text !== '—').length, `${column} has codes`).toBeGreaterThan(0)
        expect(cells.filter((cell) => cell.lines !== 1), `${column} codes on more than one line`).toEqual([])
      }
    })
  }
})
