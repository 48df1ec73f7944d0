import { createFileRoute, Link } from '@tanstack/react-router'
import { Anchor, Stack, Text, Title } from '@mantine/core'
import { Trans } from '@lingui/react/macro'

// SPEC 8: an unknown collector path says so, with a way back.
export const Route = createFileRoute('/m/$')({
  component: CollectorNotFound,
})

function CollectorNotFound() {
  return (
    <Stack gap="sm">
      <Title order={1} size="h3">
        <Trans>Rota não encontrada</Trans>
      </Title>
      <Text c="dimmed" size="sm">
        <Trans>Este endereço não existe no coletor.</Trans>
      </Text>
      <Anchor component={Link} to="/m/home">
        <Trans>Voltar</Trans>
      </Anchor>
    </Stack>
  )
}
