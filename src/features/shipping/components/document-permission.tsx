import { Text } from '@mantine/core'
import { Trans } from '@lingui/react/macro'
import { useSession } from '../../../lib/session'

/** The server's WRITE_ROLES for sales orders and waves (server/modules/shipping): the screen mirrors them; the API decides. */
export function useCanEditDocuments(): boolean {
  const { user } = useSession()
  return user?.role === 'admin' || user?.role === 'supervisor'
}

/** Why a document's buttons are disabled for this user's role, shown beside them (SPEC 12.6). */
export function RequiresSupervisor({ id }: { id?: string }) {
  return (
    <Text id={id} size="xs" c="dimmed" span>
      <Trans>Requer supervisor</Trans>
    </Text>
  )
}
