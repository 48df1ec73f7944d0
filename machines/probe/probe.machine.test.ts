import { describe, expect, it } from 'vitest'
import { createActor, fromPromise, toPromise } from 'xstate'
import type { EventObject } from 'xstate'
import { coverageOf, modelPaths } from '../testing/model-coverage'
import type { ModelPath } from '../testing/model-coverage'
import { isAcceptedStatus, probeMachine } from './probe.machine'
import type { ProbeResult } from './probe.machine'
import { probeModel, probeModelInput } from './probe.model'

const uomCandidates = ['/product/uoms/', '/product/uom/', '/product/uoms-list/', '/uoms/']

/** Runs the probe against a fake server: a status per path, or 'down' for no response. */
async function probe(candidates: string[], answers: Record<string, number | 'down'>) {
  const checked: string[] = []
  const actor = createActor(
    probeMachine.provide({
      actors: {
        check: fromPromise<number, { path: string }>(async ({ input }) => {
          checked.push(input.path)
          const answer = answers[input.path] ?? 404
          if (answer === 'down') throw new TypeError('fetch failed')
          return answer
        }),
      },
    }),
    { input: { candidates } },
  )
  const result: ProbeResult = await toPromise(actor.start())
  return { result, checked }
}

describe('probe machine (SPEC 7)', () => {
  it('accepts 2xx, 401 and 403 only', () => {
    expect([200, 204, 299, 401, 403].map(isAcceptedStatus)).toEqual([true, true, true, true, true])
    expect([301, 400, 404, 405, 500, 0].map(isAcceptedStatus)).toEqual([false, false, false, false, false, false])
  })

  it('stops at the first accepted candidate, in order', async () => {
    const { result, checked } = await probe(uomCandidates, { '/product/uom/': 200, '/uoms/': 200 })
    expect(checked).toEqual(['/product/uoms/', '/product/uom/'])
    expect(result).toMatchObject({ kind: 'found', path: '/product/uom/', status: 200 })
  })

  it('counts 401 and 403 as found: the endpoint exists', async () => {
    expect((await probe(uomCandidates, { '/product/uoms/': 401 })).result).toMatchObject({ kind: 'found', status: 401 })
    expect((await probe(uomCandidates, { '/product/uom/': 403 })).result).toMatchObject({ kind: 'found', status: 403 })
  })

  it('reports every candidate tested when none exists', async () => {
    const { result } = await probe(uomCandidates, { '/uoms/': 'down', '/product/uom/': 500 })
    expect(result).toEqual({
      kind: 'notFound',
      tested: [
        { path: '/product/uoms/', status: 404 },
        { path: '/product/uom/', status: 500 },
        { path: '/product/uoms-list/', status: 404 },
        { path: '/uoms/', status: null },
      ],
    })
  })

  it('tells an unreachable backend apart from missing routes', async () => {
    const down = Object.fromEntries(uomCandidates.map((p) => [p, 'down' as const]))
    expect((await probe(uomCandidates, down)).result.kind).toBe('unreachable')
  })

  it('goes on past a network error to the next candidate', async () => {
    const { result } = await probe(uomCandidates, { '/product/uoms/': 'down', '/product/uom/': 200 })
    expect(result).toMatchObject({ kind: 'found', path: '/product/uom/' })
  })

  it('refuses an empty candidate list', () => {
    const actor = createActor(probeMachine, { input: { candidates: [] } })
    actor.subscribe({ error: () => {} })
    actor.start()
    expect(actor.getSnapshot().status).toBe('error')
    expect(String(actor.getSnapshot().error)).toMatch(/no candidate/)
  })
})

describe('probe machine model', () => {
  const { abstract } = probeModel
  const { candidates } = probeModelInput
  const paths = modelPaths(probeMachine, probeModel)

  it('covers every state and every transition', () => {
    const coverage = coverageOf(probeMachine, paths)
    expect(coverage.states.missing).toEqual([])
    expect(coverage.transitions.missing, JSON.stringify(coverage.transitions.missing)).toEqual([])
    expect(coverage.transitions.defined.length).toBe(6)
  })

  const describeOutcome = (event: EventObject) => ('output' in event ? String(event.output) : 'no response')

  it.each(paths.map((path) => [path.steps.slice(1).map((s) => describeOutcome(s.event)).join(' → ') || 'start', path] as const))(
    'replays %s on a running actor',
    async (_name, path: ModelPath) => {
      const checked: string[] = []
      let settle: { resolve: (status: number) => void; reject: (error: unknown) => void } | undefined
      const actor = createActor(
        probeMachine.provide({
          actors: {
            check: fromPromise<number, { path: string }>(({ input }) => {
              checked.push(input.path)
              return new Promise<number>((resolve, reject) => (settle = { resolve, reject }))
            }),
          },
        }),
        { input: { candidates } },
      ).start()
      for (const [i, step] of path.steps.entries()) {
        if (i > 0) {
          const event = step.event as EventObject & { output?: number; error?: unknown }
          if (event.type === 'xstate.error.actor.check') settle?.reject(event.error)
          else settle?.resolve(event.output ?? 0)
          await new Promise((resolve) => setTimeout(resolve, 0))
        }
        expect(abstract(actor.getSnapshot())).toEqual(abstract(step.state))
      }
      // one request per candidate tried, in order, and one more if the probe is still running
      const attempts = path.steps.length - 1 + (actor.getSnapshot().status === 'active' ? 1 : 0)
      expect(checked).toEqual(candidates.slice(0, attempts))
    },
  )
})
