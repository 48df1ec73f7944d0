import { createFileRoute } from '@tanstack/react-router'
import { Trans } from '@lingui/react/macro'
import { PageHeader } from '../../../components/page-header'
import { listParamsOf, useListSearch, validateListSearch } from '../../../lib/list-search'
import { bomsQueryOptions } from '../../../features/manufacturing/api/get-boms'
import { BomsTable } from '../../../features/manufacturing/components/boms-table'

export const Route = createFileRoute('/_app/manufacturing/boms')({
  // SPEC 2.14: the list's page, page size, search and ordering live in the URL; the loader prefetches that page
  validateSearch: validateListSearch,
  loaderDeps: ({ search }) => listParamsOf(search),
  // the table shows a failed load itself (SPEC 8), so a failure here must not replace the screen
  loader: ({ context, deps }) => context.queryClient.ensureQueryData(bomsQueryOptions(deps)).then(
    () => undefined,
    () => undefined,
  ),
  component: BomsPage,
})

function BomsPage() {
  const list = useListSearch(Route.useSearch())
  return (
    <>
      <PageHeader
        title={<Trans>Listas de materiais</Trans>}
        description={<Trans>O que cada produto do copack consome: os componentes e a quantidade de cada um por unidade produzida.</Trans>}
      />
      <BomsTable {...list} />
    </>
  )
}
