/**
 * The outbox's property (SPEC 11.9): over random sequences of commands from two devices, network drops, page
 * reloads (the sender stopped and the database closed mid-flight, then reopened) and server restarts (a request
 * lost before it is applied, or applied with its answer lost), once the network is back every command is applied
 * exactly once or refused with the server's reason (and reported once to supervisors), in sequence order per device.
 * Most commands go in batches (a run of consecutive ones in one request, applied in order), some alone (a kind
 * that is not one request): a batch's answer can be lost after the server applied part of it or all of it, a
 * command in the middle can meet a 5xx (the batch stops there), and the server can answer only the first ones
 * (its time for the batch ran out).
 */
import 'fake-indexeddb/auto'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { OutboxDb, allCommands, countInState, enqueueCommand, type OutboxCommand } from './outbox-db'
import { startOutboxSender, type BatchAnswer, type OutboxSender, type OutboxTransport } from './outbox-sender'

/**
 * What happens to the next request. A batch's own: 'lost-middle' (the first half applied, then the connection
 * drops), 'stop-500' (the middle command meets a 5xx: the batch stops after it), 'partial' (the server answers the
 * first half only). A single request meets those as 'lost-after', '500' and 'ok'.
 */
type Fate = 'ok' | 'lost-before' | 'lost-after' | '500' | 'lost-middle' | 'stop-500' | 'partial'

/** the kind that goes alone (a lookup then a move), as stock.move-qty does */
const ALONE = 'stock.move-qty'

/** A server with a durable command_id table, like the inventory's: a repeat gets the first answer, never a second effect. */
class FakeServer {
  reachable = true
  fates: Fate[] = []
  answers = new Map<string, { ok: true; result: unknown } | { ok: false; reason: string }>()
  /** the effects in the order they were applied */
  effects: { device: string; seq: number; command_id: string }[] = []
  received = new Set<string>()
  exceptions = new Map<string, number>()

  async handle(command: OutboxCommand): Promise<unknown> {
    await new Promise((r) => setTimeout(r, 0))
    if (!this.reachable) throw { status: 0, message: 'Failed to fetch' }
    this.received.add(command.command_id)
    const shifted = this.fates.shift() ?? 'ok'
    const fate = shifted === 'lost-middle' ? 'lost-after' : shifted === 'stop-500' ? '500' : shifted === 'partial' ? 'ok' : shifted
    if (fate === 'lost-before') throw { status: 0, message: 'connection reset' }
    if (fate === '500') throw { status: 500, message: 'Internal Server Error' }
    const answer = this.apply(command)
    if (fate === 'lost-after') throw { status: 0, message: 'connection reset after commit' }
    if (!answer.ok) throw answer.error
    return answer.result
  }

  /** one command as the single route answers it, once per command_id */
  private apply(command: OutboxCommand): BatchAnswer {
    this.received.add(command.command_id)
    if (!this.answers.has(command.command_id)) {
      if ((command.payload as { refuse?: boolean }).refuse) {
        this.answers.set(command.command_id, { ok: false, reason: `O palete ${command.seq} já foi movido.` })
      } else {
        this.effects.push({ device: command.device, seq: command.seq, command_id: command.command_id })
        this.answers.set(command.command_id, { ok: true, result: { id: this.effects.length } })
      }
    }
    const answer = this.answers.get(command.command_id)!
    return answer.ok
      ? { command_id: command.command_id, ok: true, result: answer.result }
      : { command_id: command.command_id, ok: false, error: { status: 400, data: { detail: answer.reason }, message: answer.reason } }
  }

  batches = 0

