import { createFileRoute } from '@tanstack/react-router'
import { Trans } from '@lingui/react/macro'
import { PlaceholderPage } from '../../components/placeholder-page'

export const Route = createFileRoute('/m/home')({
  component: CollectorHomePage,
})

function CollectorHomePage() {
  return (
    <PlaceholderPage
      title={<Trans>Início</Trans>}
      description={<Trans>Menu de blocos do coletor: receber, expedir, mover, contar, consultar e tarefas.</Trans>}
    />
  )
}
