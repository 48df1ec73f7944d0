/**
 * Every desktop detail page (a route with an `$id`) answers an id the user cannot read the same way: the API's 404
 * becomes 'Registro não encontrado.' on the page, never an endless 'Carregando...' (docs/requirements.md §2.3). Visited
 * as another company's admin with this company's ids, and with an id nobody has.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { type E2eApp, startE2eApp } from '../support/e2e-app'
import { screenshot } from '../support/browser'

const WAIT = { timeout: 60_000, interval: 200 }
const MISSING = 999_999

let app: E2eApp
let page: Page
/** each detail route with an id of the demo company (the one acme.admin does not belong to) */
const routes: { path: (id: number) => string; id: number }[] = []

async function firstId(pathname: string): Promise<number> {
  const list = await app.api<{ results: { id: number }[] }>(pathname)
  expect(list.results.length, `${pathname} has a row to open`).toBeGreaterThan(0)
  return list.results[0].id
}

beforeAll(async () => {
  app = await startE2eApp('detail-not-found', { WMS_DEMO_STOCK: '300' })
  // a count to open (the demo plans none)
  const res = await fetch(`${app.server.url}/api/inventory/counts/`, {
    method: 'POST',
    headers: { authorization: `Bearer ${app.token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ pattern: 'A01-01-*' }),
  })
  expect(res.status).toBe(201)
  routes.push({ path: (id) => `/inventory/counts/${id}`, id: ((await res.json()) as { id: number }).id })
  routes.push({ path: (id) => `/manufacturing/copack-orders/${id}`, id: await firstId('/manufacturing/copack-orders/') })
  routes.push({ path: (id) => `/receiving/documents/${id}`, id: await firstId('/receiving/documents/') })
  routes.push({ path: (id) => `/shipping/orders/${id}`, id: await firstId('/shipping/orders/') })
  routes.push({ path: (id) => `/shipping/waves/${id}`, id: await firstId('/shipping/waves/') })
  page = await app.signedInPage({ username: 'acme.admin', viewport: { width: 1280, height: 800 } })
})
afterAll(async () => {
  await app?.close()
  expect(app?.pageErrors ?? [], 'uncaught errors in the page').toEqual([])
})

describe('detail pages of a record the user cannot read', () => {
  it('every $id route of the desktop is covered here', async () => {
    // the routes tree names every detail page; a new one must be added above
    const { readdirSync } = await import('node:fs')
    const walk = (dir: string): string[] =>
      readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? walk(`${dir}/${e.name}`) : [`${dir}/${e.name}`]))
    const detail = walk('src/routes/_app').filter((f) => /\$id\.tsx$/.test(f))
    expect(detail).toHaveLength(routes.length)
  })

  for (const which of ['another company', 'nobody'] as const) {
    it(`says 'Registro não encontrado' for an id of ${which} on every detail page`, async () => {
      for (const route of routes) {
        const url = route.path(which === 'nobody' ? MISSING : route.id)
        await page.goto(url)
        await expect.poll(() => page.locator('main').innerText(), { ...WAIT, message: url }).toContain('Registro não encontrado.')
        expect(await page.locator('main').innerText(), url).not.toMatch(/Carregando/)
        await expect.poll(() => page.getByRole('alert').filter({ hasText: 'Registro não encontrado.' }).count(), { ...WAIT, message: url }).toBe(1)
        if (which === 'another company') await screenshot(page, `detail-not-found${url.replaceAll('/', '-')}`)
      }
    })
  }
})
