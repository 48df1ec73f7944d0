import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import type { JobState } from './jobs-types'

export const JOB_STATE_LABELS: Record<JobState, MessageDescriptor> = {
  queued: msg`Na fila`,
  running: msg`Em execução`,
  done: msg`Concluído`,
  failed: msg`Falhou`,
  cancelled: msg`Cancelado`,
}

export const JOB_STATE_COLORS: Record<JobState, string> = {
  queued: 'blue',
  running: 'violet',
  done: 'green',
  failed: 'red',
  cancelled: 'gray',
}