  async handleBatch(commands: OutboxCommand[]): Promise<BatchAnswer[]> {
    await new Promise((r) => setTimeout(r, 0))
    if (!this.reachable) throw { status: 0, message: 'Failed to fetch' }
    if (commands.some((c) => c.kind === ALONE)) throw new Error('a command that goes alone was sent in a batch')
    this.batches++
    const fate = this.fates.shift() ?? 'ok'
    if (fate === 'lost-before') throw { status: 0, message: 'connection reset' }
    if (fate === '500') throw { status: 500, message: 'Internal Server Error' }
    const half = Math.ceil(commands.length / 2)
    const answers: BatchAnswer[] = []
    for (const [i, command] of commands.entries()) {
      if (fate === 'lost-middle' && i === half) throw { status: 0, message: 'connection reset in the middle of a batch' }
      if (fate === 'partial' && i === half) return answers
      if (fate === 'stop-500' && i === half - 1) {
        this.received.add(command.command_id)
        answers.push({ command_id: command.command_id, ok: false, error: { status: 503, message: 'Service Unavailable' } })
        return answers
      }
      answers.push(this.apply(command))
    }
    if (fate === 'lost-after') throw { status: 0, message: 'connection reset after commit' }
    return answers
  }

  async report(command: OutboxCommand): Promise<void> {
    await new Promise((r) => setTimeout(r, 0))
    if (!this.reachable) throw { status: 0, message: 'Failed to fetch' }
    // one exception task per command_id, however often it is reported
    if (!this.exceptions.has(command.command_id)) this.exceptions.set(command.command_id, this.exceptions.size + 1)
  }
}

type Op =
  | { op: 'enqueue'; device: number; refuse: boolean; alone?: boolean }
  | { op: 'drop' }
  | { op: 'restore' }
  | { op: 'restart'; fate: Fate }
  | { op: 'reload'; device: number }
  | { op: 'wait'; ms: number }

const opArb: fc.Arbitrary<Op> = fc.oneof(
  {
    weight: 5,
    arbitrary: fc.record({
      op: fc.constant('enqueue' as const),
      device: fc.integer({ min: 0, max: 1 }),
      refuse: fc.integer({ min: 0, max: 3 }).map((n) => n === 0),
      alone: fc.integer({ min: 0, max: 5 }).map((n) => n === 0),
    }),
  },
  { weight: 1, arbitrary: fc.constant({ op: 'drop' as const }) },
  { weight: 1, arbitrary: fc.constant({ op: 'restore' as const }) },
  { weight: 1, arbitrary: fc.record({ op: fc.constant('restart' as const), fate: fc.constantFrom<Fate>('lost-before', 'lost-after', '500', 'lost-middle', 'stop-500', 'partial') }) },
  { weight: 1, arbitrary: fc.record({ op: fc.constant('reload' as const), device: fc.integer({ min: 0, max: 1 }) }) },
  { weight: 2, arbitrary: fc.record({ op: fc.constant('wait' as const), ms: fc.integer({ min: 0, max: 8 }) }) },
)

let run = 0

