import { createFileRoute } from '@tanstack/react-router'
import { Trans } from '@lingui/react/macro'
import { PageHeader } from '../../../components/page-header'
import { listParamsOf, useListSearch, validateListSearch } from '../../../lib/list-search'
import { equipmentsQueryOptions } from '../../../features/workforce/api/get-equipments'
import { EquipmentsTable } from '../../../features/workforce/components/equipments-table'

export const Route = createFileRoute('/_app/workforce/equipments')({
  // SPEC 2.14: the list's page, page size, search and ordering live in the URL; the loader prefetches that page
  validateSearch: validateListSearch,
  loaderDeps: ({ search }) => listParamsOf(search),
  // the table shows a failed load itself (SPEC 8), so a failure here must not replace the screen
  loader: ({ context, deps }) =>
    context.queryClient.ensureQueryData(equipmentsQueryOptions(deps)).then(
      () => undefined,
      () => undefined,
    ),
  component: Page,
})

function Page() {
  const list = useListSearch(Route.useSearch())
  return (
    <>
      <PageHeader title={<Trans>Equipamentos</Trans>} description={<Trans>Empilhadeiras, paleteiras e outros equipamentos, com a sua situação.</Trans>} />
      <EquipmentsTable {...list} />
    </>
  )
}
