/**
 * Replaying a machine's generated paths on the real React screen (ADR 0007). A screen test takes
 * the paths `screenReplayPlan` picks (machines/testing/screen-replay.ts, the same list the flows
 * tooling marks as walked on the screen) and a driver per screen that turns each model event into
 * a user action or a controlled stimulus (a parked request answered, a storage event, a timer) and
 * checks, after each step, that the screen shows the state the model says the machine is in.
 */
import { waitFor } from '@testing-library/react'
import type { AnyMachineSnapshot, EventObject } from 'xstate'
import type { ModelPath } from '../../machines/testing/model-coverage'
import { mockApi, type MockAnswer, type MockRequest } from './render-app'

export interface ScreenDriver {
  /** performs one model event on the screen: a user action or a controlled external stimulus */
  perform(event: EventObject, before: AnyMachineSnapshot): Promise<void>
  /** asserts what the screen shows for the snapshot the model expects (waiting for it to settle) */
  check(expected: AnyMachineSnapshot, label: string): Promise<void>
}

/** A readable test name: the end state and the events that lead there. */
export function screenPathName(path: ModelPath): string {
  const events = path.steps.slice(1).map((step) => step.event.type.replace(/^xstate\.(done|error)\.actor\./, '$1:').replace(/^xstate\./, ''))
  return `${JSON.stringify(path.state.value)} ← ${events.join(' → ') || 'start'}`
}

/** Replays `path` through `driver`, checking the screen at the start and after every step. */
export async function replayOnScreen(path: ModelPath, driver: ScreenDriver): Promise<void> {
  await driver.check(path.steps[0].state, 'start')
  for (let i = 1; i < path.steps.length; i++) {
    const step = path.steps[i]
    await driver.perform(step.event, path.steps[i - 1].state)
    await driver.check(step.state, `step ${i}: ${step.event.type} → ${JSON.stringify(step.state.value)}`)
  }
}

interface Parked {
  request: MockRequest
  answer: (answer: MockAnswer) => void
}

/**
 * A fake `fetch` whose answers the replay controls: `atOnce` answers what the path does not
 * decide (the shell's requests); every other request waits until `answer` is called for it.
 */
export function controlledApi(atOnce: (request: MockRequest) => MockAnswer | undefined) {
  const parked: Parked[] = []
  const { requests } = mockApi((request) => {
    const now = atOnce(request)
    if (now !== undefined) return now
    return new Promise<MockAnswer>((resolve) => parked.push({ request, answer: resolve }))
  })
  return {
    requests,
    /** whether a request matching is waiting for its answer */
    pending: (match: (request: MockRequest) => boolean) => parked.some((p) => match(p.request)),
    /** waits for the screen to send a request matching, then answers it (the latest, when an earlier one was given up) */
    async answer(what: string, match: (request: MockRequest) => boolean, answer: MockAnswer): Promise<MockRequest> {
      const index = await waitFor(() => {
        const i = parked.findLastIndex((p) => match(p.request))
        if (i < 0) throw new Error(`the screen sent no request for ${what}`)
        return i
      })
      const [found] = parked.splice(index, 1)
      found.answer(answer)
      return found.request
    },
    /**
     * Answers every waiting request, and those they lead to, with a refused connection, so nothing
     * the replay left running (a probe shared by key across the file) outlives the test.
     */
    async drain(): Promise<void> {
      for (let round = 0; round < 20; round++) {
        await new Promise((resolve) => setTimeout(resolve, 0))
        if (parked.length === 0) return
        for (const p of parked.splice(0)) p.answer('network')
      }
    },
  }
}
