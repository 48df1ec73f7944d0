/**
 * Roles the screen knows about (SPEC 13.2): the server decides, and every screen agrees with it. For each action a role
 * may not take, the server is asked first as that user (it must answer 403), then the screen is visited signed in as
 * that user: no enabled button, link or menu item with that action's name exists, and where one is shown disabled the
 * screen says why ('Requer supervisor', 'Somente administradores…'). Operators against the supervisors' actions, and
 * supervisors against the admins' (users, companies, the company's logo).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { type E2eApp, startE2eApp } from '../support/e2e-app'

const WAIT = { timeout: 60_000, interval: 200 }

type Role = 'operator' | 'supervisor'
type Call = { method: 'GET' | 'POST' | 'PUT' | 'PATCH'; path: string }
type Case = {
  route: string
  /** the accessible names of the actions this role may not take on the screen */
  actions: RegExp
  /** what the server refuses this role (the same actions, through the API) */
  calls: Call[]
  /** opens a row's menu first (the stock inquiry's actions) */
  openMenu?: (page: Page) => Promise<void>
}

const REASON = /Requer supervisor|Requer administrador|Somente administradores|Só administradores/

const SUPERVISOR_ACTIONS: Case[] = [
  { route: '/catalog/products', actions: /^(Novo produto|Editar P\d+|Importar CSV)$/, calls: [{ method: 'POST', path: '/product/products/' }, { method: 'POST', path: '/product/products/import/' }] },
  { route: '/core/locations', actions: /^(Nova localização|Editar .+|Importar CSV|Criar faixa.*)$/, calls: [{ method: 'POST', path: '/core/locations/' }, { method: 'POST', path: '/core/locations/range/' }, { method: 'POST', path: '/core/locations/import/' }] },
  { route: '/inventory/pick-faces', actions: /^(Novo ponto de separação|Editar .+|Excluir .+|Importar CSV)$/, calls: [{ method: 'POST', path: '/inventory/pick-faces/' }, { method: 'POST', path: '/inventory/pick-faces/import/' }] },
  { route: '/partners/suppliers', actions: /^(Novo fornecedor|Editar .+|Importar CSV)$/, calls: [{ method: 'POST', path: '/partners/suppliers/' }, { method: 'POST', path: '/partners/suppliers/import/' }] },
  { route: '/workforce/equipments', actions: /^(Novo equipamento|Editar .+)$/, calls: [{ method: 'POST', path: '/workforce/equipments/' }] },
  { route: '/receiving/documents', actions: /^Novo documento$/, calls: [{ method: 'POST', path: '/receiving/documents/' }] },
  { route: '/shipping/orders', actions: /^Novo pedido$/, calls: [{ method: 'POST', path: '/shipping/orders/' }] },
  { route: '/shipping/waves', actions: /^Nova onda$/, calls: [{ method: 'POST', path: '/shipping/waves/' }] },
  { route: '/manufacturing/copack-orders', actions: /^(Nova ordem|Reservar.*)$/, calls: [{ method: 'POST', path: '/manufacturing/copack-orders/' }, { method: 'POST', path: '/manufacturing/copack-orders/1/reserve/' }] },
  { route: '/manufacturing/boms', actions: /^(Nova lista de materiais|Editar .+)$/, calls: [{ method: 'POST', path: '/manufacturing/boms/' }, { method: 'PATCH', path: '/manufacturing/boms/1/' }] },
  { route: '/inventory/counts', actions: /^(Planejar contagem|Abrir (?!o simulador).+)$/, calls: [{ method: 'POST', path: '/inventory/counts/' }, { method: 'GET', path: '/inventory/counts/__COUNT__/' }] },
  {
    route: '/inventory/search',
    actions: /^Ajustar/,
    calls: [{ method: 'POST', path: '/inventory/adjustments/' }],
    openMenu: async (page) => {
      await page.getByRole('button', { name: /^Ações de / }).first().click()
      await page.getByRole('menu').waitFor(WAIT)
    },
  },
  { route: '/printing/printers', actions: /^(Nova impressora|Editar .+|Excluir .+)$/, calls: [{ method: 'POST', path: '/printing/printers/' }] },
  // §20.4: the whole screen is the supervisors' (its menu entry too)
  {
    route: '/inventory/slotting',
    actions: /^(Endereçamento por giro|Recalcular|Aprovar selecionadas.*|Exportar CSV)$/,
    calls: [
      { method: 'GET', path: '/inventory/slotting/?warehouse=1' },
      { method: 'POST', path: '/inventory/slotting/run/' },
      { method: 'POST', path: '/inventory/slotting/approve/' },
      { method: 'GET', path: '/inventory/slotting/export/?warehouse=1' },
    ],
  },
]

