import { createFileRoute } from '@tanstack/react-router'
import { Trans } from '@lingui/react/macro'
import { PageHeader } from '../../components/page-header'
import { countQueryOptions, type CountKind } from '../../features/dashboard/api/get-count'
import { dailyTasksQueryOptions } from '../../features/dashboard/api/get-daily-tasks'
import { equipmentStatusQueryOptions } from '../../features/dashboard/api/get-equipment-status'
import { DashboardPage } from '../../features/dashboard/components/dashboard-page'

const COUNTS: CountKind[] = ['users', 'products', 'stock', 'locations', 'openTasks']

export const Route = createFileRoute('/_app/')({
  // every card shows its own failure (SPEC 8), so one failed source must not replace the screen
  loader: async ({ context }) => {
    const { queryClient } = context
    await Promise.allSettled([
      ...COUNTS.map((kind) => queryClient.ensureQueryData(countQueryOptions(kind))),
      queryClient.ensureQueryData(dailyTasksQueryOptions()),
      queryClient.ensureQueryData(equipmentStatusQueryOptions()),
      // the charts' chunk downloads while the numbers load
      import('../../features/dashboard/components/dashboard-charts'),
    ])
  },
  component: DashboardRoute,
})

function DashboardRoute() {
  return (
    <>
      <PageHeader title={<Trans>Dashboard</Trans>} description={<Trans>Visão geral do armazém.</Trans>} />
      <DashboardPage />
    </>
  )
}
