import { createFileRoute } from '@tanstack/react-router'
import { Trans } from '@lingui/react/macro'
import { PageHeader } from '../../components/page-header'
import { useListSearch } from '../../lib/list-search'
import { waveDocumentsQueryOptions } from '../../features/shipping/api/get-order-documents'
import { WavesTable } from '../../features/shipping/components/document-tables'
import { NewDocumentButton } from '../../features/shipping/components/document-pages'
import { documentListDeps, validateDocumentListSearch } from '../../features/shipping/document-list-search'

export const Route = createFileRoute('/_app/shipping_/waves/')({
  // SPEC 12.6, STYLE 17: page, search, ordering and the status filter live in the URL
  validateSearch: validateDocumentListSearch,
  loaderDeps: ({ search }) => documentListDeps(search),
  loader: ({ context, deps }) =>
    context.queryClient.ensureQueryData(waveDocumentsQueryOptions(deps.params, deps.status)).then(
      () => undefined,
      () => undefined,
    ),
  component: WavesPage,
})

function WavesPage() {
  const search = Route.useSearch()
  const navigate = Route.useNavigate()
  const list = useListSearch(search)
  return (
    <>
      <PageHeader
        title={<Trans>Ondas</Trans>}
        description={<Trans>Pedidos abertos agrupados para separar e expedir de uma vez.</Trans>}
        actions={<NewDocumentButton to="/shipping/waves/new"><Trans>Nova onda</Trans></NewDocumentButton>}
      />
      <WavesTable
        {...list}
        status={search.status ?? ''}
        onStatusChange={(status) => void navigate({ search: (prev) => ({ ...prev, status: status || undefined, page: undefined }) })}
      />
    </>
  )
}
