import { createFileRoute, useNavigate } from '@tanstack/react-router'
import { Trans } from '@lingui/react/macro'
import { PageHeader } from '../../../components/page-header'
import { listParamsOf, useListSearch, validateListSearch, type ListSearch } from '../../../lib/list-search'
import { jobCountsQueryOptions, jobsQueryOptions } from '../../../features/system/api/get-jobs'
import { JobsScreen } from '../../../features/system/components/jobs-screen'
import { JOB_STATES, type JobFilter, type JobState } from '../../../features/system/jobs-types'

type JobsSearch = ListSearch & JobFilter

/** The list params and the two filters a URL may carry (STYLE habit 17); anything malformed is dropped. */
function validateJobsSearch(raw: Record<string, unknown>): JobsSearch {
  const out: JobsSearch = validateListSearch(raw)
  if (typeof raw.kind === 'string' && raw.kind.trim() && raw.kind.length <= 64) out.kind = raw.kind.trim()
  if (typeof raw.state === 'string' && (JOB_STATES as readonly string[]).includes(raw.state)) out.state = raw.state as JobState
  return out
}

export const Route = createFileRoute('/_app/system/jobs')({
  validateSearch: validateJobsSearch,
  loaderDeps: ({ search }) => ({ params: listParamsOf(search), filter: { kind: search.kind, state: search.state } }),
  // the table and the counts show a failed load themselves (a non-admin is told on the screen), so a failure here must not replace the screen
  loader: ({ context, deps }) =>
    Promise.all([context.queryClient.ensureQueryData(jobsQueryOptions(deps.params, deps.filter)), context.queryClient.ensureQueryData(jobCountsQueryOptions())]).then(
      () => undefined,
      () => undefined,
    ),
  component: JobsRoute,
})

function JobsRoute() {
  const search = Route.useSearch()
  const list = useListSearch(search)
  const navigate = useNavigate()
  const filter: JobFilter = { kind: search.kind, state: search.state }
  const onFilterChange = (next: JobFilter) =>
    void navigate({ to: '.', search: (previous: JobsSearch) => ({ ...previous, kind: next.kind, state: next.state, page: undefined }) } as Parameters<typeof navigate>[0])
  return (
    <>
      <PageHeader
        title={<Trans>Fila de trabalhos</Trans>}
        description={<Trans>O trabalho que o servidor faz em segundo plano (etiquetas, e-mails, webhooks): o que está na fila, o que falhou e por quê.</Trans>}
      />
      <JobsScreen {...list} filter={filter} onFilterChange={onFilterChange} />
    </>
  )
}
