import { createFileRoute } from '@tanstack/react-router'
import { Group } from '@mantine/core'
import { IconRoute } from '@tabler/icons-react'
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
        actions={
          <Group gap="xs" wrap="nowrap">
            {/* SPEC 19.2: proposed waves from the supervisor's rules */}
            <NewDocumentButton to="/shipping/waves/plan" variant="default" icon={<IconRoute size={16} aria-hidden />} reasonId="wave-plan-reason">
              <Trans>Planejar</Trans>
            </NewDocumentButton>
            <NewDocumentButton to="/shipping/waves/new">
              <Trans>Nova onda</Trans>
            </NewDocumentButton>
          </Group>
        }
      />
      <WavesTable
        {...list}
        status={search.status ?? ''}
        onStatusChange={(status) => void navigate({ search: (prev) => ({ ...prev, status: status || undefined, page: undefined }) })}
      />
    </>
  )
}
