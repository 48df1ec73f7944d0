/**
 * Model-based tests (SPEC 19.3): paths generated from the wave-release machine cover every state and transition and
 * are replayed on a running actor with a controlled actor; then the rules the dialog relies on (one command_id per
 * opening, a retry sends the same one).
 */
import { describe, expect, it } from 'vitest'
import { createActor, fromPromise } from 'xstate'
import { replayOnActor } from '../testing/actor-replay'
import { coverageOf, modelPaths, type ModelPath } from '../testing/model-coverage'
import { waveReleaseMachine, waveReleaseView, type ReleaseWaveInput } from './wave-release.machine'
import { ALREADY_RELEASED, MODEL_COMMAND_ID, MODEL_REQUEST, MODEL_WAVE, OFFLINE, RELEASED, waveReleaseModel } from './wave-release.model'

const { abstract } = waveReleaseModel
const paths = modelPaths(waveReleaseMachine, waveReleaseModel)

type Pending = { input: ReleaseWaveInput; resolve: (v: unknown) => void; reject: (e: unknown) => void }

function controlledActor() {
  const pending: Pending[] = []
  let changed = 0
  const machine = waveReleaseMachine.provide({
    actors: {
      release: fromPromise<never, ReleaseWaveInput>(
        ({ input }) => new Promise((resolve, reject) => pending.push({ input, resolve: resolve as (v: unknown) => void, reject })),
      ) as never,
    },
    actions: { changed: () => void changed++ },
  })
  return { actor: createActor(machine).start(), pending, changed: () => changed }
}

const settle = () => new Promise((r) => setTimeout(r, 0))

async function replay(path: ModelPath) {
  const { actor, pending } = controlledActor()
  await replayOnActor(actor, pending, path, abstract as never)
}

describe('wave-release machine model', () => {
  it('covers every state and every transition', () => {
    const coverage = coverageOf(waveReleaseMachine, paths)
    expect(coverage.states.missing).toEqual([])
    expect(coverage.transitions.missing, JSON.stringify(coverage.transitions.missing)).toEqual([])
    expect(coverage.states.defined.length).toBe(5)
    expect(coverage.transitions.defined.length).toBe(9)
  })

  describe.each(paths.map((p) => [p.steps.slice(1).map((s) => s.event.type.replace(/xstate\.|actor\./g, '')).join(' → ') || 'start', p] as const))(
    '%s',
    (_name, path) => {
      it('replays on a running actor', async () => replay(path))
    },
  )
})

describe('wave-release rules', () => {
  function opened(commandId = MODEL_COMMAND_ID) {
    const run = controlledActor()
    run.actor.send({ type: 'OPEN', wave: MODEL_WAVE, commandId })
    return run
  }

  it("sends the opening's command_id with the choices, and shows the answer once released", async () => {
    const { actor, pending, changed } = opened()
    expect(waveReleaseView(actor.getSnapshot())).toMatchObject({ dialogOpen: true, canSubmit: true, wave: MODEL_WAVE })
    actor.send({ type: 'SUBMIT', request: MODEL_REQUEST })
    // a second click while the request is out sends nothing
    actor.send({ type: 'SUBMIT', request: { shortage: 'hold', totes: 8 } })
    expect(pending).toHaveLength(1)
    expect(pending[0].input).toEqual({ waveId: MODEL_WAVE.id, commandId: MODEL_COMMAND_ID, shortage: 'short', totes: 3 })
    expect(waveReleaseView(actor.getSnapshot())).toMatchObject({ releasing: true, canSubmit: false })
    pending.shift()!.resolve(RELEASED)
    await settle()
    expect(waveReleaseView(actor.getSnapshot())).toMatchObject({ dialogOpen: false, released: true, result: RELEASED, error: null })
    expect(changed()).toBe(1)
    actor.send({ type: 'CLOSE' })
    expect(actor.getSnapshot().context).toEqual({ wave: null, commandId: null, request: null, result: null, error: null })
  })

  it('retries with the same command_id and choices after no answer; an edit keeps the command_id too', async () => {
    const { actor, pending } = opened()
    actor.send({ type: 'SUBMIT', request: MODEL_REQUEST })
    pending.shift()!.reject(OFFLINE)
    await settle()
    expect(waveReleaseView(actor.getSnapshot())).toMatchObject({ dialogOpen: true, failed: true, error: { id: 'waveRelease.offline' } })
    actor.send({ type: 'RETRY' })
    expect(pending.shift()!.input).toEqual({ waveId: MODEL_WAVE.id, commandId: MODEL_COMMAND_ID, ...MODEL_REQUEST })
    await settle()
    expect(actor.getSnapshot().context.error).toBeNull()
  })

  it("says the server's refusal as the server's words, and a new opening has a new command_id", async () => {
    const { actor, pending, changed } = opened()
    actor.send({ type: 'SUBMIT', request: MODEL_REQUEST })
    pending.shift()!.reject(ALREADY_RELEASED)
    await settle()
    expect(waveReleaseView(actor.getSnapshot()).error).toEqual({ id: 'waveRelease.server', values: { text: ALREADY_RELEASED.detail } })
    // the wave changed under the dialog: the page reads it again
    expect(changed()).toBe(1)
    actor.send({ type: 'EDIT' })
    expect(waveReleaseView(actor.getSnapshot())).toMatchObject({ canSubmit: true, error: null, request: MODEL_REQUEST })
    actor.send({ type: 'CLOSE' })
    actor.send({ type: 'OPEN', wave: MODEL_WAVE, commandId: 'another-id' })
    actor.send({ type: 'SUBMIT', request: MODEL_REQUEST })
    expect(pending.shift()!.input.commandId).toBe('another-id')
  })

  it('an error without a reason is the unknown message', async () => {
    const { actor, pending } = opened()
    actor.send({ type: 'SUBMIT', request: MODEL_REQUEST })
    pending.shift()!.reject(new Error('boom'))
    await settle()
    expect(actor.getSnapshot().context.error).toEqual({ id: 'waveRelease.unknown' })
  })
})
