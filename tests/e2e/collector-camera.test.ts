/**
 * The collector's camera mode decoding a real barcode (SPEC 2.16), in a Chromium of its own whose fake
 * camera films a pallet's SSCC label: a GS1-128 barcode drawn by the server's label renderer and turned into a
 * YUV4MPEG2 frame by tests/support/camera-frame.ts. /m/scan in camera mode decodes it with @zxing/browser, looks
 * the pallet up and shows its product; closing the camera, or leaving the screen, stops the camera's stream.
 */
import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { screenshot } from '../support/browser'
import { gs1LabelFrame } from '../support/camera-frame'
import { HANDHELD, read, readStatus } from '../support/collector-page'
import { startE2eApp, type E2eApp } from '../support/e2e-app'

interface StockLine {
  product: { code: string; name1: string }
  sscc: string | null
}

const dir = mkdtempSync(path.join(os.tmpdir(), 'wms-camera-e2e-'))
const video = path.join(dir, 'camera.y4m')
let app: E2eApp

beforeAll(async () => {
  app = await startE2eApp('collector-camera', { WMS_DEMO_STOCK: '500' }, {
    // the camera permission is granted without a prompt, and the camera plays the file (looping its one frame)
    browserArgs: ['--use-fake-ui-for-media-stream', '--use-fake-device-for-media-stream', `--use-file-for-fake-video-capture=${video}`],
  })
})

afterAll(async () => {
  await app?.close()
  rmSync(dir, { recursive: true, force: true })
  expect(app?.pageErrors, 'uncaught errors in the page').toEqual([])
})

/** The tracks of the stream the camera preview shows, kept on window so they can be checked after it is gone. */
async function keepCameraTracks(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const stream = document.querySelector('video')?.srcObject
    const tracks = stream instanceof MediaStream ? stream.getTracks() : []
    ;(window as unknown as { cameraTracks: MediaStreamTrack[] }).cameraTracks = tracks
    return tracks.map((t) => `${t.kind}:${t.readyState}`)
  })
}

const keptTrackStates = (page: Page) =>
  page.evaluate(() => (window as unknown as { cameraTracks: MediaStreamTrack[] }).cameraTracks.map((t) => `${t.kind}:${t.readyState}`))

const openCamera = async (page: Page) => {
  // the segmented control's radio is visually hidden behind its label
  await page.locator('label').filter({ hasText: 'Câmera' }).click()
  await page.getByRole('button', { name: 'Fechar câmera' }).waitFor()
  // the preview plays the camera: a stream with frames
  await expect.poll(() => page.evaluate(() => (document.querySelector('video')?.readyState ?? 0) >= 2), { timeout: 20_000 }).toBe(true)
}

describe('collector camera', () => {
  it("decodes a pallet's GS1-128 SSCC label from the camera, shows its product, and stops the camera on close and on leaving", async () => {
    const lines = await app.api<{ results: StockLine[] }>('/inventory/stock-items/?page_size=20')
    const line = lines.results.find((l): l is StockLine & { sscc: string } => l.sscc !== null)
    if (!line) throw new Error('the demo data has no stock line with an SSCC')
    // Chromium opens the file when a page first asks for the camera: the label is in front of it before that
    writeFileSync(video, gs1LabelFrame([{ ai: '00', value: line.sscc }]))
    expect(statSync(video).size).toBeGreaterThan(640 * 480)

    const page = await app.signedInPage({ viewport: HANDHELD })
    await page.context().grantPermissions(['camera'])
    await page.goto('/m/scan')
    await page.getByRole('heading', { name: 'Scan', level: 1 }).waitFor()
    expect(await page.getByText('Nenhuma leitura ainda.').count()).toBe(1)

    await openCamera(page)
    // @zxing/browser with ASSUME_GS1 gives the symbology identifier ]C1 and the element string (00) + SSCC;
    // the read is titled by the element string, without the identifier
    const code = `00${line.sscc}`
    await read(page, code).waitFor({ timeout: 30_000 })
    await expect.poll(() => readStatus(page, code), { timeout: 20_000 }).toBe('done')
    const text = await read(page, code).innerText()
    expect(text).toContain('Câmera')
    expect(text).toContain(line.sscc)
    expect(text).toContain(line.product.code)
    expect(text).toContain(line.product.name1)
    await screenshot(page, 'collector-scan-camera')

    // closing the camera mode stops the stream
    expect(await keepCameraTracks(page)).toEqual(['video:live'])
    await page.getByRole('button', { name: 'Fechar câmera' }).click()
    await page.getByRole('textbox', { name: 'Código' }).waitFor()
    await expect.poll(() => keptTrackStates(page)).toEqual(['video:ended'])

    // so does leaving the screen with the camera open
    await openCamera(page)
    expect(await keepCameraTracks(page)).toEqual(['video:live'])
    await page.getByRole('navigation', { name: 'Navegação do coletor' }).getByRole('link', { name: 'Início' }).click()
    await page.getByRole('heading', { name: 'Início', level: 1 }).waitFor()
    expect(await page.locator('video').count()).toBe(0)
    await expect.poll(() => keptTrackStates(page)).toEqual(['video:ended'])
    await page.context().close()
  })
})