const ADMIN_ACTIONS: Case[] = [
  { route: '/workforce/users', actions: /^(Novo usuário|Editar .+)$/, calls: [{ method: 'POST', path: '/users/users/' }, { method: 'PATCH', path: '/users/users/1/' }] },
  { route: '/core/companies', actions: /^(Nova empresa|Editar .+)$/, calls: [{ method: 'PATCH', path: '/core/companies/1/' }] },
  { route: '/settings', actions: /^(Enviar|Substituir|Remover) \(/, calls: [{ method: 'PUT', path: '/core/company-logo/light/' }, { method: 'PATCH', path: '/inventory/settings/' }] },
]

let app: E2eApp
let countId = 0
const tokens: Partial<Record<Role, string>> = {}

beforeAll(async () => {
  app = await startE2eApp('roles-screens', { WMS_DEMO_STOCK: '300' })
  for (const username of ['operator', 'supervisor'] as const) {
    const res = await fetch(`${app.server.url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username, password: app.password }),
    })
    tokens[username] = ((await res.json()) as { access: string }).access
  }
  // a count to open (the demo plans none)
  const res = await fetch(`${app.server.url}/api/inventory/counts/`, {
    method: 'POST',
    headers: { authorization: `Bearer ${app.token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ pattern: 'A01-01-*' }),
  })
  countId = ((await res.json()) as { id: number }).id
})
afterAll(async () => {
  await app?.close()
  expect(app?.pageErrors ?? [], 'uncaught errors in the page').toEqual([])
})

async function status(role: Role, call: Call): Promise<number> {
  const res = await fetch(`${app.server.url}/api${call.path.replace('__COUNT__', String(countId))}`, {
    method: call.method,
    headers: { authorization: `Bearer ${tokens[role]}`, ...(call.method === 'GET' ? {} : { 'content-type': 'application/json' }) },
    body: call.method === 'GET' ? undefined : '{}',
  })
  return res.status
}

/** Every control on the page named like one of the actions: whether it is enabled. */
async function controls(page: Page, actions: RegExp): Promise<{ name: string; enabled: boolean }[]> {
  const found: { name: string; enabled: boolean }[] = []
  for (const role of ['button', 'link', 'menuitem'] as const) {
    const locator = page.getByRole(role, { name: actions })
    for (let i = 0; i < (await locator.count()); i++) {
      const item = locator.nth(i)
      const name = (await item.getAttribute('aria-label')) ?? (await item.innerText())
      const disabled = (await item.isDisabled()) || (await item.getAttribute('aria-disabled')) === 'true' || (await item.getAttribute('data-disabled')) !== null
      found.push({ name: `${role} ${name.trim()}`, enabled: !disabled })
    }
  }
  return found
}

function check(role: Role, cases: Case[]) {
  let page: Page
  beforeAll(async () => {
    page = await app.signedInPage({ username: role, viewport: { width: 1280, height: 800 } })
  })
  for (const screen of cases) {
    it(`${screen.route}: what the server refuses a ${role} is not enabled`, async () => {
      for (const call of screen.calls) expect(await status(role, call), `${role} ${call.method} ${call.path}`).toBe(403)
      await page.goto(screen.route)
      // loaded: the screen's table (or settings form) has its content
      await expect.poll(() => page.locator('main').innerText(), WAIT).not.toMatch(/Carregando/)
      await page.waitForLoadState('networkidle')
      if (screen.openMenu) await screen.openMenu(page)
      const found = await controls(page, screen.actions)
      expect(found.filter((c) => c.enabled), `${screen.route}: enabled actions a ${role} cannot take`).toEqual([])
      // shown disabled: the reason is on the screen (or in the control's title)
      if (found.length > 0) {
        const titles = await page.locator('[title]').evaluateAll((els) => els.map((el) => el.getAttribute('title') ?? ''))
        const text = `${await page.locator('body').innerText()}\n${titles.join('\n')}`
        expect(text, `${screen.route}: why the actions are disabled`).toMatch(REASON)
      }
    })
  }
}

describe('an operator is offered none of the supervisors’ actions (SPEC 13.2)', () => check('operator', [...SUPERVISOR_ACTIONS, ...ADMIN_ACTIONS]))
describe('a supervisor is offered none of the admins’ actions (SPEC 13.2)', () => check('supervisor', ADMIN_ACTIONS))

describe('the counts list offers an operator what the role can do', () => {
  it("no 'Abrir' (the server keeps a count's detail to supervisors): an unfinished count is counted on the handheld", async () => {
    expect(await status('operator', { method: 'GET', path: '/inventory/counts/__COUNT__/' })).toBe(403)
    const page = await app.signedInPage({ username: 'operator', viewport: { width: 1280, height: 800 } })
    await page.goto('/inventory/counts')
    const table = page.getByRole('table', { name: 'Contagens' })
    const count = await app.api<{ code: string }>(`/inventory/counts/${countId}/`)
    const handheld = table.getByRole('link', { name: `Contar ${count.code} no coletor` })
    await handheld.waitFor({ timeout: WAIT.timeout })
    expect(await controls(page, /^Abrir (?!o simulador).+$/), 'Abrir offered to an operator').toEqual([])
    await handheld.click()
    await page.waitForURL((url) => url.pathname === '/m/count', { timeout: WAIT.timeout })
    expect(await page.getByText('Você não tem permissão').count()).toBe(0)
  })
})
