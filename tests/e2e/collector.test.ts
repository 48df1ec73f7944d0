/**
 * The handheld collector (ADR 0006, SPEC 2.16) in Chromium at 412x915 against the real server: signed in through
 * /login, a keyboard-wedge burst (5 ms a key) shows its result, a person typing slowly into the box plus Enter is
 * served, the history survives a reload, an offline read is looked up when the network returns, a GS1 code shows
 * its AIs, @zxing/browser loads only when the camera opens, lookup lists stock lines, tasks start and finish, an
 * unknown route says 'Rota não encontrada', the simulator frames the collector; axe-core finds nothing.
 */
import { rmSync } from 'node:fs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Browser, Page } from 'playwright-core'
import { axe, launchBrowser, newPage, screenshot, type BrowserSession } from '../support/browser'
import { burst, HANDHELD, read, readStatus } from '../support/collector-page'
import { wedge } from '../support/wedge'
import { startE2eServer } from '../support/e2e-app'
import { E2E_PASSWORD } from '../support/e2e-templates'
import type { RunningServer } from '../support/server-harness'

const PASSWORD = E2E_PASSWORD

interface StockLine {
  id: number
  product: { code: string; name1: string }
  location: { code: string }
  pallet_code: string | null
  sscc: string | null
}

let server: RunningServer
let browser: BrowserSession
let dataDir: string
let token: string
const pageErrors: string[] = []

async function api<T>(pathname: string): Promise<T> {
  const res = await fetch(`${server.url}/api${pathname}`, { headers: { authorization: `Bearer ${token}` } })
  if (!res.ok) throw new Error(`${pathname}: ${res.status}`)
  return (await res.json()) as T
}

