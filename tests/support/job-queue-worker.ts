/**
 * A process that runs the job queue and nothing else, for server/kernel/job-queue.test.ts's two-process test on
 * PostgreSQL: each run of a `proc` job is a row of job_queue_fixture_runs (started, finished). The worker named
 * "first" hangs on its fifth job, holding it, so the test can kill the process mid-run.
 */
import { sql } from 'drizzle-orm'
import { openDatabase } from '../../server/db/client'
import { JobRunner } from '../../server/kernel/job-queue'

const url = process.env.WORKER_DB_URL
const name = process.env.WORKER_NAME ?? 'worker'
if (!url) throw new Error('WORKER_DB_URL is required')
const database = await openDatabase({ databaseUrl: url })
// a lease a busy two-core CI machine can keep extending (a heartbeat every third of it): with 1.5 s a stalled heartbeat
// let the other process take a job still running, which at-least-once delivery allows but this test counts as a fault
const runner = new JobRunner(database.db, { pollMs: 10, leaseMs: 5000 })
let runs = 0
runner.register(
  'proc',
  async (job) => {
    const n = ++runs
    const started = await database.db.execute<{ id: number }>(sql`insert into job_queue_fixture_runs (job_id, worker) values (${job.id}, ${name}) returning id`)
    if (name === 'first' && n === 5) await new Promise(() => {})
    await new Promise((r) => setTimeout(r, 5 + (job.id % 7)))
    await database.db.execute(sql`update job_queue_fixture_runs set finished_at = clock_timestamp() where id = ${started.rows[0].id}`)
  },
  { concurrency: 2 },
)
runner.start()
process.on('SIGTERM', () => {
  void runner
    .stop()
    .then(() => database.close())
    .then(() => process.exit(0))
})
