/**
 * Where a running import's progress is kept, so that a poll sees it whichever server process it reaches (SPEC 12.8,
 * ADR 0012, ADR 0008).
 *
 * - PostgreSQL (N processes on one database): one row of `import_progress` per running import, upserted through the
 *   pool (its own connection, autocommitted), never through the import's transaction, which no one else sees until
 *   it commits. Writes are chained so they land in order, and the row is deleted once they have; a row not touched
 *   for STALE_MINUTES (its process died) is ignored, and removed when the next import starts.
 * - PGlite (one process by construction): in memory. The import's transaction holds the one connection, so a write
 *   outside it would wait for the import's end.
 */
import { and, eq, lt, sql } from 'drizzle-orm'
import type { Database, Db } from '../../db/client'
import { importProgress } from '../../db/schema/imports'
import type { ImportProgress } from '../../../contracts/master-data/import.contract'

/** A row older than this is an import whose process died (the longest step, the final index merge, takes seconds). */
export const STALE_MINUTES = 10

const STALE = sql.raw(`interval '${STALE_MINUTES} minutes'`)

type Owner = { companyId: number; userId: number }

export interface ProgressBoard {
  /** the import `id` of `owner` is this far (called often: returns at once, the write follows) */
  report(id: string, owner: Owner, progress: ImportProgress): void
  /** the import ended (either way): once its reports have landed, nobody reads it any more */
  end(id: string): Promise<void>
  /** how far `owner`'s import `id` is; null when it is not running, has ended, or is someone else's */
  read(id: string, owner: Owner): Promise<ImportProgress | null>
}

class MemoryBoard implements ProgressBoard {
  private readonly running = new Map<string, Owner & { progress: ImportProgress }>()
  report(id: string, owner: Owner, progress: ImportProgress): void {
    this.running.set(id, { ...owner, progress })
  }
  async end(id: string): Promise<void> {
    this.running.delete(id)
  }
  async read(id: string, owner: Owner): Promise<ImportProgress | null> {
    const entry = this.running.get(id)
    return entry && entry.userId === owner.userId && entry.companyId === owner.companyId ? entry.progress : null
  }
}

class TableBoard implements ProgressBoard {
  /** each import's chain of writes: a report waits for the one before, the end for all */
  private readonly chains = new Map<string, Promise<void>>()
  constructor(
    private readonly db: Db,
    private readonly warn: (message: string) => void,
  ) {}

  private chain(id: string, write: () => Promise<unknown>): Promise<void> {
    const next = (this.chains.get(id) ?? Promise.resolve()).then(write).then(
      () => undefined,
      (e: unknown) => this.warn(`import progress ${id}: ${e instanceof Error ? e.message : String(e)}`),
    )
    this.chains.set(id, next)
    return next
  }

  report(id: string, owner: Owner, progress: ImportProgress): void {
    const fresh = !this.chains.has(id)
    if (fresh) void this.chain(id, () => this.db.delete(importProgress).where(lt(importProgress.updatedAt, sql`now() - ${STALE}`)))
    const row = { phase: progress.phase, done: progress.done, total: progress.total, updatedAt: sql`now()` }
    void this.chain(id, () =>
      this.db
        .insert(importProgress)
        .values({ id, companyId: owner.companyId, userId: owner.userId, ...row })
        .onConflictDoUpdate({ target: importProgress.id, set: row }),
    )
  }

  async end(id: string): Promise<void> {
    if (!this.chains.has(id)) return
    await this.chain(id, () => this.db.delete(importProgress).where(eq(importProgress.id, id)))
    this.chains.delete(id)
  }

  async read(id: string, owner: Owner): Promise<ImportProgress | null> {
    const [row] = await this.db
      .select({ phase: importProgress.phase, done: importProgress.done, total: importProgress.total })
      .from(importProgress)
      .where(
        and(
          eq(importProgress.id, id),
          eq(importProgress.userId, owner.userId),
          eq(importProgress.companyId, owner.companyId),
          sql`${importProgress.updatedAt} > now() - ${STALE}`,
        ),
      )
    return row ?? null
  }
}

export function progressBoard(database: Database, warn: (message: string) => void): ProgressBoard {
  return database.kind === 'postgres' ? new TableBoard(database.db, warn) : new MemoryBoard()
}
