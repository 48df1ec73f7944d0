import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import type { LabelKind } from '../../../machines/label-print/label-print.machine'
import type { PrintJobStatus } from './printing-types'

export const LABEL_KIND_LABELS: Record<LabelKind, MessageDescriptor> = {
  location: msg`Localização`,
  pallet: msg`Palete`,
}

export const JOB_STATUS_LABELS: Record<PrintJobStatus, MessageDescriptor> = {
  queued: msg`Na fila`,
  sending: msg`Enviando`,
  sent: msg`Enviada`,
  failed: msg`Falhou`,
  unknown: msg`Incerta`,
}

export const JOB_STATUS_COLORS: Record<PrintJobStatus, string> = {
  queued: 'blue',
  sending: 'violet',
  sent: 'green',
  failed: 'red',
  unknown: 'orange',
}
