/**
 * The flows as they are lived (docs/requirements.md §22): batches of transitions the app's machine actors report,
 * checked against this build's machines and kept as per-day rollups (counts and duration histograms per transition,
 * session endings, distinct step sequences), never as raw events; read back as statistics and as the sequences no
 * test walks. The only writer of the flow_* tables (ADR 0009).
 */
import { createHash } from 'node:crypto'
import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { and, between, count, desc, eq, sql } from 'drizzle-orm'
import type { FlowEventsIn, FlowStats, FlowUntested } from '../../../contracts/flows/flows.contract'
import { FLOW_BUCKETS, FLOW_SEQUENCES_CAP, bucketOf, histogramQuantile, isErrorTransition } from '../../../contracts/flows/flows.rules'
import { catalogueEntry } from '../../../machines/flows/catalogue'
import type { CatalogueEntry } from '../../../machines/flows/catalogue'
import type { FlowReport } from '../../../machines/flows/flow-report'
import { changingSteps, initialStateText, machineVocabulary, prefixSequenceKeys, sequenceKey, walkedSequenceKeys } from '../../../machines/flows/lived'
import type { LivedStep } from '../../../machines/flows/lived'
import type { DbOrTx } from '../../db/client'
import { flowRejections, flowSequences, flowSessionEnds, flowSettings, flowTransitionDays } from '../../db/schema/flows'
import { ApiError, fieldError } from '../../http/errors'

type Batch = Required<Pick<FlowEventsIn, 'transitions' | 'endings'>> & FlowEventsIn

const DAY_MS = 86_400_000

/** Whether the company's app reports its transitions (on unless an admin turned it off). */
export async function flowReporting(db: DbOrTx, companyId: number): Promise<boolean> {
  const [row] = await db.select({ reporting: flowSettings.reporting }).from(flowSettings).where(eq(flowSettings.companyId, companyId))
  return row?.reporting ?? true
}

export async function setFlowReporting(db: DbOrTx, actor: { companyId: number; userId: number }, reporting: boolean): Promise<{ reporting: boolean }> {
  await db
    .insert(flowSettings)
    .values({ companyId: actor.companyId, reporting, updatedBy: actor.userId })
    .onConflictDoUpdate({ target: flowSettings.companyId, set: { reporting, updatedBy: actor.userId, updatedAt: sql`now()` } })
  return { reporting }
}

/** A refused batch, counted per company, day and reason; never stored. */
export async function countRejection(db: DbOrTx, companyId: number, reason: string): Promise<void> {
  await db
    .insert(flowRejections)
    .values({ companyId, day: new Date().toISOString().slice(0, 10), reason, count: 1 })
    .onConflictDoUpdate({ target: [flowRejections.companyId, flowRejections.day, flowRejections.reason], set: { count: sql.raw('flow_rejections.count + 1') } })
}

/** A batch's words against this build's machines: the first problem as a DRF field error with its reason. */
export function checkBatch(batch: Batch, now = Date.now()): { reason: string; error: ApiError } | null {
  const machineOf = (field: string, id: string) => {
    const entry = catalogueEntry(id)
    if (!entry) throw { reason: 'unknown_machine', error: fieldError(field, `Machine "${id}" does not exist in this build.`) }
    return machineVocabulary(entry.model.machine)
  }
  const stateOf = (field: string, id: string, vocabulary: ReturnType<typeof machineVocabulary>, state: string) => {
    if (!vocabulary.states.has(state)) throw { reason: 'unknown_state', error: fieldError(field, `State "${state}" does not exist in machine ${id} of this build.`) }
  }
  const eventOf = (field: string, id: string, vocabulary: ReturnType<typeof machineVocabulary>, event: string) => {
    if (!vocabulary.anyEvent && !vocabulary.events.has(event)) throw { reason: 'unknown_event', error: fieldError(field, `No transition of machine ${id} takes event "${event}" in this build.`) }
  }
  const atOf = (field: string, at: string) => {
    const t = Date.parse(at)
    if (t < now - 35 * DAY_MS || t > now + DAY_MS) throw { reason: 'out_of_range', error: fieldError(field, "This time is more than 35 days before or 1 day after the server's.") }
  }
  try {
    batch.transitions.forEach((t, i) => {
      const v = machineOf(`transitions.${i}.machine`, t.machine)
      stateOf(`transitions.${i}.from`, t.machine, v, t.from)
      stateOf(`transitions.${i}.to`, t.machine, v, t.to)
      eventOf(`transitions.${i}.event`, t.machine, v, t.event)
      atOf(`transitions.${i}.at`, t.at)
    })
    batch.endings.forEach((e, i) => {
      const v = machineOf(`endings.${i}.machine`, e.machine)
      stateOf(`endings.${i}.state`, e.machine, v, e.state)
      e.steps.forEach((s, j) => {
        stateOf(`endings.${i}.steps.${j}.state`, e.machine, v, s.state)
        eventOf(`endings.${i}.steps.${j}.event`, e.machine, v, s.event)
      })
      atOf(`endings.${i}.at`, e.at)
    })
  } catch (problem) {
    if (problem && typeof problem === 'object' && 'reason' in problem) return problem as { reason: string; error: ApiError }
    throw problem
  }
  return null
}

