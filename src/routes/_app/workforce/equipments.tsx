import { createFileRoute } from '@tanstack/react-router'
import { Trans } from '@lingui/react/macro'
import { PageHeader } from '../../../components/page-header'
import { DEFAULT_LIST_PARAMS } from '../../../lib/list-query'
import { equipmentsQueryOptions } from '../../../features/workforce/api/get-equipments'
import { EquipmentsTable } from '../../../features/workforce/components/equipments-table'

export const Route = createFileRoute('/_app/workforce/equipments')({
  // the table shows a failed load itself (SPEC 8), so a failure here must not replace the screen
  loader: ({ context }) =>
    context.queryClient.ensureQueryData(equipmentsQueryOptions(DEFAULT_LIST_PARAMS)).then(
      () => undefined,
      () => undefined,
    ),
  component: Page,
})

function Page() {
  return (
    <>
      <PageHeader title={<Trans>Equipamentos</Trans>} description={<Trans>Empilhadeiras, paleteiras e outros equipamentos, com a sua situação.</Trans>} />
      <EquipmentsTable />
    </>
  )
}