async function scenario(ops: Op[]) {
  run++
  const server = new FakeServer()
  const transport: OutboxTransport = {
    send: (c) => server.handle(c),
    batchable: (c) => c.kind !== ALONE,
    sendBatch: (commands) => server.handleBatch(commands),
    reportRefusal: (c) => server.report(c),
  }
  const names = [`outbox-prop-${run}-a`, `outbox-prop-${run}-b`]
  const dbs = names.map((name) => new OutboxDb(name))
  const reasonOf = (e: unknown) => (e as { data?: { detail?: string } }).data?.detail ?? 'refused'
  const start = (i: number) =>
    startOutboxSender({ db: dbs[i]!, operator: 'ana', transport, reasonOf, baseDelayMs: 1, maxDelayMs: 4, online: server.reachable, batchSize: 4 })
  const senders: OutboxSender[] = [await start(0), await start(1)]
  const made: OutboxCommand[][] = [[], []]
  const refused = new Set<string>()

  for (const step of ops) {
    switch (step.op) {
      case 'enqueue': {
        const c = await enqueueCommand(dbs[step.device]!, { operator: 'ana', kind: step.alone ? ALONE : 'stock.move', payload: { refuse: step.refuse } })
        made[step.device]!.push(c)
        if (step.refuse) refused.add(c.command_id)
        await senders[step.device]!.refresh()
        break
      }
      case 'drop':
        server.reachable = false
        for (const s of senders) s.actor.send({ type: 'OFFLINE' })
        break
      case 'restore':
        server.reachable = true
        for (const s of senders) s.actor.send({ type: 'ONLINE' })
        break
      case 'restart':
        server.fates.push(step.fate)
        break
      case 'reload': {
        // the tab dies: the sender stops wherever it is, the database closes under it; then the page comes back
        senders[step.device]!.stop()
        dbs[step.device]!.close()
        dbs[step.device] = new OutboxDb(names[step.device])
        senders[step.device] = await start(step.device)
        break
      }
      case 'wait':
        await new Promise((r) => setTimeout(r, step.ms))
        break
    }
  }

  // the network is back for good
  server.reachable = true
  server.fates = []
  for (const s of senders) s.actor.send({ type: 'ONLINE' })
  const allAnswered = async () => {
    for (const db of dbs) if ((await countInState(db, 'pending')) > 0) return false
    return true
  }
  for (let i = 0; i < 400 && !(await allAnswered()); i++) await new Promise((r) => setTimeout(r, 5))
  expect(await allAnswered(), 'every command answered').toBe(true)

  for (const [d, commands] of made.entries()) {
    const device = commands[0]?.device
    // the device's sequence is 1..n without gaps, and its effects are in that order
    expect(commands.map((c) => c.seq)).toEqual(commands.map((_, i) => i + 1))
    const effects = server.effects.filter((e) => e.device === device)
    expect(effects.map((e) => e.seq)).toEqual(commands.filter((c) => !refused.has(c.command_id)).map((c) => c.seq))
    const rows = await allCommands(dbs[d]!)
    expect(rows.map((r) => r.command_id)).toEqual(commands.map((c) => c.command_id))
    for (const row of rows) {
      if (refused.has(row.command_id)) {
        expect(row.state).toBe('refused')
        expect(row.last_error).toBe(`O palete ${row.seq} já foi movido.`)
        expect(server.exceptions.has(row.command_id)).toBe(true)
      } else {
        expect(row.state).toBe('applied')
      }
    }
  }
  // exactly once: one effect per applied command, none for refused ones, nothing the devices did not make
  const ids = server.effects.map((e) => e.command_id)
  expect(new Set(ids).size).toBe(ids.length)
  expect(ids.filter((id) => refused.has(id))).toEqual([])
  const madeIds = new Set(made.flat().map((c) => c.command_id))
  expect([...server.received].every((id) => madeIds.has(id))).toBe(true)
  expect(server.effects.length + refused.size).toBe(madeIds.size)
  expect(server.exceptions.size).toBe(refused.size)

  for (const s of senders) s.stop()
  for (const db of dbs) db.close()
  return server
}

describe('outbox property', () => {
  it('every command is applied exactly once (or refused with its reason), in order per device, through drops, reloads and restarts', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(opArb, { minLength: 1, maxLength: 30 }), async (ops) => {
        await scenario(ops)
      }),
      { numRuns: 40 },
    )
  }, 120_000)

  it('a batch whose answer is lost after the server applied part of it, or all of it, is sent again: each command applied once, in order', async () => {
    const queued: Op[] = [{ op: 'drop' }, ...Array.from({ length: 7 }, (_, i): Op => ({ op: 'enqueue', device: 0, refuse: i === 2, alone: i === 5 }))]
    for (const fates of [['lost-middle'], ['lost-after'], ['stop-500', 'lost-middle'], ['partial', 'lost-middle', 'partial']] as Fate[][]) {
      const server = await scenario([...queued, ...fates.map((fate): Op => ({ op: 'restart', fate })), { op: 'restore' }, { op: 'wait', ms: 8 }])
      // 7 commands, one going alone, in runs of at most 4: more than one batch, whatever failed
      expect(server.batches, fates.join()).toBeGreaterThan(1)
    }
  })

  it('a command written before the tab died is sent by the next page', async () => {
    await scenario([
      { op: 'drop' },
      { op: 'enqueue', device: 0, refuse: false },
      { op: 'enqueue', device: 0, refuse: false },
      { op: 'reload', device: 0 },
      { op: 'restart', fate: 'lost-after' },
      { op: 'restore' },
      { op: 'wait', ms: 2 },
      { op: 'reload', device: 0 },
    ])
  })
})
