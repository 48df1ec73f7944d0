import { useCallback } from 'react'
import { createFileRoute, useNavigate } from '@tanstack/react-router'
import { Trans } from '@lingui/react/macro'
import { PageHeader } from '../../../components/page-header'
import { listParamsOf, useListSearch, validateListSearch, type ListSearch } from '../../../lib/list-search'
import { movesQueryOptions } from '../../../features/inventory/api/get-moves'
import { MovesScreen } from '../../../features/inventory/components/moves-screen'
import { validateMoveFilters, type MoveFilters } from '../../../features/inventory/moves-filters'

type MovesSearch = ListSearch & MoveFilters

// only the ledger's own filters: the router keeps whatever else a pasted link carried
const filtersOf = (search: MovesSearch): MoveFilters => validateMoveFilters(search as Record<string, unknown>)

export const Route = createFileRoute('/_app/inventory/moves')({
  // SPEC 10.7: the ledger's page, search, ordering and filters live in the URL (STYLE habit 17)
  validateSearch: (raw: Record<string, unknown>): MovesSearch => ({ ...validateListSearch(raw), ...validateMoveFilters(raw) }),
  loaderDeps: ({ search }) => ({ list: listParamsOf(search), filters: filtersOf(search) }),
  // the table shows a failed load itself, so a failure here must not replace the screen
  loader: ({ context, deps }) =>
    context.queryClient.ensureQueryData(movesQueryOptions(deps.list, deps.filters)).then(
      () => undefined,
      () => undefined,
    ),
  component: MovesRoute,
})

function MovesRoute() {
  const search = Route.useSearch()
  const list = useListSearch(search)
  const navigate = useNavigate({ from: Route.fullPath })
  const filters = filtersOf(search)
  const onFiltersChange = useCallback(
    // a new filter starts again at the first page; the search and ordering stay
    (next: MoveFilters) => void navigate({ search: (previous) => ({ search: previous.search, page_size: previous.page_size, ordering: previous.ordering, ...next }) }),
    [navigate],
  )
  return (
    <>
      <PageHeader
        title={<Trans>Movimentações</Trans>}
        description={<Trans>Cada mudança de estoque, da mais recente à mais antiga: quando, quem, por quê, de onde e para onde.</Trans>}
      />
      <MovesScreen {...list} filters={filters} onFiltersChange={onFiltersChange} />
    </>
  )
}
