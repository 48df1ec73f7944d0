import { createFileRoute } from '@tanstack/react-router'
import { Trans } from '@lingui/react/macro'
import { PageHeader } from '../../../components/page-header'
import { listParamsOf, useListSearch, validateListSearch } from '../../../lib/list-search'
import { putawayRulesQueryOptions } from '../../../features/core/api/get-putaway-rules'
import { PutawayRulesTable } from '../../../features/core/components/putaway-rules-table'

export const Route = createFileRoute('/_app/core/putaway-rules')({
  // SPEC 2.14: the list's page, page size, search and ordering live in the URL; the loader prefetches that page
  validateSearch: validateListSearch,
  loaderDeps: ({ search }) => listParamsOf(search),
  // the table shows a failed load itself (SPEC 8), so a failure here must not replace the screen
  loader: ({ context, deps }) =>
    context.queryClient.ensureQueryData(putawayRulesQueryOptions(deps)).then(
      () => undefined,
      () => undefined,
    ),
  component: Page,
})

function Page() {
  const list = useListSearch(Route.useSearch())
  return (
    <>
      <PageHeader
        title={<Trans>Regras de armazenagem</Trans>}
        description={<Trans>Para onde vão primeiro os paletes de cada produto: as localizações na ordem, depois a zona. As sugestões pulam as cheias e dizem por quê.</Trans>}
      />
      <PutawayRulesTable {...list} />
    </>
  )
}
