import type { ReactNode } from 'react'
import { Alert, Button, Group, Stack, Text } from '@mantine/core'
import { IconAlertTriangle } from '@tabler/icons-react'
import { Trans } from '@lingui/react/macro'

/**
 * A command the server did not apply, said the same way on every screen: what failed (the title), the reason in the
 * user's language, 'Tentar novamente' (the same command again, ADR 0011) and the screen's way back.
 */
export function CommandFailure({ title, message, onRetry, back }: { title: string; message: ReactNode; onRetry: () => void; back: { label: ReactNode; onClick: () => void } }) {
  return (
    <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} aria-hidden />} role="alert" title={title}>
      <Stack gap="xs">
        <Text size="sm">{message}</Text>
        <Group gap="xs">
          <Button size="xs" onClick={onRetry}>
            <Trans>Tentar novamente</Trans>
          </Button>
          <Button size="xs" variant="default" onClick={back.onClick}>
            {back.label}
          </Button>
        </Group>
      </Stack>
    </Alert>
  )
}
