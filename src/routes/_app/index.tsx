import { createFileRoute } from '@tanstack/react-router'
import { Trans } from '@lingui/react/macro'
import { PageHeader } from '../../components/page-header'
import { countQueryOptions, type CountKind } from '../../features/dashboard/api/get-count'
import { dailyTasksQueryOptions } from '../../features/dashboard/api/get-daily-tasks'
import { equipmentStatusQueryOptions } from '../../features/dashboard/api/get-equipment-status'
import { DashboardPage } from '../../features/dashboard/components/dashboard-page'

const COUNTS: CountKind[] = ['users', 'products', 'stock', 'locations', 'openTasks']

export const Route = createFileRoute('/_app/')({
  // every card shows its own loading and failure (SPEC 2.4), so the screen opens at once: the loader starts the
  // figures and the charts' chunk and does not wait for them (a login that waited showed 'Entrando...' over an
  // address already at '/'); the cards read the same query options, so nothing is asked twice
  loader: ({ context }) => {
    const { queryClient } = context
    for (const kind of COUNTS) void queryClient.prefetchQuery(countQueryOptions(kind))
    void queryClient.prefetchQuery(dailyTasksQueryOptions())
    void queryClient.prefetchQuery(equipmentStatusQueryOptions())
    void import('../../features/dashboard/components/dashboard-charts').catch(() => undefined)
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
