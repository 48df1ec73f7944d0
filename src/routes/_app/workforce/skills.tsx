import { createFileRoute } from '@tanstack/react-router'
import { Trans } from '@lingui/react/macro'
import { PlaceholderPage } from '../../../components/placeholder-page'

export const Route = createFileRoute('/_app/workforce/skills')({
  component: SkillsPage,
})

function SkillsPage() {
  return (
    <PlaceholderPage
      title={<Trans>Habilidades</Trans>}
      description={<Trans>As habilidades dos operadores, usadas para distribuir as tarefas.</Trans>}
    />
  )
}
