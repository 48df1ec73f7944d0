/**
 * Locations on the desktop (SPEC 12.3), in Chromium against the real server: a supervisor creates 500 locations as a
 * range (the preview names the count and the first and last code) and prints their labels from the list in one
 * batch; an operator sees the buttons disabled with the reason. axe on the forms, light and dark.
 */
import net from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { screenshot } from '../support/browser'
import { type E2eApp, startE2eApp } from '../support/e2e-app'

let app: E2eApp
// a Zebra stand-in on 127.0.0.1 that takes the labels' ZPL (the virtual printer would also draw 500 PNGs)
let zebra: net.Server
let received = 0

beforeAll(async () => {
  // the Zebra stand-in listens on 127.0.0.1, which only the server's operator can allow for printers
  app = await startE2eApp('master-data-locations', { WMS_DEMO_STOCK: '200', WMS_DEMO_PRODUCTS: '100', WMS_DEMO_LOCATIONS: '100', WMS_PRINTER_ALLOW_NETWORKS: '127.0.0.1/32' })
  zebra = net.createServer((socket) => {
    socket.on('data', () => {})
    socket.on('end', () => {
      received++
      socket.end()
    })
    socket.on('error', () => {})
  })
  await new Promise<void>((resolve) => zebra.listen(0, '127.0.0.1', resolve))
  const port = (zebra.address() as net.AddressInfo).port
  const r = await fetch(`${app.server.url}/api/printing/printers/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${app.token}` },
    body: JSON.stringify({ name: 'E2E Zebra', host: '127.0.0.1', port, resolution: 203 }),
  })
  expect(r.status).toBe(201)
})
afterAll(async () => {
  await app?.close()
  await new Promise((resolve) => zebra?.close(resolve))
  expect(app?.pageErrors ?? [], 'uncaught errors in the page').toEqual([])
})

describe('locations', () => {
  const prefix = `R${Date.now().toString(36).toUpperCase()}`
  const pattern = `${prefix}-{01-05}-{01-10}-{01-10}`

  it('a supervisor creates 500 locations as a range and prints their labels in one batch', async () => {
    const page = await app.signedInPage({ username: 'supervisor', viewport: { width: 1280, height: 900 } })
    await page.goto('/core/locations')
    await page.getByRole('button', { name: 'Criar faixa' }).click()
    const form = page.getByRole('form', { name: 'Criar faixa de localizações' })
    await form.getByRole('combobox', { name: 'Armazém' }).click()
    await page.getByRole('listbox').getByRole('option').first().click()
    const patternInput = form.getByRole('textbox', { name: 'Padrão dos códigos' })
    await patternInput.fill(`${prefix}-{01-05}-{1-10}`)
    await expect.poll(() => form.innerText()).toContain('O padrão ainda não descreve uma faixa.')
    await patternInput.fill(pattern)
    const preview = form.getByRole('status', { name: 'Prévia da faixa' })
    // The first line is the count; a second appears when another test gave the warehouse a layout rule (§18.1).
    await expect.poll(async () => (await preview.innerText()).split('\n')[0]).toBe(`500 localizações, de ${prefix}-01-01-01 a ${prefix}-05-10-10.`)
    await form.getByRole('textbox', { name: 'Capacidade (paletes)' }).fill('2')
    await app.expectNoAxeViolations(page, 'location range form (light)')
    await screenshot(page, 'master-data-location-range')
    await form.getByRole('button', { name: 'Salvar' }).click()
    await form.waitFor({ state: 'detached' })
    const created = await app.api<{ count: number; results: { code: string; capacity_pallets: number | null }[] }>(`/core/locations/?search=${prefix}&ordering=code`)
    expect(created.count).toBe(500)
    expect(created.results[0]).toMatchObject({ code: `${prefix}-01-01-01`, capacity_pallets: 2 })

    const jobsBefore = (await app.api<{ count: number }>('/printing/jobs/?kind=location')).count
    await page.goto(`/core/locations?search=${prefix}`)
    await page.getByRole('table', { name: 'Localizações' }).getByText(`${prefix}-01-01-01`).waitFor()
    await page.getByRole('button', { name: 'Imprimir etiquetas' }).click()
    const print = page.getByRole('form', { name: 'Imprimir etiquetas de localizações' })
    await expect.poll(() => print.innerText()).toContain(`Uma etiqueta para cada uma das 500 localizações encontradas por “${prefix}”.`)
    await print.getByRole('combobox', { name: 'Impressora' }).click()
    await page.getByRole('option', { name: 'E2E Zebra' }).click()
    await app.expectNoAxeViolations(page, 'batch label printing (light)')
    await print.getByRole('button', { name: 'Imprimir' }).click()
    await print.waitFor({ state: 'detached' })
    await page.getByText(`500 etiquetas na fila de impressão, de ${prefix}-01-01-01 a ${prefix}-05-10-10.`).waitFor()
    await screenshot(page, 'master-data-locations-printed')
    expect((await app.api<{ count: number }>('/printing/jobs/?kind=location')).count).toBe(jobsBefore + 500)
    await expect.poll(() => received, { timeout: 60_000 }).toBe(500)
    await page.close()
  })

  it('the location form shows its fields and history, without axe violations in dark mode', async () => {
    const page = await app.signedInPage({ username: 'supervisor', colorScheme: 'dark', viewport: { width: 1280, height: 900 } })
    await page.goto(`/core/locations?search=${prefix}-01-01-01`)
    await page.getByRole('button', { name: `Editar ${prefix}-01-01-01` }).click()
    const form = page.getByRole('form', { name: `Editar localização ${prefix}-01-01-01` })
    await expect.poll(() => form.getByRole('textbox', { name: 'Capacidade (paletes)' }).inputValue()).toBe('2')
    await expect.poll(() => form.getByRole('region', { name: 'Histórico' }).innerText()).toContain('supervisor criou')
    await app.expectNoAxeViolations(page, 'location form (dark)')
    await screenshot(page, 'master-data-location-form-dark')
    await form.getByRole('button', { name: 'Cancelar' }).click()
    await page.getByRole('button', { name: 'Criar faixa' }).click()
    await page.getByRole('form', { name: 'Criar faixa de localizações' }).getByRole('textbox', { name: 'Padrão dos códigos' }).fill(pattern)
    await app.expectNoAxeViolations(page, 'location range form (dark)')
    await page.close()
  })

  it('an operator sees the editing buttons disabled, saying why', async () => {
    const page = await app.signedInPage({ username: 'operator', viewport: { width: 1280, height: 900 } })
    await page.goto('/core/locations')
    await page.getByRole('table', { name: 'Localizações' }).waitFor()
    for (const name of ['Nova localização', 'Criar faixa']) {
      const button = page.getByRole('button', { name })
      await expect.poll(() => button.isDisabled()).toBe(true)
      expect(await button.getAttribute('title')).toBe('Somente administradores e supervisores alteram cadastros.')
    }
    await page.close()
  })
})
