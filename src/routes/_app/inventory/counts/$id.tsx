import { createFileRoute } from '@tanstack/react-router'
import { IconArrowLeft } from '@tabler/icons-react'
import { Trans } from '@lingui/react/macro'
import { LinkButton } from '../../../../components/link-button'
import { PageHeader } from '../../../../components/page-header'
import { countQueryOptions } from '../../../../features/inventory/api/get-counts'
import { CountDetailView } from '../../../../features/inventory/components/count-detail'

export const Route = createFileRoute('/_app/inventory/counts/$id')({
  // the page shows a failed load itself
  loader: ({ context, params }) =>
    context.queryClient.ensureQueryData(countQueryOptions(Number(params.id))).then(
      () => undefined,
      () => undefined,
    ),
  component: CountPage,
})

function CountPage() {
  const { id } = Route.useParams()
  return (
    <>
      <PageHeader
        title={<Trans>Contagem</Trans>}
        actions={
          <LinkButton to="/inventory/counts" variant="default" leftSection={<IconArrowLeft size={16} aria-hidden />}>
            <Trans>Contagens</Trans>
          </LinkButton>
        }
      />
      <CountDetailView key={id} planId={Number(id)} />
    </>
  )
}
