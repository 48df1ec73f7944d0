import { parentPort } from 'node:worker_threads'
import type { PlacedLabel } from './label-model'
import { renderPng } from './png'

/**
 * One render thread of the label pool (render-pool.ts): a placed label in, its PNG out. resvg takes about 80 ms a
 * label, which on the main thread would hold every request behind a batch (ADR 0004, amendment on rendering).
 */
export type RenderRequest = { seq: number; label: PlacedLabel }
export type RenderReply = { seq: number; png: Uint8Array } | { seq: number; error: string }

parentPort?.on('message', (req: RenderRequest) => {
  let reply: RenderReply
  try {
    const png = renderPng(req.label)
    reply = { seq: req.seq, png: new Uint8Array(png.buffer, png.byteOffset, png.byteLength) }
  } catch (e) {
    reply = { seq: req.seq, error: e instanceof Error ? e.message : String(e) }
  }
  parentPort?.postMessage(reply)
})