beforeAll(async () => {
  ;({ server, dataDir } = await startE2eServer('collector', { WMS_DEMO_STOCK: '2000' }))
  const res = await fetch(`${server.url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'admin', password: PASSWORD }),
  })
  token = ((await res.json()) as { access: string }).access
  browser = await launchBrowser()
})

afterAll(async () => {
  await browser?.close()
  await server?.stop()
  rmSync(dataDir, { recursive: true, force: true })
  expect(pageErrors, 'uncaught errors in the page').toEqual([])
})

async function signedInHandheld(b: Browser, colorScheme: 'light' | 'dark' = 'light'): Promise<Page> {
  const { page } = await newPage(b, { baseURL: server.url, viewport: HANDHELD, colorScheme })
  page.on('pageerror', (error) => pageErrors.push(error.message))
  await page.goto('/login')
  await page.getByLabel('Usuário').fill('admin')
  await page.getByLabel('Senha', { exact: true }).fill(PASSWORD)
  await page.getByRole('button', { name: 'Entrar' }).click()
  await page.waitForURL((url) => !url.pathname.startsWith('/login'))
  return page
}

async function expectNoAxeViolations(page: Page, screen: string) {
  const violations = await axe(page)
  expect(violations, `${screen}: ${JSON.stringify(violations, null, 2)}`).toEqual([])
}

describe('handheld collector', () => {
  let page: Page
  let pallet: StockLine & { pallet_code: string }
  let other: StockLine
  const zxingLoads: string[] = []

  beforeAll(async () => {
    const lines = await api<{ results: StockLine[] }>('/inventory/stock-items/?page_size=100')
    const withPallet = lines.results.filter((l): l is StockLine & { pallet_code: string } => l.pallet_code !== null)
    if (withPallet.length < 2) throw new Error('the demo data has too few stock lines with a pallet code')
    pallet = withPallet[0]
    other = withPallet.find((l) => l.product.code !== pallet.product.code) ?? withPallet[1]
    page = await signedInHandheld(browser.browser)
    // which scripts carry the camera library (@zxing/browser), to see when it loads
    page.on('response', async (r) => {
      if (r.request().resourceType() !== 'script') return
      const body = await r.text().catch(() => '')
      // a string of the library itself (the scan screen's chunk only names what it imports)
      if (body.includes('ChecksumException')) zxingLoads.push(r.url())
    })
  })

  it('/m opens the home menu: ten tiles (Pendências too), four tabs, large targets, no axe violations', async () => {
    await page.goto('/m')
    await page.waitForURL('**/m/home')
    await page.getByRole('heading', { name: 'Início', level: 1 }).waitFor()
    const tiles = page.getByRole('navigation', { name: 'Menu' }).getByRole('link')
    expect(await tiles.allInnerTexts()).toEqual(['Scan', 'Consulta', 'Tarefas', 'Receber', 'Armazenar', 'Expedir', 'Separação em lote', 'Mover', 'Contar', 'Pendências'])
    const tabs = page.getByRole('navigation', { name: 'Navegação do coletor' }).getByRole('link')
    expect(await tabs.allInnerTexts()).toEqual(['Início', 'Scan', 'Consulta', 'Tarefas'])
    for (const box of [...(await tiles.all()), ...(await tabs.all())].map((l) => l.boundingBox())) {
      const b = await box
      expect(b!.height).toBeGreaterThanOrEqual(48)
      expect(b!.width).toBeGreaterThanOrEqual(48)
    }
    // SPEC 2.16: at most 420 px wide
    expect((await page.locator('.collector').boundingBox())!.width).toBeLessThanOrEqual(420)
    // the collector installs as its own app (vite.config.ts collectorManifest)
    expect(await page.locator('link[rel="manifest"]').getAttribute('href')).toBe('/collector.webmanifest')
    const manifest = (await (await page.request.get('/collector.webmanifest')).json()) as { start_url: string }
    expect(manifest.start_url).toBe('/m/home')
    await screenshot(page, 'collector-home')
    await expectNoAxeViolations(page, '/m/home')
  })

  it('a keyboard-wedge burst (5 ms a key) lands wherever focus is and shows its result', async () => {
    await page.goto('/m/scan')
    await page.getByRole('heading', { name: 'Scan', level: 1 }).waitFor()
    expect(await page.getByText('Nenhuma leitura ainda.').count()).toBe(1)
    // focus on the page itself, not in the box
    await page.getByRole('heading', { name: 'Scan', level: 1 }).click()
    await burst(page, pallet.pallet_code)
    await expect.poll(() => readStatus(page, pallet.pallet_code), { timeout: 20_000 }).toBe('done')
    const item = read(page, pallet.pallet_code)
    expect(await item.innerText()).toContain(pallet.product.code)
    expect(await item.innerText()).toContain(pallet.product.name1)
    expect(await item.innerText()).toContain('Leitor')
    expect(await page.getByRole('region', { name: 'Últimas leituras' }).getByRole('article').count()).toBe(1)

    // a burst while focus is in the box: one read, and the box is cleared for the next
    const box = page.getByRole('textbox', { name: 'Código' })
    await box.click()
    await burst(page, other.pallet_code!)
    await expect.poll(() => readStatus(page, other.pallet_code!), { timeout: 20_000 }).toBe('done')
    expect(await box.inputValue()).toBe('')
    expect(await page.getByRole('region', { name: 'Últimas leituras' }).getByRole('article').count()).toBe(2)
    // the camera library is not part of the scan screen until the camera opens
    expect(zxingLoads).toEqual([])
  })

  it('a person typing slowly (120 ms a key) into the box, then Enter, is served', async () => {
    const box = page.getByRole('textbox', { name: 'Código' })
    await box.click()
    await page.keyboard.type(pallet.product.code, { delay: 120 })
    expect(await box.inputValue()).toBe(pallet.product.code)
    await page.keyboard.press('Enter')
    await expect.poll(() => readStatus(page, pallet.product.code), { timeout: 20_000 }).toBe('done')
    expect(await read(page, pallet.product.code).innerText()).toContain('Digitado')
    expect(await box.inputValue()).toBe('')
    await screenshot(page, 'collector-scan')
    await expectNoAxeViolations(page, '/m/scan')
  })

  it('the history survives a reload', async () => {
    await page.reload()
    await page.getByRole('heading', { name: 'Scan', level: 1 }).waitFor()
    const items = page.getByRole('region', { name: 'Últimas leituras' }).getByRole('article')
    await expect.poll(() => items.count()).toBe(3)
    const names = await Promise.all((await items.all()).map((i) => i.getAttribute('aria-label')))
    expect(names).toEqual([
      `Leitura ${pallet.product.code}`,
      `Leitura ${other.pallet_code}`,
      `Leitura ${pallet.pallet_code}`,
    ])
    expect(await read(page, pallet.pallet_code).innerText()).toContain(pallet.product.name1)
  })

  it('a read made offline stays in the history and is looked up when the network returns', async () => {
    await page.context().setOffline(true)
    await page.getByRole('heading', { name: 'Scan', level: 1 }).click()
    await burst(page, other.product.code)
    await expect.poll(() => readStatus(page, other.product.code), { timeout: 20_000 }).toBe('offline')
    expect(await read(page, other.product.code).innerText()).toContain('Sem rede')
    await page.context().setOffline(false)
    await expect.poll(() => readStatus(page, other.product.code), { timeout: 20_000 }).toBe('done')
    expect(await read(page, other.product.code).innerText()).toContain(other.product.name1)
  })

  it("a code that names nothing is a refusal: red 'Não encontrado' and the error signal, never the green 'Consultado'", async () => {
    await page.goto('/m/scan')
    await page.getByRole('heading', { name: 'Scan', level: 1 }).click()
    await burst(page, 'NOPE-404-XYZ')
    await expect.poll(() => readStatus(page, 'NOPE-404-XYZ'), { timeout: 20_000 }).toBe('done')
    const item = read(page, 'NOPE-404-XYZ')
    expect(await item.getAttribute('data-result')).toBe('not-found')
    expect(await item.getByTestId('read-status').innerText()).toBe('Não encontrado')
    expect(await item.getByText('Consultado').count()).toBe(0)
    await expect.poll(() => page.evaluate(() => document.documentElement.dataset.lastFeedback)).toBe('error')
    await screenshot(page, 'collector-scan-not-found')
  })

  it('a GS1-128 code is shown as its AIs, a wrong check digit flagged', async () => {
    const bracketed = '(00)106141412345678901(10)LOT-9(17)271231'
    await page.getByRole('heading', { name: 'Scan', level: 1 }).click()
    await burst(page, bracketed)
    await expect.poll(() => readStatus(page, bracketed), { timeout: 20_000 }).toBe('done')
    const gs1 = read(page, bracketed).getByRole('list', { name: 'Dados GS1' })
    const text = await gs1.innerText()
    expect(text).toContain('(00) SSCC: 106141412345678901')
    expect(text).toContain('dígito verificador inválido')
    expect(text).toContain('(10) Lote: LOT-9')
    expect(text).toContain('(17) Validade: 31/12/2027')
    await screenshot(page, 'collector-scan-gs1')
  })

  it('the camera loads @zxing/browser only when opened, and says so when there is no camera', async () => {
    // the segmented control's radio is visually hidden behind its label
    await page.locator('label').filter({ hasText: 'Câmera' }).click()
    // headless Chromium has no camera: getUserMedia rejects
    await page.getByRole('alert').filter({ hasText: 'Falha ao iniciar câmera' }).waitFor({ timeout: 20_000 })
    await expect.poll(() => zxingLoads.length).toBeGreaterThan(0)
    await screenshot(page, 'collector-scan-camera-failed')
    await page.getByRole('button', { name: 'Fechar câmera' }).click()
    await page.getByRole('textbox', { name: 'Código' }).waitFor()
  })

  it('/m/lookup lists the stock lines of a scanned pallet', async () => {
    await page.getByRole('navigation', { name: 'Navegação do coletor' }).getByRole('link', { name: 'Consulta' }).click()
    await page.waitForURL('**/m/lookup')
    await page.getByRole('heading', { name: 'Consulta', level: 1 }).click()
    await wedge(page, pallet.pallet_code)
    const result = page.getByRole('region', { name: 'Resultado da consulta' })
    await expect.poll(() => result.getAttribute('data-status'), { timeout: 20_000 }).toBe('done')
    const product = result.getByRole('article', { name: `Produto ${pallet.product.code}`, exact: true })
    const lines = product.getByRole('list', { name: `Linhas de estoque de ${pallet.product.code}` })
    expect(await lines.getByRole('listitem').count()).toBeGreaterThan(0)
    expect(await lines.innerText()).toContain(pallet.location.code)
    expect(await lines.innerText()).toContain(`Palete ${pallet.pallet_code}`)
    await screenshot(page, 'collector-lookup')
    await expectNoAxeViolations(page, '/m/lookup')
  })

  it("/m/tasks lists the operator's open tasks and the free ones, with Start and Done", async () => {
    await page.goto('/m/tasks')
    await page.getByRole('heading', { name: 'Tarefas', level: 1 }).waitFor()
    const free = page.getByRole('region', { name: 'Tarefas livres' })
    const mine = page.getByRole('region', { name: 'Minhas tarefas' })
    await mine.getByRole('heading').waitFor()
    const freeTasks = free.getByRole('article')
    await screenshot(page, 'collector-tasks')
    await expectNoAxeViolations(page, '/m/tasks')
    if ((await freeTasks.count()) > 0) {
      const name = (await freeTasks.first().getAttribute('aria-label'))!
      await freeTasks.first().getByRole('button', { name: 'Iniciar' }).click()
      const started = mine.getByRole('article', { name, exact: true })
      await started.waitFor({ timeout: 20_000 })
      expect(await started.innerText()).toContain('Em andamento')
      await page.getByText('Tarefa iniciada.').waitFor()
      await screenshot(page, 'collector-tasks-started')
      // the toast covers the buttons under it while it shows (3.5 s, SPEC 9): axe once it has gone
      await page.getByText('Tarefa iniciada.').waitFor({ state: 'detached', timeout: 15_000 })
      await expectNoAxeViolations(page, '/m/tasks (a task started)')
      await started.getByRole('button', { name: 'Concluir' }).click()
      await expect.poll(() => mine.getByRole('article', { name, exact: true }).count(), { timeout: 20_000 }).toBe(0)
    }
  })

  it('/m/tasks pages and searches the free tasks, and a location typed or scanned takes its oldest free task', async () => {
    type Row = { id: number; type: string; location: { id: number; code: string } | null; reference: string; assignee: { username: string } | null; created_at: string }
    const free = await api<{ count: number; results: Row[] }>('/workforce/tasks/?assignee=none&status=open,pending&ordering=created_at&page_size=100')
    expect(free.count).toBeGreaterThan(10)
    await page.goto('/m/tasks')
    await page.getByRole('heading', { name: 'Tarefas', level: 1 }).waitFor()
    const region = page.getByRole('region', { name: 'Tarefas livres' })
    await region.getByRole('article').first().waitFor()
    expect(await region.getByRole('article').count()).toBe(10)
    const pages = Math.ceil(free.count / 10)
    const nav = page.getByRole('navigation', { name: 'Páginas das tarefas livres' })
    await nav.getByText(`Página 1 de ${pages}`).waitFor()
    const next = nav.getByRole('button', { name: 'Próximas' })
    expect((await next.boundingBox())!.height).toBeGreaterThanOrEqual(48)
    await next.click()
    await page.getByText(`Página 2 de ${pages}`).waitFor()
    // the 11th oldest free task is the first of page 2
    await region.getByRole('article').first().getByText(free.results[10].reference || free.results[10].location!.code).first().waitFor()
    await screenshot(page, 'collector-tasks-page-2')
    await expectNoAxeViolations(page, '/m/tasks (page 2)')

    // a free task at a location: search for it, then take it by its location
    const target = free.results.find((r) => r.location !== null)!
    const code = target.location!.code
    await page.getByRole('textbox', { name: 'Buscar tarefas' }).fill(code)
    await expect
      .poll(
        async () => {
          const texts = await region.getByRole('article').allInnerTexts()
          return texts.length > 0 && texts.every((text) => text.includes(code))
        },
        { timeout: 20_000 },
      )
      .toBe(true)
    await screenshot(page, 'collector-tasks-search')
    const oldestThere = free.results.filter((r) => r.location?.id === target.location!.id)[0]
    const field = page.getByRole('textbox', { name: 'Pegar tarefa pelo local' })
    await field.fill(code)
    await page.getByRole('button', { name: 'Pegar' }).click()
    await page.getByText(`em ${code}: a tarefa agora é sua.`).waitFor({ timeout: 20_000 })
    expect((await api<Row>(`/workforce/tasks/${oldestThere.id}/`)).assignee?.username).toBe('admin')
    await screenshot(page, 'collector-tasks-taken')
    // a location without a free task: refused in red, in Portuguese
    await field.fill('ZZ-NO-SUCH-LOC')
    await page.getByRole('button', { name: 'Pegar' }).click()
    await page.getByRole('alert').getByText('Nenhuma localização com o código ZZ-NO-SUCH-LOC.').waitFor({ timeout: 20_000 })
    await screenshot(page, 'collector-tasks-refused')
    await expectNoAxeViolations(page, '/m/tasks (a take refused)')
  })

  it("an operator signing in on a phone lands on /m/home; the 'N pendentes' badge leaves 'Movatic WMS' on one line, light and dark", async () => {
    const { page: phone } = await newPage(browser.browser, { baseURL: server.url, viewport: HANDHELD })
    phone.on('pageerror', (error) => pageErrors.push(error.message))
    await phone.goto('/login')
    await phone.getByLabel('Usuário').fill('operator')
    await phone.getByLabel('Senha', { exact: true }).fill(PASSWORD)
    await phone.getByRole('button', { name: 'Entrar' }).click()
    await phone.waitForURL('**/m/home')
    await phone.getByRole('heading', { name: 'Início', level: 1 }).waitFor()
    // the home's Pendências tile opens what waits to be sent, with or without the badge
    await phone.getByRole('navigation', { name: 'Menu' }).getByRole('link', { name: 'Pendências' }).click()
    await phone.getByRole('heading', { name: 'Pendências', level: 1 }).waitFor()

    // a move made offline waits in the outbox: the header shows '1 pendente'
    const cache = await api<{ locations: { code: string; active: boolean; kind: string }[] }>('/workforce/handheld/cache/')
    const dest = cache.locations.find((l) => l.active && l.kind === 'storage')!
    await phone.goto('/m/move')
    await phone.getByTestId('move-prompt').getByText('Leia o palete ou a localização de origem').waitFor()
    await phone.getByText('Baixando locais').waitFor({ state: 'detached', timeout: 30_000 })
    await phone.context().setOffline(true)
    const codeField = phone.getByRole('textbox', { name: 'Código' })
    await codeField.fill('356789012345678903')
    await codeField.press('Enter')
    await phone.getByTestId('move-prompt').getByText('Leia a localização de destino').waitFor()
    await codeField.fill(dest.code)
    await codeField.press('Enter')
    await phone.getByRole('button', { name: 'Confirmar' }).click()
    const badge = phone.getByTestId('pending-badge')
    await badge.getByText('1 pendente').waitFor({ timeout: 20_000 })
    for (const scheme of ['light', 'dark'] as const) {
      await phone.emulateMedia({ colorScheme: scheme })
      await screenshot(phone, `collector-header-pending-${scheme}`)
      const name = phone.getByTestId('collector-product-name')
      const lines = await name.evaluate((el) => {
        const style = getComputedStyle(el)
        return { height: el.getBoundingClientRect().height, lineHeight: parseFloat(style.lineHeight), scrollWidth: el.scrollWidth, clientWidth: el.clientWidth }
      })
      expect(lines.height, `${scheme} ${JSON.stringify(lines)}`).toBeLessThan(lines.lineHeight * 1.5)
      // the whole name shows, not cut with an ellipsis
      expect(lines.scrollWidth, `${scheme} ${JSON.stringify(lines)}`).toBeLessThanOrEqual(lines.clientWidth)
      const header = (await phone.locator('header').boundingBox())!
      expect(header.width).toBeLessThanOrEqual(HANDHELD.width)
      for (const button of [badge, phone.getByRole('link', { name: 'Configurações' }), phone.getByRole('button', { name: 'Sair' })]) {
        const box = (await button.boundingBox())!
        expect(box.x + box.width).toBeLessThanOrEqual(HANDHELD.width)
      }
    }
    // closed offline: the move is never sent
    await phone.context().close()

    // on a desktop-sized screen the same operator keeps the dashboard
    const { page: desk } = await newPage(browser.browser, { baseURL: server.url, viewport: { width: 1280, height: 800 } })
    desk.on('pageerror', (error) => pageErrors.push(error.message))
    await desk.goto('/login')
    await desk.getByLabel('Usuário').fill('operator')
    await desk.getByLabel('Senha', { exact: true }).fill(PASSWORD)
    await desk.getByRole('button', { name: 'Entrar' }).click()
    await desk.waitForURL((url) => !url.pathname.startsWith('/login'))
    expect(new URL(desk.url()).pathname).toBe('/')
    await desk.context().close()
  })

  it("every tile opens a working flow, none 'Em construção'; an unknown path says 'Rota não encontrada' with a Back link", async () => {
    for (const [path, heading] of [['/m/receive', 'Receber'], ['/m/putaway', 'Armazenar'], ['/m/ship', 'Expedir'], ['/m/move', 'Mover'], ['/m/count', 'Contar']] as const) {
      await page.goto(path)
      await page.getByRole('heading', { name: heading, level: 1 }).waitFor()
      expect(await page.getByText('Em construção').count(), path).toBe(0)
    }
    await page.goto('/m/no-such-screen')
    await page.getByRole('heading', { name: 'Rota não encontrada' }).waitFor()
    await screenshot(page, 'collector-not-found')
    await page.getByRole('link', { name: 'Voltar' }).click()
    await page.waitForURL('**/m/home')
  })

  it('/m/sim shows the collector in a device frame', async () => {
    const { page: desktop } = await newPage(browser.browser, { baseURL: server.url, viewport: { width: 1280, height: 1000 } })
    desktop.on('pageerror', (error) => pageErrors.push(error.message))
    // the same browser profile: the session is in this context's storage, so sign in here too
    await desktop.goto('/login')
    await desktop.getByLabel('Usuário').fill('admin')
    await desktop.getByLabel('Senha', { exact: true }).fill(PASSWORD)
    await desktop.getByRole('button', { name: 'Entrar' }).click()
    await desktop.waitForURL((url) => !url.pathname.startsWith('/login'))
    await desktop.goto('/m/sim')
    const frame = desktop.frameLocator('iframe[title="Coletor"]')
    await frame.getByRole('heading', { name: 'Início', level: 1 }).waitFor({ timeout: 30_000 })
    const box = await desktop.locator('iframe[title="Coletor"]').boundingBox()
    expect(box!.width).toBeLessThanOrEqual(420)
    await screenshot(desktop, 'collector-simulator')
    await desktop.context().close()
  })

  it('reads well in dark mode too', async () => {
    const dark = await signedInHandheld(browser.browser, 'dark')
    await dark.goto('/m/scan')
    await dark.getByRole('heading', { name: 'Scan', level: 1 }).waitFor()
    await dark.getByRole('heading', { name: 'Scan', level: 1 }).click()
    await burst(dark, pallet.pallet_code)
    await expect.poll(() => readStatus(dark, pallet.pallet_code), { timeout: 20_000 }).toBe('done')
    await screenshot(dark, 'collector-scan-dark')
    await expectNoAxeViolations(dark, '/m/scan (dark)')
    await dark.goto('/m/home')
    await dark.getByRole('heading', { name: 'Início', level: 1 }).waitFor()
    await screenshot(dark, 'collector-home-dark')
    await expectNoAxeViolations(dark, '/m/home (dark)')
    await dark.context().close()
  })
})
