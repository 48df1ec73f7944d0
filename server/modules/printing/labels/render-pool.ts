import { availableParallelism } from 'node:os'
import { Worker } from 'node:worker_threads'
import { fromRoot } from '../../../root'
import type { PlacedLabel } from './label-model'
import type { RenderReply, RenderRequest } from './render.worker'

/**
 * Label PNGs are rendered in a small pool of worker threads, never on the event loop (ADR 0004, amendment on
 * rendering): resvg takes about 80 ms a label, so a batch rendered in the main thread held every request of the
 * server for minutes. The pool is bounded (at most 2 threads, one fewer than the cores); requests beyond it wait
 * their turn in order. Threads start on first use and are unref'd, so an idle pool never keeps a process alive.
 */
const POOL_SIZE = Math.max(1, Math.min(2, availableParallelism() - 1))
// from the root, not from import.meta.url: the server may run bundled (server/root.ts)
const ENTRY = fromRoot('server', 'modules', 'printing', 'labels', 'render-worker-entry.mjs')

type Pending = { resolve: (png: Buffer) => void; reject: (e: Error) => void }
type Slot = { worker: Worker; busy: number | null }

class RenderPool {
  private readonly slots: Slot[] = []
  private readonly waiting: { req: RenderRequest; pending: Pending }[] = []
  private readonly pending = new Map<number, Pending>()
  private seq = 0

  constructor(private readonly size: number) {}

  render(label: PlacedLabel): Promise<Buffer> {
    return new Promise<Buffer>((resolve, reject) => {
      this.waiting.push({ req: { seq: ++this.seq, label }, pending: { resolve, reject } })
      this.dispatch()
    })
  }

  /** Stop every thread (tests, shutdown); renders still waiting are refused. */
  async close(): Promise<void> {
    for (const w of this.waiting.splice(0)) w.pending.reject(new Error('The label renderer was stopped.'))
    const slots = this.slots.splice(0)
    await Promise.all(slots.map((s) => s.worker.terminate()))
  }

  private dispatch(): void {
    while (this.waiting.length) {
      const slot = this.slots.find((s) => s.busy === null) ?? (this.slots.length < this.size ? this.spawn() : undefined)
      if (!slot) return
      const next = this.waiting.shift()
      if (!next) return
      slot.busy = next.req.seq
      this.pending.set(next.req.seq, next.pending)
      slot.worker.postMessage(next.req)
    }
  }

  private spawn(): Slot {
    const worker = new Worker(ENTRY)
    worker.unref()
    const slot: Slot = { worker, busy: null }
    worker.on('message', (reply: RenderReply) => {
      const p = this.pending.get(reply.seq)
      this.pending.delete(reply.seq)
      slot.busy = null
      if (p) {
        if ('error' in reply) p.reject(new Error(reply.error))
        else p.resolve(Buffer.from(reply.png.buffer, reply.png.byteOffset, reply.png.byteLength))
      }
      this.dispatch()
    })
    const lost = (e: Error) => {
      // a thread that died takes only its own render with it; the next render starts a new thread
      const i = this.slots.indexOf(slot)
      if (i >= 0) this.slots.splice(i, 1)
      if (slot.busy !== null) {
        this.pending.get(slot.busy)?.reject(e)
        this.pending.delete(slot.busy)
        slot.busy = null
      }
      this.dispatch()
    }
    worker.on('error', lost)
    worker.on('exit', (code) => lost(new Error(`The label renderer stopped (exit code ${code}).`)))
    this.slots.push(slot)
    return slot
  }
}

const pool = new RenderPool(POOL_SIZE)

/** The label as a PNG (one pixel per printer dot), rendered off the event loop. */
export function renderPngOffThread(label: PlacedLabel): Promise<Buffer> {
  return pool.render(label)
}

/** Tests and shutdown: stop the render threads. */
export function closeRenderPool(): Promise<void> {
  return pool.close()
}
