import { createFileRoute } from '@tanstack/react-router'
import { Trans } from '@lingui/react/macro'
import { PageHeader } from '../../../components/page-header'
import { listParamsOf, useListSearch, validateListSearch } from '../../../lib/list-search'
import { pickFacesQueryOptions } from '../../../features/inventory/api/get-pick-faces'
import { PickFacesTable } from '../../../features/inventory/components/pick-faces-table'

export const Route = createFileRoute('/_app/inventory/pick-faces')({
  // SPEC 2.14: the list's page, page size, search and ordering live in the URL; the loader prefetches that page
  validateSearch: validateListSearch,
  loaderDeps: ({ search }) => listParamsOf(search),
  // the table shows a failed load itself (SPEC 8), so a failure here must not replace the screen
  loader: ({ context, deps }) =>
    context.queryClient.ensureQueryData(pickFacesQueryOptions(deps)).then(
      () => undefined,
      () => undefined,
    ),
  component: PickFacesPage,
})

function PickFacesPage() {
  const list = useListSearch(Route.useSearch())
  return (
    <>
      <PageHeader
        title={<Trans>Pontos de separação</Trans>}
        description={<Trans>Onde cada produto é separado: o mínimo que pede reabastecimento, o máximo que o ponto comporta e a unidade em que é reabastecido.</Trans>}
      />
      <PickFacesTable {...list} />
    </>
  )
}
