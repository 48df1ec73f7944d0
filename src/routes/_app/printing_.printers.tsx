import { createFileRoute } from '@tanstack/react-router'
import { IconPrinter } from '@tabler/icons-react'
import { Trans } from '@lingui/react/macro'
import { LinkButton } from '../../components/link-button'
import { PageHeader } from '../../components/page-header'
import { listParamsOf, useListSearch, validateListSearch } from '../../lib/list-search'
import { printerListQueryOptions, printersQueryOptions } from '../../features/printing/api/get-printers'
import { PrintersScreen } from '../../features/printing/components/printers-screen'

// /printing is a leaf route: this page sits beside it (printing_), not inside it
export const Route = createFileRoute('/_app/printing_/printers')({
  // SPEC 2.14: the list's page, page size, search and ordering live in the URL; the loader prefetches that page
  validateSearch: validateListSearch,
  loaderDeps: ({ search }) => listParamsOf(search),
  // the table shows a failed load itself, so a failure here must not replace the screen; the form checks names against all printers
  loader: ({ context, deps }) =>
    Promise.all([
      context.queryClient.ensureQueryData(printerListQueryOptions(deps)),
      context.queryClient.ensureQueryData(printersQueryOptions()),
    ]).then(
      () => undefined,
      () => undefined,
    ),
  component: PrintersPage,
})

function PrintersPage() {
  const list = useListSearch(Route.useSearch())
  return (
    <>
      <PageHeader
        title={<Trans>Impressoras</Trans>}
        description={<Trans>As impressoras de etiquetas da empresa: endereço na rede, resolução, tamanho da etiqueta e situação.</Trans>}
        actions={
          <LinkButton to="/printing" variant="default" leftSection={<IconPrinter size={16} aria-hidden />}>
            <Trans>Imprimir etiquetas</Trans>
          </LinkButton>
        }
      />
      <PrintersScreen {...list} />
    </>
  )
}
