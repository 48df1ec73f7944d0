import { createFileRoute } from '@tanstack/react-router'
import { Alert } from '@mantine/core'
import { Trans } from '@lingui/react/macro'
import { PageHeader } from '../../components/page-header'
import { useSession } from '../../lib/session'
import { PickProgressView } from '../../features/shipping/components/pick-progress'

/** Expedição → Separação em andamento (SPEC 19.6): admins and supervisors; the server refuses operators. */
export const Route = createFileRoute('/_app/shipping_/picking')({
  // no loader: operators may not read it (403), so the view asks only once the role allows it
  component: PickingPage,
})

function PickingPage() {
  const { user } = useSession()
  const allowed = user?.role === 'admin' || user?.role === 'supervisor'
  return (
    <>
      <PageHeader
        title={<Trans>Separação em andamento</Trans>}
        description={<Trans>Os lotes das ondas liberadas: quanto já foi separado, por quem, há quanto tempo e com que exceções.</Trans>}
      />
      {allowed ? (
        <PickProgressView canAssign={allowed} />
      ) : (
        <Alert color="yellow" role="alert">
          <Trans>Só supervisores e administradores acompanham a separação.</Trans>
        </Alert>
      )}
    </>
  )
}
