import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { FLOW_BATCH_MAX, bucketMs, bucketOf } from '../../../contracts/flows/flows.rules'
import { catalogueEntry } from '../../../machines/flows/catalogue'
import { initialStateText, machineVocabulary, replayCase, sequenceKey, walkedSequenceKeys } from '../../../machines/flows/lived'
import type { ReplayCase } from '../../../machines/flows/lived'
import { createTestApp, type TestApp } from '../../../tests/support/test-app'
import { databaseKinds } from '../../../tests/support/test-db'

const kinds = await databaseKinds()

/** a small deterministic generator: the property runs the same on every machine */
function random(seed: number) {
  let s = seed >>> 0
  const next = () => ((s = (s * 1_664_525 + 1_013_904_223) >>> 0) / 2 ** 32)
  return { next, pick: <T,>(xs: readonly T[]) => xs[Math.floor(next() * xs.length)], int: (n: number) => Math.floor(next() * n) }
}

const today = () => new Date().toISOString().slice(0, 10)
const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000)

type T = { machine: string; from: string; event: string; to: string; ms_in_state: number; screen: string; app_version: string; session: string; at: string }

/** the stats a full recomputation over the raw transitions gives (nearest-rank percentile on the same buckets) */
function recompute(events: T[]) {
  const byKey = new Map<string, number[]>()
  const byState = new Map<string, number[]>()
  for (const e of events) {
    const k = JSON.stringify([e.from, e.event, e.to])
    byKey.set(k, [...(byKey.get(k) ?? []), e.ms_in_state])
    byState.set(e.from, [...(byState.get(e.from) ?? []), e.ms_in_state])
  }
  const pct = (values: number[], q: number) => {
    const sorted = [...values].sort((a, b) => a - b)
    return bucketMs(bucketOf(sorted[Math.max(0, Math.ceil(q * sorted.length) - 1)]))
  }
  const fig = (v: number[]) => ({ count: v.length, p50_ms: pct(v, 0.5), p90_ms: pct(v, 0.9) })
  return {
    transitions: [...byKey.entries()].map(([k, v]) => {
      const [from, event, to] = JSON.parse(k) as string[]
      return { from, event, to, ...fig(v), total_ms: v.reduce((a, b) => a + b, 0) }
    }),
    states: [...byState.entries()].map(([state, v]) => ({ state, ...fig(v) })),
  }
}

const sortBy = <X,>(xs: X[]) => [...xs].sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)))