const dayOf = (at: string) => new Date(Date.parse(at)).toISOString().slice(0, 10)
const hashOf = (steps: LivedStep[]) => createHash('sha256').update(sequenceKey(steps)).digest('hex')

/** Adds a checked batch to the rollups, in one transaction. */
export async function recordBatch(db: DbOrTx, companyId: number, batch: Batch): Promise<{ transitions: number; endings: number }> {
  const groups = new Map<string, { machine: string; day: string; fromState: string; event: string; toState: string; bucket: number; count: number; totalMs: number }>()
  for (const t of batch.transitions) {
    const row = { machine: t.machine, day: dayOf(t.at), fromState: t.from, event: t.event, toState: t.to, bucket: bucketOf(t.ms_in_state) }
    const key = JSON.stringify(row)
    const group = groups.get(key) ?? { ...row, count: 0, totalMs: 0 }
    group.count++
    group.totalMs += t.ms_in_state
    groups.set(key, group)
  }
  const ends = new Map<string, { machine: string; day: string; state: string; finished: boolean; count: number }>()
  for (const e of batch.endings) {
    const row = { machine: e.machine, day: dayOf(e.at), state: e.state, finished: e.finished }
    const key = JSON.stringify(row)
    ends.set(key, { ...row, count: (ends.get(key)?.count ?? 0) + 1 })
  }
  await db.transaction(async (tx) => {
    if (groups.size) {
      await tx
        .insert(flowTransitionDays)
        .values([...groups.values()].map((g) => ({ companyId, ...g })))
        .onConflictDoUpdate({
          target: [flowTransitionDays.companyId, flowTransitionDays.machine, flowTransitionDays.day, flowTransitionDays.fromState, flowTransitionDays.event, flowTransitionDays.toState, flowTransitionDays.bucket],
          set: { count: sql.raw('flow_transition_days.count + excluded.count'), totalMs: sql.raw('flow_transition_days.total_ms + excluded.total_ms') },
        })
    }
    if (ends.size) {
      await tx
        .insert(flowSessionEnds)
        .values([...ends.values()].map((e) => ({ companyId, ...e })))
        .onConflictDoUpdate({
          target: [flowSessionEnds.companyId, flowSessionEnds.machine, flowSessionEnds.day, flowSessionEnds.state, flowSessionEnds.finished],
          set: { count: sql.raw('flow_session_ends.count + excluded.count') },
        })
    }
    for (const e of batch.endings) await recordSequence(tx, companyId, e.machine, changingSteps(initialStateText(catalogueEntry(e.machine)!), e.steps))
  })
  return { transitions: batch.transitions.length, endings: batch.endings.length }
}

/** One more session that took `steps`: a known sequence counts once more; a new one is kept while under the cap. */
async function recordSequence(tx: DbOrTx, companyId: number, machine: string, steps: LivedStep[]): Promise<void> {
  const key = hashOf(steps)
  const where = and(eq(flowSequences.companyId, companyId), eq(flowSequences.machine, machine), eq(flowSequences.key, key))
  const updated = await tx.update(flowSequences).set({ count: sql.raw('flow_sequences.count + 1'), lastSeen: sql`now()` }).where(where).returning({ key: flowSequences.key })
  if (updated.length) return
  const [{ n }] = await tx.select({ n: count() }).from(flowSequences).where(and(eq(flowSequences.companyId, companyId), eq(flowSequences.machine, machine)))
  if (n >= FLOW_SEQUENCES_CAP) return
  await tx
    .insert(flowSequences)
    .values({ companyId, machine, key, steps: steps.map((s) => ({ event: s.event, state: s.state })), count: 1 })
    .onConflictDoUpdate({ target: [flowSequences.companyId, flowSequences.machine, flowSequences.key], set: { count: sql.raw('flow_sequences.count + 1') } })
}

