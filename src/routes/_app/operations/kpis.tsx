import { useCallback } from 'react'
import { createFileRoute, useNavigate } from '@tanstack/react-router'
import { Trans } from '@lingui/react/macro'
import { PageHeader } from '../../../components/page-header'
import { KpisPage } from '../../../features/analytics/components/kpis-page'
import { kpisQueryOptions } from '../../../features/analytics/api/get-kpis'
import { kpiRange, validateKpiSearch, type KpiSearch } from '../../../features/analytics/kpi-search'

export const Route = createFileRoute('/_app/operations/kpis')({
  // docs/requirements.md §21.4: the range and the filters live in the URL (STYLE habit 17)
  validateSearch: validateKpiSearch,
  loaderDeps: ({ search }) => ({ filters: { ...search, ...kpiRange(search) } }),
  // the screen shows a failed load itself
  loader: ({ context, deps }) =>
    context.queryClient.ensureQueryData(kpisQueryOptions(deps.filters)).then(
      () => undefined,
      () => undefined,
    ),
  component: KpisRoute,
})

function KpisRoute() {
  const search = Route.useSearch()
  const navigate = useNavigate({ from: Route.fullPath })
  const onChange = useCallback((next: KpiSearch) => void navigate({ search: next }), [navigate])
  return (
    <>
      <PageHeader title={<Trans>Indicadores</Trans>} description={<Trans>Os números do armazém no período: produtividade, tempos, prazos e acurácia, mantidos à medida que o trabalho acontece.</Trans>} />
      <KpisPage search={search} onChange={onChange} />
    </>
  )
}
