/**
 * Intake of documents from other systems (docs/requirements.md §7.1), shared by sales orders and inbound documents:
 * each document is answered on its own (created, unchanged, updated, refused), never all-or-nothing.
 *
 * Validate, then batch: every body is parsed and its references (partners, products, warehouses) are looked up for
 * the whole request at once; documents already known by their `external_id` are compared by a normalized
 * fingerprint (line order, "5" vs "5.000"); the new ones go in as multi-row INSERTs, the changed ones are updated one
 * by one, each in its own savepoint so a refusal leaves the others whole.
 */
import type { z } from 'zod'
import { withMessageCodes } from '../../contracts/errors/server-messages.rules'
import type { BulkIntakeItem } from '../../contracts/intake/intake.contract'
import type { DbOrTx } from '../db/client'
import type { AuthUser } from '../http/context'
import { addFieldError, ApiError, type FieldErrors } from '../http/errors'

/** A document known by its sender's id: the key (kind and external_id), its fingerprint and whether it may change. */
export type KnownDocument = { id: number; fingerprint: string }

/** What the request's one look-up of references answers: a body's field errors (or null), its fingerprint, its warehouse. */
export type IntakeRefs<B> = { check(body: B): FieldErrors | null; fingerprint(body: B): string; warehouseOf(body: B): number | null }

export interface IntakeAdapter<B extends { code: string; external_id?: string | null }> {
  schema: z.ZodType<B>
  /** Unique per company (and kind, for inbound documents): the key of the unique index. */
  key(body: B): string
  /** Look up every reference of every body at once; answers a checker giving a body's field errors (or null). */
  prepare(db: DbOrTx, user: AuthUser, bodies: B[]): Promise<IntakeRefs<B>>
  known(db: DbOrTx, user: AuthUser, bodies: B[]): Promise<Map<string, KnownDocument>>
  /** The codes among these that some document of the company already has. */
  takenCodes(db: DbOrTx, user: AuthUser, codes: string[]): Promise<Set<string>>
  codeTaken: string
  /** Replace a known document's content (throws 409 once work has started). */
  update(db: DbOrTx, user: AuthUser, id: number, body: B, refs: IntakeRefs<B>): Promise<void>
  /** Insert new documents in batches; answers the ids by key of those inserted (a racing duplicate is left out). */
  insert(db: DbOrTx, user: AuthUser, bodies: B[], refs: IntakeRefs<B>): Promise<Map<string, number>>
}

const DUPLICATE_IN_REQUEST = 'This external_id appears more than once in this request.'

/** Zod's issues as DRF field errors, a missing field being "This field is required." as everywhere else. */
export function zodFieldErrors(issues: readonly z.core.$ZodIssue[], input: unknown): FieldErrors {
  const out: FieldErrors = {}
  for (const issue of issues) {
    const path = issue.path.map(String)
    let cur: unknown = input
    for (const k of path) cur = cur !== null && typeof cur === 'object' ? (cur as Record<string, unknown>)[k] : undefined
    addFieldError(out, path.length ? path.join('.') : 'non_field_errors', path.length && cur === undefined ? 'This field is required.' : issue.message)
  }
  return out
}

const refused = (index: number, externalId: string | null, status: number, errors: Record<string, unknown>, id: number | null = null): BulkIntakeItem => ({
  index,
  external_id: externalId,
  result: 'refused',
  id,
  status,
  // ADR 0015: each item's messages carry their codes, as a whole error body would
  errors: withMessageCodes(errors),
})

/**
 * Take documents in: `requireExternalId` in bulk, where a document without one could never be answered again.
 * Runs in one transaction; the caller's single POST is the same path with one document.
 */
