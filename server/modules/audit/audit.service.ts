import { and, eq, sql } from 'drizzle-orm'
import type { DbOrTx } from '../../db/client'
import { type AuditAction, auditLog } from '../../db/schema/audit'
import { users } from '../../db/schema/users'

/** `apiKeyId`: the API key the change was made with (ADR 0019), if any. */
export type AuditActor = { companyId: number; userId: number | null; apiKeyId?: number | null }
export type AuditEntry = { entity: string; entityId: number; action: AuditAction; changes?: Record<string, unknown>; note?: string }

/** `{field: [before, after]}` for each field whose value differs (compared as JSON). */
export function diffChanges(before: Record<string, unknown>, after: Record<string, unknown>): Record<string, [unknown, unknown]> {
  const out: Record<string, [unknown, unknown]> = {}
  for (const key of Object.keys(after)) {
    if (after[key] === undefined) continue
    if (JSON.stringify(before[key] ?? null) !== JSON.stringify(after[key] ?? null)) out[key] = [before[key] ?? null, after[key] ?? null]
  }
  return out
}

/** Record who did what to a record; call it in the transaction that makes the change. */
export async function recordAudit(db: DbOrTx, actor: AuditActor, entries: AuditEntry | AuditEntry[]): Promise<void> {
  const list = Array.isArray(entries) ? entries : [entries]
  if (list.length === 0) return
  // large imports write in chunks: one statement's parameters are limited (65,535)
  for (let i = 0; i < list.length; i += 5000) {
    await db.insert(auditLog).values(
      list.slice(i, i + 5000).map((e) => ({
        companyId: actor.companyId,
        userId: actor.userId,
        apiKeyId: actor.apiKeyId ?? null,
        entity: e.entity,
        entityId: e.entityId,
        action: e.action,
        changes: e.changes ?? {},
        note: e.note ?? '',
      })),
    )
  }
}

/**
 * Many entries at once (a CSV import's 50,000 rows), each still its own row of the record's history: the entries go
 * to the database as one JSON parameter per 10,000 and are unpacked there, rather than bound as 7 parameters a row
 * (SPEC 12.8: binding them cost an import of 50,000 products about a quarter of its time).
 */
export async function recordAuditMany(db: DbOrTx, actor: AuditActor, entries: AuditEntry[]): Promise<void> {
  for (let i = 0; i < entries.length; i += 10_000) {
    const part = entries.slice(i, i + 10_000).map((e) => ({ entity: e.entity, id: e.entityId, action: e.action, changes: e.changes ?? {}, note: e.note ?? '' }))
    await db.execute(sql`
      INSERT INTO ${auditLog} (company_id, user_id, api_key_id, entity, entity_id, action, changes, note)
      SELECT ${actor.companyId}::int, ${actor.userId}::int, ${actor.apiKeyId ?? null}::int, e->>'entity', (e->>'id')::int, e->>'action', e->'changes', e->>'note'
      FROM jsonb_array_elements(${JSON.stringify(part)}::jsonb) AS e`)
  }
}

export type AuditRow = { id: number; action: AuditAction; changes: Record<string, unknown>; note: string; user: string | null; createdAt: Date }

/** A record's history; the caller orders it (the route: newest first unless asked otherwise). */
export function auditHistory(db: DbOrTx, companyId: number, entity: string, entityId: number) {
  return db
    .select({ id: auditLog.id, action: auditLog.action, changes: auditLog.changes, note: auditLog.note, user: users.username, createdAt: auditLog.createdAt })
    .from(auditLog)
    .leftJoin(users, eq(users.id, auditLog.userId))
    .where(and(eq(auditLog.companyId, companyId), eq(auditLog.entity, entity), eq(auditLog.entityId, entityId)))
    .$dynamic()
}
