import { createFileRoute } from '@tanstack/react-router'
import { Trans } from '@lingui/react/macro'
import { PageHeader } from '../../../components/page-header'
import { DEFAULT_LIST_PARAMS } from '../../../lib/list-query'
import { parkingSpotsQueryOptions } from '../../../features/workforce/api/get-parking-spots'
import { ParkingSpotsTable } from '../../../features/workforce/components/parking-spots-table'

export const Route = createFileRoute('/_app/workforce/parking-spots')({
  // the table shows a failed load itself (SPEC 8), so a failure here must not replace the screen
  loader: ({ context }) =>
    context.queryClient.ensureQueryData(parkingSpotsQueryOptions(DEFAULT_LIST_PARAMS)).then(
      () => undefined,
      () => undefined,
    ),
  component: Page,
})

function Page() {
  return (
    <>
      <PageHeader title={<Trans>Vagas de estacionamento</Trans>} description={<Trans>Onde os equipamentos ficam estacionados.</Trans>} />
      <ParkingSpotsTable />
    </>
  )
}
