/**
 * The flows as they are lived (docs/requirements.md §22): the limits of a reported batch and the fixed log buckets
 * durations are kept in. Zod-free: the app and the server share it.
 */
/** at most this many transitions, and this many session endings, in one POST /api/flows/events/ */
export const FLOW_BATCH_MAX = 200
export const FLOW_ENDINGS_MAX = 50
/** a session's steps kept for "used but untested" (a longer session keeps its first steps and is marked cut) */
export const FLOW_STEPS_MAX = 100
/** distinct sequences kept per company and machine; beyond it only the known ones are counted */
export const FLOW_SEQUENCES_CAP = 1_000
/** the app sends at most one batch per this many ms per device */
export const FLOW_SEND_INTERVAL_MS = 10_000

/**
 * Durations in a state go into fixed log buckets: bucket 0 holds under 100 ms, bucket b (1..16) holds
 * [100·2^(b-1), 100·2^b) ms, bucket 17 everything from 100·2^16 ms (about 1 h 49 min). A percentile is read as the
 * upper bound of the bucket it falls in (the lower bound for the last), at most a factor of 2 off.
 */
export const FLOW_BUCKETS = 18
const BASE_MS = 100

export function bucketOf(ms: number): number {
  if (!(ms >= BASE_MS)) return 0
  return Math.min(FLOW_BUCKETS - 1, Math.floor(Math.log2(ms / BASE_MS)) + 1)
}

/** the duration a bucket stands for in percentiles */
export function bucketMs(bucket: number): number {
  return bucket >= FLOW_BUCKETS - 1 ? BASE_MS * 2 ** (FLOW_BUCKETS - 2) : BASE_MS * 2 ** bucket
}

/** the q-quantile (0..1) of a histogram (counts per bucket), in ms; null when it is empty */
export function histogramQuantile(counts: readonly number[], q: number): number | null {
  const total = counts.reduce((a, b) => a + b, 0)
  if (total === 0) return null
  let seen = 0
  for (let b = 0; b < counts.length; b++) {
    seen += counts[b] ?? 0
    if (seen >= q * total) return bucketMs(b)
  }
  return bucketMs(counts.length - 1)
}

/** a transition the stats list among the errors: a failed actor, or a move into a state named for a failure */
export const isErrorTransition = (event: string, to: string) => event.startsWith('xstate.error.') || /error|fail|refus|reject/i.test(to)
