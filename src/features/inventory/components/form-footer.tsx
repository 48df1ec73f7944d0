import { Trans } from '@lingui/react/macro'
import { Button, Group } from '@mantine/core'
import type { ReactNode } from 'react'

/** The footer of every stock form in a dialog: Cancelar closes it, the submit button says what it does. */
export function FormFooter({ onCancel, pending, children, color }: { onCancel: () => void; pending: boolean; children: ReactNode; color?: string }) {
  return (
    <Group justify="flex-end" gap="sm">
      <Button variant="default" onClick={onCancel} disabled={pending}>
        <Trans>Cancelar</Trans>
      </Button>
      <Button type="submit" color={color} loading={pending}>
        {children}
      </Button>
    </Group>
  )
}
