/**
 * The indicators' appended rows folded into the hourly rollups (docs/requirements.md §21.1, ADR 0024). The work's
 * triggers append to analytics_deltas, so a command never waits for another on a shared counter row; reads fold their
 * company's rows first (foldRollups), so a figure is exact the moment the work committed, and each server process
 * folds everything every few seconds so the table stays small when nobody reads. A fold is one idempotent statement
 * under an advisory lock: any process may run it at any time, which is why it is a timer and not a job of the queue
 * (ADR 0017): there is nothing to retry, order or keep.
 */
import { sql } from 'drizzle-orm'
import type { Db, DbOrTx } from '../../db/client'

/** Fold the company's appended rows (every company's, given null) into the hourly rollups; how many rows it wrote. */
export async function foldRollups(db: DbOrTx, companyId: number | null): Promise<number> {
  const r = await db.execute<{ folded: number }>(sql`select wms_analytics_fold(${companyId}::int) as folded`)
  return Number(r.rows[0]?.folded ?? 0)
}

export class RollupFolder {
  private timer: NodeJS.Timeout | undefined
  private running: Promise<unknown> | undefined

  constructor(
    private readonly db: Db,
    private readonly opts: { everyMs?: number; log?: { warn: (msg: string) => void } } = {},
  ) {}

  start(): void {
    if (this.timer) return
    this.timer = setInterval(() => this.tick(), this.opts.everyMs ?? 10_000)
    this.timer.unref()
  }

  private tick(): void {
    if (this.running) return
    this.running = foldRollups(this.db, null)
      .catch((err: unknown) => this.opts.log?.warn(`indicators: folding the appended rows failed: ${err instanceof Error ? err.message : String(err)}`))
      .finally(() => {
        this.running = undefined
      })
  }

  async stop(): Promise<void> {
    clearInterval(this.timer)
    this.timer = undefined
    await this.running
  }
}
