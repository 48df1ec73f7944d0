import { useState } from 'react'
import { createFileRoute } from '@tanstack/react-router'
import { Button, Modal, Text } from '@mantine/core'
import { IconPlus } from '@tabler/icons-react'
import { Trans, useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { PageHeader } from '../../../../components/page-header'
import { listParamsOf, useListSearch, validateListSearch } from '../../../../lib/list-search'
import { useSession } from '../../../../lib/session'
import { countsQueryOptions } from '../../../../features/inventory/api/get-counts'
import { inventorySettingsQueryOptions } from '../../../../features/inventory/api/inventory-settings'
import { CountPlanForm } from '../../../../features/inventory/components/count-plan-form'
import { CountsTable } from '../../../../features/inventory/components/counts-table'
import { canReviewCounts } from '../../../../features/inventory/stock-permissions'

export const Route = createFileRoute('/_app/inventory/counts/')({
  validateSearch: validateListSearch,
  loaderDeps: ({ search }) => listParamsOf(search),
  loader: ({ context, deps }) =>
    context.queryClient.ensureQueryData(countsQueryOptions(deps)).then(
      () => undefined,
      () => undefined,
    ),
  component: CountsPage,
})

function CountsPage() {
  const { t } = useLingui()
  const list = useListSearch(Route.useSearch())
  const { user } = useSession()
  const canPlan = canReviewCounts(user?.role)
  const [planning, setPlanning] = useState(false)
  const settings = useQuery({ ...inventorySettingsQueryOptions(), enabled: planning })
  return (
    <>
      <PageHeader
        title={<Trans>Contagens</Trans>}
        description={<Trans>Inventários cíclicos: o plano, o progresso por localização e a revisão das diferenças.</Trans>}
        actions={
          canPlan ? (
            <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setPlanning(true)}>
              <Trans>Planejar contagem</Trans>
            </Button>
          ) : (
            <Text size="sm" c="dimmed">
              <Trans>Planejar uma contagem requer supervisor</Trans>
            </Text>
          )
        }
      />
      <CountsTable {...list} />
      <Modal opened={planning} onClose={() => setPlanning(false)} title={t`Planejar contagem`} size="lg" closeButtonProps={{ 'aria-label': t`Fechar` }}>
        {planning && !settings.isPending ? <CountPlanForm settings={settings.data} onDone={() => setPlanning(false)} /> : null}
      </Modal>
    </>
  )
}
