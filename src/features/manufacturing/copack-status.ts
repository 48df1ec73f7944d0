import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import type { CopackStatus } from '../../../contracts/copack/copack.rules'
import type { CopackMessage } from '../../../machines/copack/copack.machine'

export const COPACK_STATUS_LABELS: Record<CopackStatus, MessageDescriptor> = {
  DRAFT: msg`Rascunho`,
  RESERVED: msg`Reservada`,
  IN_PROGRESS: msg`Em andamento`,
  COMPLETED: msg`Concluída`,
  CANCELLED: msg`Cancelada`,
}

export const COPACK_STATUS_COLORS: Record<CopackStatus, string> = {
  DRAFT: 'gray',
  RESERVED: 'blue',
  IN_PROGRESS: 'violet',
  COMPLETED: 'green',
  CANCELLED: 'red',
}

const MESSAGES: Record<string, MessageDescriptor> = {
  'copack.notEnoughStock': msg`Estoque insuficiente para reservar a ordem: nada foi reservado.`,
  'copack.unknown': msg`A operação falhou. Tente novamente.`,
  'copack.loadFailed': msg`Não foi possível carregar a ordem.`,
}

/** The copack machine's message descriptors, translated (a server text is shown as it came). */
export function copackMessage(message: CopackMessage, translate: (descriptor: MessageDescriptor) => string): string {
  if (message.id === 'copack.server') return String(message.values?.text ?? '')
  const descriptor = MESSAGES[message.id]
  return descriptor ? translate(descriptor) : message.id
}

const TASK_STATUS_LABELS: Record<string, MessageDescriptor> = {
  open: msg`Aberta`,
  pending: msg`Pendente`,
  in_progress: msg`Em andamento`,
  done: msg`Concluída`,
  cancelled: msg`Cancelada`,
}

export function taskStatusLabel(status: string, translate: (descriptor: MessageDescriptor) => string): string {
  const descriptor = TASK_STATUS_LABELS[status]
  return descriptor ? translate(descriptor) : status
}

const TASK_TYPE_LABELS: Record<string, MessageDescriptor> = {
  pick: msg`Separação`,
  putaway: msg`Armazenagem`,
}

export function taskTypeLabel(type: string, translate: (descriptor: MessageDescriptor) => string): string {
  const descriptor = TASK_TYPE_LABELS[type]
  return descriptor ? translate(descriptor) : type
}
