/**
 * Endpoint probing for the app (SPEC 7): runs machines/probe with the API client as its `check`,
 * and remembers the winner per probe key in sessionStorage, so a second use (another screen, a
 * reload) does not probe again; a new browser session probes afresh. Used by the UOM list, the stock list, dashboard counts.
 */
import { createActor, fromPromise, toPromise } from 'xstate'
import { probeMachine } from '../../machines/probe/probe.machine'
import type { ProbeResult } from '../../machines/probe/probe.machine'
import { ApiError, api } from './api-client'
import type { ApiClient, Query } from './api-client'
import { flowsInspect } from './flows-inspector'
import { probeKey, readJson, removeKey, writeJson } from './storage'

export type { ProbeAttempt, ProbeResult } from '../../machines/probe/probe.machine'

interface Winner {
  path: string
  status: number
}

const running = new Map<string, Promise<AppProbeResult>>()

function parseWinner(value: unknown): Winner | null {
  if (typeof value !== 'object' || value === null) return null
  const { path, status } = value as Record<string, unknown>
  return typeof path === 'string' && typeof status === 'number' ? { path, status } : null
}

export interface ProbeOptions {
  client?: ApiClient
  /** sent with every check; lists default to the cheapest page */
  query?: Query
}

/**
 * The machine's result; a candidate found by this probe (not remembered) with a 2xx also carries its body in `answer`,
 * so a caller that asked with the same query need not ask again (docs/requirements.md §2.4: each figure reads one count).
 */
export type AppProbeResult = ProbeResult & { answer?: unknown }

/**
 * Finds the first candidate answering 2xx, 401 or 403. Resolves with the machine's result; a
 * remembered winner comes back as `found` with an empty `tested`. Concurrent calls share one probe.
 */
export function probeEndpoint(key: string, candidates: readonly string[], options: ProbeOptions = {}): Promise<AppProbeResult> {
  const remembered = readJson('session', probeKey(key), parseWinner)
  if (remembered && candidates.includes(remembered.path)) {
    return Promise.resolve({ kind: 'found', ...remembered, tested: [] })
  }
  const inFlight = running.get(key)
  if (inFlight) return inFlight

  const client = options.client ?? api
  const query = options.query ?? { page: 1, page_size: 1 }
  const answers = new Map<string, unknown>()
  const actor = createActor(
    probeMachine.provide({
      actors: {
        check: fromPromise<number, { path: string }>(async ({ input }) => {
          try {
            answers.set(input.path, await client.get<unknown>(input.path, { query }))
            return 200
          } catch (error) {
            // an HTTP status is an answer; no response at all is the machine's "error"
            if (error instanceof ApiError && error.status !== 0) return error.status
            throw error
          }
        }),
      },
    }),
    { input: { candidates }, inspect: flowsInspect },
  )
  const probe = toPromise(actor.start())
    .then((result) => {
      if (result.kind === 'found') {
        writeJson('session', probeKey(key), { path: result.path, status: result.status })
        if (answers.has(result.path)) return { ...result, answer: answers.get(result.path) }
      }
      return result
    })
    .finally(() => running.delete(key))
  running.set(key, probe)
  return probe
}

/** Forget a winner (say, after it started answering 404), or all of them. */
export function forgetProbe(key?: string): void {
  if (key !== undefined) {
    removeKey('session', probeKey(key))
    return
  }
  try {
    for (let i = sessionStorage.length - 1; i >= 0; i--) {
      const stored = sessionStorage.key(i)
      if (stored?.startsWith(probeKey(''))) removeKey('session', stored)
    }
  } catch {
    // no sessionStorage: nothing was remembered
  }
}
