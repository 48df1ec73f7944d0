/**
 * The slotting speed case (tests/bench/slotting-velocity-bench.ts) alone on an already built PostgreSQL bench database,
 * without migrating it: `npx tsx tests/bench/slotting-velocity-probe.ts [--url=postgres://…/wms_bench] [--faces=5000]`.
 * `npm run bench` runs the same case on both databases' 1,000,000-line data sets.
 */
import { openDatabase } from '../../server/db/client'
import { benchSlottingVelocity } from './slotting-velocity-bench'

const args = process.argv.slice(2)
const arg = (name: string) => args.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3)
const URL_ = arg('url') ?? `${(process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres').replace(/\/[^/]*$/, '')}/wms_bench`

const database = await openDatabase({ databaseUrl: URL_ })
try {
  await benchSlottingVelocity(database, 'postgres', URL_.replace(/^.*@/, ''), Number(arg('faces') ?? 5000))
} finally {
  await database.close()
}
