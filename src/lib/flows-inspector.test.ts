import { describe, expect, it } from 'vitest'
import { assign, createActor, fromPromise, setup } from 'xstate'
import { createFlowsInspector, type FlowsMessage } from './flows-inspector'

const login = setup({
  types: { events: {} as { type: 'LOGIN'; username: string; password: string } | { type: 'RESET' }, context: {} as { access: string | null } },
  actors: { request: fromPromise<{ access: string }, { password: string }>(async () => ({ access: 'secret-token' })) },
}).createMachine({
  id: 'login',
  context: { access: null },
  initial: 'idle',
  states: {
    idle: { on: { LOGIN: 'sending' } },
    sending: {
      invoke: { src: 'request', input: ({ event }) => ({ password: (event as { password: string }).password }), onDone: { target: 'done', actions: assign({ access: ({ event }) => event.output.access }) } },
    },
    done: { on: { RESET: 'idle' } },
  },
})

function recorder() {
  const messages: FlowsMessage[] = []
  const inspect = createFlowsInspector({ postMessage: (m: FlowsMessage) => messages.push(m), close: () => {} })
  return { messages, inspect }
}

describe('flows inspector', () => {
  it('posts each machine snapshot: machine, event, value, states and transitions, secrets masked', async () => {
    const { messages, inspect } = recorder()
    const actor = createActor(login, { inspect }).start()
    actor.send({ type: 'LOGIN', username: 'ana', password: 'pw' })
    await new Promise((r) => setTimeout(r, 0))
    expect(messages.map((m) => [m.type, m.value])).toEqual([
      ['xstate.init', 'idle'],
      ['LOGIN', 'sending'],
      ['xstate.done.actor.0.login.sending', 'done'],
    ])
    expect(messages[1]).toMatchObject({
      machineId: 'login',
      sessionId: actor.sessionId,
      event: { type: 'LOGIN', username: 'ana', password: '•••' },
      states: ['login.sending'],
      transitions: ['login.idle on LOGIN #0'],
    })
    // the invoked promise's own snapshots are not machine snapshots: not posted
    expect(messages.every((m) => m.machineId === 'login')).toBe(true)
    // the output's token is masked, and no context travels
    expect(JSON.stringify(messages)).not.toContain('secret-token')
    expect(JSON.stringify(messages)).not.toContain('"pw"')
    actor.stop()
  })

  it('does nothing without a channel', () => {
    const inspect = createFlowsInspector(null)
    expect(() => createActor(login, { inspect }).start().send({ type: 'LOGIN', username: 'a', password: 'b' })).not.toThrow()
  })
})
