import { Text } from '@mantine/core'
import { Trans } from '@lingui/react/macro'
import { useSession } from '../../../lib/session'

/** The server's WRITE_ROLES for copack (server/modules/manufacturing): the screen only mirrors them; the API decides. */
export const canWriteCopack = (role: string | undefined) => role === 'admin' || role === 'supervisor'

export function useCanWriteCopack(): boolean {
  const { user } = useSession()
  return canWriteCopack(user?.role)
}

/** Why an action is disabled for this user's role, shown beside it (SPEC 13.2). */
export function RequiresSupervisor({ id }: { id?: string }) {
  return (
    <Text id={id} size="xs" c="dimmed" span>
      <Trans>Requer supervisor</Trans>
    </Text>
  )
}