export async function intakeDocuments<B extends { code: string; external_id?: string | null }>(
  db: DbOrTx,
  user: AuthUser,
  adapter: IntakeAdapter<B>,
  items: unknown[],
): Promise<BulkIntakeItem[]> {
  return db.transaction(async (tx) => {
    const out: (BulkIntakeItem | undefined)[] = new Array(items.length)
    const parsed: { index: number; body: B }[] = []
    const seenKeys = new Set<string>()
    const seenCodes = new Set<string>()
    items.forEach((item, index) => {
      const r = adapter.schema.safeParse(item)
      const rawId = item !== null && typeof item === 'object' ? (item as Record<string, unknown>).external_id : undefined
      const externalId = typeof rawId === 'string' ? rawId.trim() : null
      if (!r.success) return void (out[index] = refused(index, externalId, 400, zodFieldErrors(r.error.issues, item)))
      const body = r.data
      if (!body.external_id) return void (out[index] = refused(index, null, 400, { external_id: ['This field is required.'] }))
      const key = adapter.key(body)
      if (seenKeys.has(key)) return void (out[index] = refused(index, body.external_id, 400, { external_id: [DUPLICATE_IN_REQUEST] }))
      seenKeys.add(key)
      parsed.push({ index, body })
    })

    const refs = await adapter.prepare(tx, user, parsed.map((p) => p.body))
    const valid = parsed.filter(({ index, body }) => {
      const errors = refs.check(body)
      if (errors) out[index] = refused(index, body.external_id ?? null, 400, errors)
      return !errors
    })
    const known = await adapter.known(tx, user, valid.map((p) => p.body))
    const fresh: { index: number; body: B }[] = []
    for (const p of valid) {
      const doc = known.get(adapter.key(p.body))
      const externalId = p.body.external_id ?? null
      if (!doc) {
        fresh.push(p)
        continue
      }
      if (doc.fingerprint === refs.fingerprint(p.body)) {
        out[p.index] = { index: p.index, external_id: externalId, result: 'unchanged', id: doc.id, status: 200, errors: null }
        continue
      }
      try {
        // a nested transaction is a savepoint: a refused update leaves the request's other documents whole
        await adapter.update(tx, user, doc.id, p.body, refs)
        out[p.index] = { index: p.index, external_id: externalId, result: 'updated', id: doc.id, status: 200, errors: null }
      } catch (e) {
        if (!(e instanceof ApiError) || e.statusCode >= 500) throw e
        out[p.index] = refused(p.index, externalId, e.statusCode, e.body, doc.id)
      }
    }

    // new documents: a code another document has (or an earlier one of this request) is refused on its field
    const taken = await adapter.takenCodes(tx, user, fresh.map((p) => p.body.code))
    // the code may be taken by this very document, committed by another request since it was looked up
    const late = taken.size ? await adapter.known(tx, user, fresh.filter((p) => taken.has(p.body.code)).map((p) => p.body)) : new Map<string, KnownDocument>()
    const insertable = fresh.filter(({ index, body }) => {
      const clash = taken.has(body.code) || seenCodes.has(body.code)
      seenCodes.add(body.code)
      const same = late.get(adapter.key(body))
      if (clash && same && same.fingerprint === refs.fingerprint(body)) out[index] = { index, external_id: body.external_id ?? null, result: 'unchanged', id: same.id, status: 200, errors: null }
      else if (clash) out[index] = refused(index, body.external_id ?? null, 400, { code: [adapter.codeTaken] })
      return !clash
    })
    const ids = insertable.length ? await adapter.insert(tx, user, insertable.map((p) => p.body), refs) : new Map<string, number>()
    // a document another request inserted meanwhile (the insert waited for it and skipped): answered as that one
    const missed = insertable.filter((p) => !ids.has(adapter.key(p.body)))
    const raced = missed.length ? await adapter.known(tx, user, missed.map((p) => p.body)) : new Map<string, KnownDocument>()
    for (const { index, body } of insertable) {
      const id = ids.get(adapter.key(body))
      const other = raced.get(adapter.key(body))
      out[index] = id
        ? { index, external_id: body.external_id ?? null, result: 'created', id, status: 201, errors: null }
        : other && other.fingerprint === refs.fingerprint(body)
          ? { index, external_id: body.external_id ?? null, result: 'unchanged', id: other.id, status: 200, errors: null }
          : refused(index, body.external_id ?? null, 409, { detail: 'A record with these values already exists.' })
    }
    return out as BulkIntakeItem[]
  })
}

/** The request's answer: the counts, then each document's. */
export function intakeSummary(results: BulkIntakeItem[]) {
  const count = (r: BulkIntakeItem['result']) => results.filter((x) => x.result === r).length
  return { created: count('created'), unchanged: count('unchanged'), updated: count('updated'), refused: count('refused'), results }
}

/** A single POST with an external_id answers as that document alone would: 201, 200, or its refusal. */
export function singleIntakeAnswer(result: BulkIntakeItem): { status: 200 | 201; id: number } {
  if (result.result === 'refused') {
    const { codes: _codes, code: _code, params: _params, ...body } = result.errors ?? {}
    throw new ApiError(result.status, body)
  }
  return { status: result.status === 201 ? 201 : 200, id: result.id as number }
}
