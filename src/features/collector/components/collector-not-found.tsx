import { Link } from '@tanstack/react-router'
import { Button, Stack, Text, Title } from '@mantine/core'
import { IconArrowLeft } from '@tabler/icons-react'
import { Trans } from '@lingui/react/macro'

/** SPEC 2.16, 8: an unknown collector path says so, with a Back link to the home menu. */
export function CollectorNotFound() {
  return (
    <Stack gap="md" align="flex-start">
      <Title order={1} size="h2">
        <Trans>Rota não encontrada</Trans>
      </Title>
      <Text>
        <Trans>Este endereço não existe no coletor.</Trans>
      </Text>
      <Button component={Link} to="/m/home" size="lg" color="var(--collector-accent)" leftSection={<IconArrowLeft size={20} aria-hidden />}>
        <Trans>Voltar</Trans>
      </Button>
    </Stack>
  )
}
