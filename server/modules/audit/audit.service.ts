import { and, eq } from 'drizzle-orm'
import type { DbOrTx } from '../../db/client'
import { type AuditAction, auditLog } from '../../db/schema/audit'
import { users } from '../../db/schema/users'

export type AuditActor = { companyId: number; userId: number | null }
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
        entity: e.entity,
        entityId: e.entityId,
        action: e.action,
        changes: e.changes ?? {},
        note: e.note ?? '',
      })),
    )
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
