import type { I18n, MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import type { TaskStatus } from './collector-types'

// the same words as the desktop's task list (features do not import each other; the catalogs share the entries)
const STATUS: Record<TaskStatus, MessageDescriptor> = {
  open: msg`Aberta`,
  pending: msg`Pendente`,
  in_progress: msg`Em andamento`,
  done: msg`Concluída`,
  cancelled: msg`Cancelada`,
}

const TYPE: Record<string, MessageDescriptor> = {
  putaway: msg`Armazenagem`,
  pick: msg`Separação`,
  replenishment: msg`Reabastecimento`,
  count: msg`Contagem`,
  move: msg`Movimentação`,
  load: msg`Carregamento`,
  unload: msg`Descarga`,
  exception: msg`Exceção`,
}

export const taskStatusText = (i18n: I18n, status: string) => (status in STATUS ? i18n._(STATUS[status as TaskStatus]) : status)
export const taskTypeText = (i18n: I18n, type: string) => (TYPE[type] ? i18n._(TYPE[type]) : type)
