import { createFileRoute } from '@tanstack/react-router'
import { Trans } from '@lingui/react/macro'
import { PageHeader } from '../../components/page-header'
import { WaveForm } from '../../features/shipping/components/wave-form'

export const Route = createFileRoute('/_app/shipping_/waves/new')({
  component: NewWavePage,
})

function NewWavePage() {
  const navigate = Route.useNavigate()
  return (
    <>
      <PageHeader title={<Trans>Nova onda</Trans>} />
      <WaveForm
        wave={null}
        onSaved={(wave) => void navigate({ to: '/shipping/waves/$id', params: { id: String(wave.id) } })}
        onClose={() => void navigate({ to: '/shipping/waves' })}
      />
    </>
  )
}
