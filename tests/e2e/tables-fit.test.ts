/**
 * Every table fits at 1280 px (issue 17, Layout): on each desktop screen that shows a table, signed in as admin with
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

describe('every table fits at 1280 px (issue 17)', () => {
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
