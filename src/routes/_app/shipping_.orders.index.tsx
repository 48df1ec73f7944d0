import { createFileRoute } from '@tanstack/react-router'
import { Trans } from '@lingui/react/macro'
import { PageHeader } from '../../components/page-header'
import { useListSearch } from '../../lib/list-search'
import { orderDocumentsQueryOptions } from '../../features/shipping/api/get-order-documents'
import { SalesOrdersTable } from '../../features/shipping/components/document-tables'
import { NewDocumentButton } from '../../features/shipping/components/document-pages'
import { documentListDeps, validateDocumentListSearch } from '../../features/shipping/document-list-search'

export const Route = createFileRoute('/_app/shipping_/orders/')({
  // SPEC 12.6, STYLE 17: page, search, ordering and the status filter live in the URL
  validateSearch: validateDocumentListSearch,
  loaderDeps: ({ search }) => documentListDeps(search),
  // the table shows a failed load itself (SPEC 8)
  loader: ({ context, deps }) =>
    context.queryClient.ensureQueryData(orderDocumentsQueryOptions(deps.params, deps.status)).then(
      () => undefined,
      () => undefined,
    ),
  component: SalesOrdersPage,
})

function SalesOrdersPage() {
  const search = Route.useSearch()
  const navigate = Route.useNavigate()
  const list = useListSearch(search)
  return (
    <>
      <PageHeader
        title={<Trans>Pedidos de venda</Trans>}
        description={<Trans>Os pedidos dos clientes: abra um para alterá-lo, cancelá-lo ou expedi-lo.</Trans>}
        actions={<NewDocumentButton to="/shipping/orders/new"><Trans>Novo pedido</Trans></NewDocumentButton>}
      />
      <SalesOrdersTable
        {...list}
        status={search.status ?? ''}
        onStatusChange={(status) => void navigate({ search: (prev) => ({ ...prev, status: status || undefined, page: undefined }) })}
      />
    </>
  )
}
