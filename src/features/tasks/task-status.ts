import type { I18n, MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import type { TaskStatus } from './tasks-types'

export const TASK_STATUS_LABELS: Record<TaskStatus, MessageDescriptor> = {
  open: msg`Aberta`,
  pending: msg`Pendente`,
  in_progress: msg`Em andamento`,
  done: msg`Concluída`,
  cancelled: msg`Cancelada`,
}

export const TASK_STATUS_COLORS: Record<TaskStatus, string> = {
  open: 'blue',
  pending: 'yellow',
  in_progress: 'violet',
  done: 'green',
  cancelled: 'gray',
}

const TYPE_LABELS: Record<string, MessageDescriptor> = {
  putaway: msg`Armazenagem`,
  pick: msg`Separação`,
  replenishment: msg`Reabastecimento`,
  count: msg`Contagem`,
  move: msg`Movimentação`,
  load: msg`Carregamento`,
  unload: msg`Descarga`,
  exception: msg`Exceção`,
}

export function isTaskStatus(value: string): value is TaskStatus {
  return value in TASK_STATUS_LABELS
}

/** A status in the user's language; an unknown one as the API wrote it. */
export function taskStatusLabel(status: string, i18n: I18n): string {
  return isTaskStatus(status) ? i18n._(TASK_STATUS_LABELS[status]) : status
}

/** A task type in the user's language; an unknown one as the API wrote it. */
export function taskTypeLabel(type: string, i18n: I18n): string {
  const label = TYPE_LABELS[type]
  return label ? i18n._(label) : type
}