/** The stats of one machine over [from, to] (days, inclusive), read from the rollups alone. */
export async function flowStats(db: DbOrTx, companyId: number, machine: string, from: string, to: string): Promise<FlowStats> {
  const rows = await db
    .select({ from: flowTransitionDays.fromState, event: flowTransitionDays.event, to: flowTransitionDays.toState, bucket: flowTransitionDays.bucket, count: sql<number>`sum(${flowTransitionDays.count})::int`, totalMs: sql<number>`sum(${flowTransitionDays.totalMs})::float8` })
    .from(flowTransitionDays)
    .where(and(eq(flowTransitionDays.companyId, companyId), eq(flowTransitionDays.machine, machine), between(flowTransitionDays.day, from, to)))
    .groupBy(flowTransitionDays.fromState, flowTransitionDays.event, flowTransitionDays.toState, flowTransitionDays.bucket)
  const transitions = new Map<string, { from: string; event: string; to: string; histogram: number[]; total_ms: number }>()
  const states = new Map<string, number[]>()
  for (const r of rows) {
    const key = JSON.stringify([r.from, r.event, r.to])
    const t = transitions.get(key) ?? { from: r.from, event: r.event, to: r.to, histogram: new Array<number>(FLOW_BUCKETS).fill(0), total_ms: 0 }
    t.histogram[r.bucket] += Number(r.count)
    t.total_ms += Number(r.totalMs)
    transitions.set(key, t)
    const s = states.get(r.from) ?? new Array<number>(FLOW_BUCKETS).fill(0)
    s[r.bucket] += Number(r.count)
    states.set(r.from, s)
  }
  const figures = (h: number[]) => ({ count: h.reduce((a, b) => a + b, 0), p50_ms: histogramQuantile(h, 0.5), p90_ms: histogramQuantile(h, 0.9) })
  const byCount = <T extends { count: number }>(a: T, b: T) => b.count - a.count
  const list = [...transitions.values()].map((t) => ({ from: t.from, event: t.event, to: t.to, ...figures(t.histogram), total_ms: t.total_ms })).sort(byCount)
  const endings = await db
    .select({ state: flowSessionEnds.state, finished: flowSessionEnds.finished, count: sql<number>`sum(${flowSessionEnds.count})::int` })
    .from(flowSessionEnds)
    .where(and(eq(flowSessionEnds.companyId, companyId), eq(flowSessionEnds.machine, machine), between(flowSessionEnds.day, from, to)))
    .groupBy(flowSessionEnds.state, flowSessionEnds.finished)
  const [rejected] = await db
    .select({ n: sql<number>`coalesce(sum(${flowRejections.count}), 0)::int` })
    .from(flowRejections)
    .where(and(eq(flowRejections.companyId, companyId), between(flowRejections.day, from, to)))
  return {
    machine,
    from,
    to,
    transitions: list,
    states: [...states.entries()].map(([state, h]) => ({ state, ...figures(h) })).sort(byCount),
    endings: endings.map((e) => ({ state: e.state, finished: e.finished, count: Number(e.count) })).sort(byCount),
    errors: list.filter((t) => isErrorTransition(t.event, t.to)).map(({ from: f, event, to: t, count: n }) => ({ from: f, event, to: t, count: n })),
    rejected: Number(rejected?.n ?? 0),
  }
}

/**
 * The keys of the sequences the tests walk: from the build's report when the server serves a build that has it
 * (tooling/flows-coverage.ts, docs/requirements.md §22.1), else generated here once per machine.
 */
function walkedKeys(entry: CatalogueEntry, staticDir: string | undefined): Set<string> {
  const file = staticDir ? path.join(staticDir, 'flows-coverage', `${entry.id}.json`) : undefined
  if (file && existsSync(file)) {
    try {
      const report = JSON.parse(readFileSync(file, 'utf8')) as FlowReport
      const keys = new Set<string>([sequenceKey([])])
      const initial = initialStateText(entry)
      for (const p of [...report.shortest, ...(report.simple.bounded ? report.simple.paths : [])]) if (p.walked) prefixSequenceKeys(initial, p.steps, keys)
      return keys
    } catch {
      // a build being swapped in: generate instead
    }
  }
  return walkedSequenceKeys(entry)
}

const UNTESTED_LIMIT = 100

/** The sequences operators took that no test walks, most frequent first, each with its replay case (ADR 0007). */
export async function flowUntested(db: DbOrTx, companyId: number, machine: string, staticDir?: string): Promise<FlowUntested> {
  const entry = catalogueEntry(machine)
  if (!entry) throw fieldError('machine', `Machine "${machine}" does not exist in this build.`)
  const rows = await db
    .select({ steps: flowSequences.steps, count: flowSequences.count, lastSeen: flowSequences.lastSeen })
    .from(flowSequences)
    .where(and(eq(flowSequences.companyId, companyId), eq(flowSequences.machine, machine)))
    .orderBy(desc(flowSequences.count), desc(flowSequences.lastSeen))
  const walked = walkedKeys(entry, staticDir)
  const initial = initialStateText(entry)
  const results = rows
    .filter((r) => !walked.has(sequenceKey(r.steps)))
    .slice(0, UNTESTED_LIMIT)
    .map((r) => ({
      steps: r.steps,
      count: r.count,
      last_seen: r.lastSeen.toISOString(),
      replay: { format: 'movatic.flow-replay/1' as const, machine, initial, steps: r.steps, count: r.count },
    }))
  return { machine, sequences: rows.length, results }
}
