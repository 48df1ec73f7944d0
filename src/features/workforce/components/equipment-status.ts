import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'

// SPEC 2.4: available, in use (busy), down
export const EQUIPMENT_STATUS: Record<string, { label: MessageDescriptor; color: string }> = {
  available: { label: msg`Disponível`, color: 'green' },
  busy: { label: msg`Em uso`, color: 'blue' },
  down: { label: msg`Parado`, color: 'red' },
}
