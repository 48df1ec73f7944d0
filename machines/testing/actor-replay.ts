/**
 * Replays a model path on a running actor whose invoked promises the test holds (ADR 0007's machine half): each
 * `xstate.done.actor.<name>` / `xstate.error.actor.<name>` step settles the oldest pending call (which must be that
 * actor's, when the call names one), every other step is sent; after each step the actor's abstract state must equal
 * the path's.
 */
import { expect } from 'vitest'
import type { AnyMachineSnapshot, EventObject } from 'xstate'
import type { ModelPath } from './model-coverage'

/** A promise an invoked actor is waiting on, held by the test. */
export type PendingCall = { actor?: string; resolve: (v: unknown) => void; reject: (e: unknown) => void }

type Running = { send(event: never): void; getSnapshot(): AnyMachineSnapshot; stop(): void }

const settle = () => new Promise((r) => setTimeout(r, 0))

export async function replayOnActor(actor: Running, pending: PendingCall[], path: ModelPath, abstract: (s: AnyMachineSnapshot) => unknown): Promise<void> {
  for (const [i, step] of path.steps.entries()) {
    if (i > 0) {
      const event = step.event as EventObject & { output?: unknown; error?: unknown }
      const settled = /^xstate\.(done|error)\.actor\.(\w+)$/.exec(event.type)
      if (settled) {
        const p = pending.shift()
        expect(p, `step ${i}: ${settled[2]} is running`).toBeDefined()
        if (p?.actor !== undefined) expect(p.actor, `step ${i}: ${settled[2]} is running`).toBe(settled[2])
        if (settled[1] === 'done') p!.resolve(event.output)
        else p!.reject(event.error)
        await settle()
      } else actor.send(event as never)
    }
    expect(abstract(actor.getSnapshot()), `step ${i}: ${step.event.type}`).toEqual(abstract(step.state))
  }
  actor.stop()
}
