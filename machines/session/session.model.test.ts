/**
 * Model-based tests (SPEC 4): paths generated from the session machine with @xstate/graph cover
 * every state and every transition, and each path is replayed against a running actor whose side
 * effects are fakes, checking the state, the context and the storage invariants at every step.
 */
import { describe, expect, it } from 'vitest'
import { createActor, fromCallback, fromPromise } from 'xstate'
import type { AnyMachineSnapshot, EventObject } from 'xstate'
import { coverageOf, modelPaths } from '../testing/model-coverage'
import type { ModelPath } from '../testing/model-coverage'
import { sessionMachine } from './session.machine'
import type { LoginInput, RefreshResult, SessionEvent, StoredSession, Tokens } from './session.machine'
import { sessionModel } from './session.model'
import type { SessionModelEvent as ModelEvent } from './session.model'
import type { User } from './session-user'

const { events: eventsFor, abstract } = sessionModel

const paths = modelPaths(sessionMachine, { events: eventsFor, abstract })

describe('session machine model', () => {
  it('covers every state and every transition', () => {
    const coverage = coverageOf(sessionMachine, paths)
    expect(coverage.states.defined.length).toBeGreaterThanOrEqual(7)
    expect(coverage.states.missing).toEqual([])
    expect(coverage.transitions.defined.length).toBeGreaterThan(20)
    expect(coverage.transitions.missing, JSON.stringify(coverage.transitions.missing)).toEqual([])
  })

  it('fails the coverage when a state becomes unreachable', () => {
    // the same machine with the way into 'refreshing' removed
    const broken = sessionMachine.provide({ guards: { noRefreshToken: () => true } })
    const brokenPaths = modelPaths(broken, { events: eventsFor, abstract })
    expect(coverageOf(broken, brokenPaths).states.missing).toContain('session.refreshing')
  })

  describe.each(paths.map((path) => [describePath(path), path] as const))('%s', (_name, path) => {
    it('replays on a running actor', async () => {
      await replay(path)
    })
  })
})

function describePath(path: ModelPath): string {
  const events = path.steps.slice(1).map((s) => s.event.type.replace('xstate.', ''))
  return `${JSON.stringify(path.state.value)} ← ${events.join(' → ') || 'start'}`
}

interface Deferred {
  resolve: (value: unknown) => void
  reject: (error: unknown) => void
}

async function replay(path: ModelPath): Promise<void> {
  const pending = new Map<string, Deferred>()
  const store: { access: string | null; refresh: string | null; user: User | null; remember: boolean; marker: boolean } = {
    access: null,
    refresh: null,
    user: null,
    remember: true,
    marker: false,
  }
  let otherTab: ((event: EventObject) => void) | undefined
  // each invocation parks its promise here; the path's done/error events settle it
  const controlled = <TOutput, TInput>(name: string) =>
    fromPromise<TOutput, TInput>(
      () => new Promise<TOutput>((resolve, reject) => pending.set(name, { resolve: (v) => resolve(v as TOutput), reject })),
    )

  const actor = createActor(
    sessionMachine.provide({
      actors: {
        restoreSession: controlled<StoredSession, unknown>('restoreSession'),
        loginRequest: controlled<Tokens, LoginInput>('loginRequest'),
        fetchProfile: controlled<User, { access: string }>('fetchProfile'),
        refreshRequest: controlled<RefreshResult, { refresh: string }>('refreshRequest'),
        logoutRequest: controlled<void, { refresh: string; access: string | null }>('logoutRequest'),
        storageSync: fromCallback(({ sendBack }) => {
          otherTab = sendBack
        }),
      },
      actions: {
        persistSession: ({ context }) => {
          Object.assign(store, { access: context.access, refresh: context.refresh, user: context.user, remember: context.remember })
        },
        clearPersistedSession: () => {
          Object.assign(store, { access: null, refresh: null, user: null, remember: true, marker: false })
        },
        writeSessionMarker: () => {
          store.marker = true
        },
      },
    }),
  ).start()

  const check = (expected: AnyMachineSnapshot, label: string) => {
    const actual = actor.getSnapshot()
    expect(abstract(actual), label).toEqual(abstract(expected))
    const c = actual.context
    // invariants: storage mirrors a live session, holds nothing without one, and marks a not-remembered one
    if (actual.hasTag('signedIn')) {
      expect({ access: store.access, refresh: store.refresh, user: store.user }, label).toEqual({
        access: c.access,
        refresh: c.refresh,
        user: c.user,
      })
      if (!c.remember) expect(store.marker, `${label}: session marker`).toBe(true)
    }
    if (actual.hasTag('signedOut')) expect(store.access, label).toBeNull()
    expect(JSON.stringify(c), label).not.toContain('pw')
  }

  check(path.steps[0].state, 'initial')
  for (const [i, step] of path.steps.entries()) {
    if (i === 0) continue
    const event = step.event as ModelEvent
    const label = `step ${i}: ${event.type}`
    const settle = /^xstate\.(done|error)\.actor\.(.+)$/.exec(event.type)
    const deferred = settle ? pending.get(settle[2]) : undefined
    const { output, error } = event as { output?: unknown; error?: unknown }
    if (settle && deferred) {
      pending.delete(settle[2])
      if (settle[2] === 'restoreSession' && settle[1] === 'done') Object.assign(store, output)
      if (settle[1] === 'done') deferred.resolve(output)
      else deferred.reject(error)
      await new Promise((resolve) => setTimeout(resolve, 0))
    } else if (event.type === 'SESSION.SYNC') {
      const { type: _type, ...written } = event as Extract<SessionEvent, { type: 'SESSION.SYNC' }>
      Object.assign(store, written) // what the other tab wrote, which the storage event reports
      otherTab?.(event)
    } else {
      actor.send(event as SessionEvent)
    }
    check(step.state, label)
  }
  actor.stop()
}
