import { Link } from '@tanstack/react-router'
import { Anchor, Paper, Stack, Text, Title } from '@mantine/core'
import { IconHammer } from '@tabler/icons-react'
import { Trans } from '@lingui/react/macro'
import type { ReactNode } from 'react'

/** SPEC 2.16: receive, ship, move and count stay placeholders that say what they will do. */
export function CollectorPlaceholder({ title, description, steps }: { title: ReactNode; description: ReactNode; steps: ReactNode }) {
  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        {title}
      </Title>
      <Paper withBorder p="md" radius="md">
        <Stack gap="xs">
          <Text fw={600}>
            <IconHammer size={20} aria-hidden style={{ verticalAlign: 'text-bottom' }} /> <Trans>Em construção</Trans>
          </Text>
          <Text>{description}</Text>
          <Text c="dimmed" size="sm">
            {steps}
          </Text>
        </Stack>
      </Paper>
      <Anchor component={Link} to="/m/home" fw={600} c="var(--collector-accent-text)" style={{ minHeight: 48, display: 'inline-flex', alignItems: 'center' }}>
        <Trans>Voltar ao início</Trans>
      </Anchor>
    </Stack>
  )
}
