import { createFileRoute, useNavigate } from '@tanstack/react-router'
import { Trans } from '@lingui/react/macro'
import { PageHeader } from '../../../components/page-header'
import { LotTrace } from '../../../features/inventory/components/lot-trace'
import type { TraceQuery } from '../../../features/inventory/api/get-trace'

const text = (value: unknown) => (typeof value === 'string' || typeof value === 'number' ? String(value).trim().slice(0, 100) || undefined : undefined)

export const Route = createFileRoute('/_app/inventory/trace')({
  // SPEC 10.8: the lot or SSCC in the URL, so a recall's trace is a link
  validateSearch: (raw: Record<string, unknown>): TraceQuery => ({ lot: text(raw.lot), sscc: text(raw.sscc) }),
  component: TraceRoute,
})

function TraceRoute() {
  const search = Route.useSearch()
  const navigate = useNavigate({ from: Route.fullPath })
  return (
    <>
      <PageHeader title={<Trans>Rastreio de lote</Trans>} description={<Trans>De onde veio um lote ou palete e para onde foi cada unidade.</Trans>} />
      <LotTrace key={`${search.lot ?? ''}|${search.sscc ?? ''}`} query={search} onSearch={(query) => void navigate({ search: query })} />
    </>
  )
}
