/** The job queue's admin view (ADR 0017): jobs by kind and state, retry and cancel. */
import { z } from 'zod'
import { id, listQuery, pageOf, timestampOut } from '../primitives'
import { JOB_KIND_MAX, JOB_STATES } from './jobs.rules'

export const jobOut = z.object({
  id,
  kind: z.string(),
  state: z.enum(JOB_STATES),
  /** null: installation-wide work (read-only to every admin, ADR 0017) */
  company_id: z.number().nullable(),
  attempts: z.number(),
  max_attempts: z.number(),
  run_at: timestampOut.describe('when a queued job is due'),
  order_key: z.string().nullable(),
  last_error: z.string().nullable(),
  created_at: timestampOut,
  started_at: timestampOut.nullable(),
  finished_at: timestampOut.nullable(),
})
export type Job = z.infer<typeof jobOut>

export const jobDetailOut = jobOut.extend({ payload: z.unknown() })
export type JobDetail = z.infer<typeof jobDetailOut>

export const jobListQuery = listQuery.extend({
  kind: z.string().trim().max(JOB_KIND_MAX).optional(),
  state: z.enum(JOB_STATES, { error: 'Select a valid choice.' }).optional(),
})

export const jobPage = pageOf(jobOut)
export type JobPage = z.infer<typeof jobPage>

/** Counts by kind and state, for the screen's summary. */
export const jobCountsOut = z.object({ results: z.array(z.object({ kind: z.string(), state: z.enum(JOB_STATES), count: z.number() })) })
export type JobCounts = z.infer<typeof jobCountsOut>