/** docs/requirements.md §22.2 */
describe.each(kinds)('flows as lived on %s', (kind) => {
  let t: TestApp
  let supervisor: string
  let operator: string
  let admin: string
  let acmeAdmin: string
  let acmeOperator: string
  const move = catalogueEntry('move')!
  const vocabulary = machineVocabulary(move.model.machine)
  const states = [...vocabulary.states]
  const events = [...vocabulary.events]

  beforeAll(async () => {
    t = await createTestApp(kind, { stock: 0, products: 5, locations: 5 })
    ;[supervisor, operator, admin, acmeAdmin, acmeOperator] = await Promise.all(['supervisor', 'operator', 'admin', 'acme.admin', 'acme.operator'].map(async (u) => (await t.login(u)).access))
  })
  afterAll(async () => {
    await t?.close()
  })

  const post = (token: string, payload: unknown) => t.as(token, { method: 'POST', url: '/api/flows/events/', payload: payload as object })
  const get = (token: string, url: string) => t.as(token, { method: 'GET', url: `/api${url}` })
  const transition = (r: ReturnType<typeof random>, day: number): T => ({
    machine: 'move',
    from: r.pick(states),
    event: r.pick(events),
    to: r.pick(states),
    // from instants to hours: every bucket gets some
    ms_in_state: Math.floor(2 ** (r.next() * 24)),
    screen: '/m/move',
    app_version: 'test',
    session: `s${r.int(1e9).toString(36).padStart(8, '0')}`,
    at: daysAgo(day).toISOString(),
  })

  it('keeps stats equal to a recomputation over the same random events, for the company that sent them only', async () => {
    const sent: T[] = []
    for (const seed of [1, 2, 3]) {
      const r = random(seed * 7919)
      // several batches over several days; some transitions repeated so groups merge across batches
      for (let b = 0; b < 4; b++) {
        const batch = Array.from({ length: 1 + r.int(60) }, () => transition(r, r.int(5)))
        if (sent.length) batch.push({ ...r.pick(sent), at: daysAgo(0).toISOString() })
        const res = await post(r.next() < 0.5 ? operator : supervisor, { transitions: batch })
        expect(res.statusCode, res.body).toBe(202)
        sent.push(...batch)
      }
      const res = await get(supervisor, `/flows/stats/?machine=move&from=${daysAgo(6).toISOString().slice(0, 10)}&to=${today()}`)
      expect(res.statusCode, res.body).toBe(200)
      const stats = res.json()
      const expected = recompute(sent)
      expect(sortBy(stats.transitions)).toEqual(sortBy(expected.transitions))
      expect(sortBy(stats.states)).toEqual(sortBy(expected.states))
    }
    // a range of one day holds that day's events only
    const yesterday = daysAgo(1).toISOString().slice(0, 10)
    const one = (await get(admin, `/flows/stats/?machine=move&from=${yesterday}&to=${yesterday}`)).json()
    expect(sortBy(one.transitions)).toEqual(sortBy(recompute(sent.filter((e) => e.at.slice(0, 10) === yesterday)).transitions))
    // another company's admin sees none of it; an operator may not read stats at all
    const other = await get(acmeAdmin, `/flows/stats/?machine=move&from=${daysAgo(6).toISOString().slice(0, 10)}&to=${today()}`)
    expect(other.statusCode).toBe(200)
    expect(other.json().transitions).toEqual([])
    expect((await get(operator, '/flows/stats/?machine=move')).statusCode).toBe(403)
    expect((await get(acmeOperator, '/flows/untested/?machine=move')).statusCode).toBe(403)
  })

  it('refuses a malformed, oversized or unknown batch with a 400, counts it and stores nothing', async () => {
    const r = random(99)
    const good = transition(r, 0)
    const before = (await get(supervisor, `/flows/stats/?machine=move&from=${today()}&to=${today()}`)).json()
    const bad: Array<[unknown, string]> = [
      [{ transitions: [{ ...good, machine: 'noSuchMachine' }] }, 'transitions.0.machine'],
      [{ transitions: [good, { ...good, from: 'noSuchState' }] }, 'transitions.1.from'],
      [{ transitions: [{ ...good, event: 'NO_SUCH_EVENT' }] }, 'transitions.0.event'],
      [{ transitions: [{ ...good, at: new Date(Date.now() + 3 * 86_400_000).toISOString() }] }, 'transitions.0.at'],
      // a payload, a code or a quantity has no place in a transition
      [{ transitions: [{ ...good, payload: { code: 'ABC', qty: 3 } }] }, 'transitions.0'],
      [{ transitions: [{ ...good, ms_in_state: -1 }] }, 'transitions.0.ms_in_state'],
      [{ transitions: Array.from({ length: FLOW_BATCH_MAX + 1 }, () => good) }, 'transitions'],
      [{ endings: [{ machine: 'move', state: states[0], finished: false, steps: [{ event: events[0], state: 'nowhere' }], screen: '/m/move', app_version: 't', session: 'abcdefgh', at: good.at }] }, 'endings.0.steps.0.state'],
      [[1, 2], 'non_field_errors'],
    ]
    for (const [payload, field] of bad) {
      const res = await post(operator, payload)
      expect(res.statusCode, JSON.stringify(payload).slice(0, 200)).toBe(400)
      expect(Object.keys(res.json()).join(','), res.body).toContain(field)
    }
    const after = (await get(supervisor, `/flows/stats/?machine=move&from=${today()}&to=${today()}`)).json()
    expect(after.transitions).toEqual(before.transitions)
    expect(after.rejected - before.rejected).toBe(bad.length)
    // another company's counter is its own
    expect((await get(acmeAdmin, `/flows/stats/?machine=move&from=${today()}&to=${today()}`)).json().rejected).toBe(0)
    expect((await get(supervisor, '/flows/stats/?machine=noSuchMachine')).statusCode).toBe(400)
  })

  it('lists the sequences no test walks, most frequent first, each with a replay case that runs on the machine', async () => {
    const walked = walkedSequenceKeys(move)
    const tested = (JSON.parse([...walked].sort((a, b) => b.length - a.length)[0]) as Array<[string, string]>).map(([event, state]) => ({ event, state }))
    // an untested sequence: a walked one followed by a step back to where it was and onwards again
    const untested = [...tested, ...tested.slice(0, 1)]
    expect(walked.has(sequenceKey(untested))).toBe(false)
    const ending = (steps: typeof tested, session: string) => ({ machine: 'move', state: steps.at(-1)!.state, finished: false, steps, screen: '/m/move', app_version: 't', session, at: new Date().toISOString() })
    const res = await post(operator, { endings: [ending(untested, 'session01'), ending(untested, 'session02'), ending(tested, 'session03')] })
    expect(res.statusCode, res.body).toBe(202)
    const list = await get(supervisor, '/flows/untested/?machine=move')
    expect(list.statusCode, list.body).toBe(200)
    const body = list.json()
    expect(body.results.map((x: { steps: unknown }) => x.steps)).toEqual([untested])
    expect(body.results[0].count).toBe(2)
    const replay = body.results[0].replay as ReplayCase
    expect(replay).toMatchObject({ format: 'movatic.flow-replay/1', machine: 'move', initial: initialStateText(move), steps: untested })
    const ran = replayCase(move, replay)
    // the first step back from the end may need a stimulus the model has in that state: either it replays or it names the step
    if (!ran.ok) expect(ran.step).toBe(untested.length)
    // endings are counted per state
    const stats = (await get(supervisor, `/flows/stats/?machine=move&from=${today()}&to=${today()}`)).json()
    expect(stats.endings).toContainEqual({ state: untested.at(-1)!.state, finished: false, count: 2 })
    // another company's admin sees none of them
    expect((await get(acmeAdmin, '/flows/untested/?machine=move')).json().results).toEqual([])
  })

  it('stores nothing and answers 204 once an admin turns reporting off', async () => {
    expect((await t.as(supervisor, { method: 'PATCH', url: '/api/flows/settings/', payload: { reporting: false } })).statusCode).toBe(403)
    expect((await t.as(admin, { method: 'PATCH', url: '/api/flows/settings/', payload: { reporting: false } })).json()).toEqual({ reporting: false })
    const before = (await get(supervisor, `/flows/stats/?machine=move&from=${today()}&to=${today()}`)).json()
    const res = await post(operator, { transitions: [transition(random(5), 0)] })
    expect(res.statusCode).toBe(204)
    expect((await get(operator, '/flows/settings/')).json()).toEqual({ reporting: false })
    expect((await get(supervisor, `/flows/stats/?machine=move&from=${today()}&to=${today()}`)).json()).toEqual(before)
    // the other company still reports
    expect((await post(acmeOperator, { transitions: [transition(random(6), 0)] })).statusCode).toBe(202)
    await t.as(admin, { method: 'PATCH', url: '/api/flows/settings/', payload: { reporting: true } })
  })
})
