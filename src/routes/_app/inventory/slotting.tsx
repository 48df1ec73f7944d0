import { createFileRoute, useNavigate } from '@tanstack/react-router'
import { Alert } from '@mantine/core'
import { Trans } from '@lingui/react/macro'
import { PageHeader } from '../../../components/page-header'
import { useSession } from '../../../lib/session'
import { SlottingScreen } from '../../../features/inventory/components/slotting-screen'

type SlottingSearch = { warehouse?: number }

/** The warehouse a URL may carry (STYLE habit 17); anything malformed is dropped. */
function validateSlottingSearch(raw: Record<string, unknown>): SlottingSearch {
  const id = Number(raw.warehouse)
  return Number.isInteger(id) && id > 0 ? { warehouse: id } : {}
}

/** Cadastros → Endereçamento por giro (docs/requirements.md §20.4): admins and supervisors; the server refuses operators. */
export const Route = createFileRoute('/_app/inventory/slotting')({
  validateSearch: validateSlottingSearch,
  // no loader: operators may not read it (403), so the screen asks only once the role allows it
  component: SlottingPage,
})

function SlottingPage() {
  const { user } = useSession()
  const search = Route.useSearch()
  const navigate = useNavigate()
  const allowed = user?.role === 'admin' || user?.role === 'supervisor'
  return (
    <>
      <PageHeader
        title={<Trans>Endereçamento por giro</Trans>}
        description={<Trans>Quais produtos merecem os pontos de separação mais próximos: o giro de cada um, a curva ABC e as trocas que encurtam a caminhada da semana.</Trans>}
      />
      {allowed ? (
        <SlottingScreen warehouse={search.warehouse} onWarehouse={(warehouse) => void navigate({ to: '/inventory/slotting', search: { warehouse } })} />
      ) : (
        <Alert color="yellow" role="alert">
          <Trans>Só supervisores e administradores veem o endereçamento por giro.</Trans>
        </Alert>
      )}
    </>
  )
}
