import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import type { EventType, WebhookDeliveryStatus } from '../../../contracts/integrations/webhooks.rules'

/** What each event type is called on screen (docs/requirements.md §6, ADR 0020); the code stays beside it for integrators. */
export const EVENT_TYPE_LABELS: Record<EventType, MessageDescriptor> = {
  'order.created': msg`Pedido criado`,
  'order.shipped': msg`Pedido expedido`,
  'receipt.booked': msg`Recebimento registrado`,
  'stock.moved': msg`Estoque movimentado`,
  'stock.adjusted': msg`Estoque ajustado`,
  'stock.status_changed': msg`Status do estoque alterado`,
  'count.approved': msg`Contagem aprovada`,
  'task.exception': msg`Exceção em tarefa`,
  'wave.released': msg`Onda liberada`,
}

/** A delivery's status: waiting (its turn or a retry), delivered (a 2xx), or dead after its last retry. */
export const DELIVERY_STATUS_LABELS: Record<WebhookDeliveryStatus, MessageDescriptor> = {
  pending: msg`Pendente`,
  delivered: msg`Entregue`,
  dead: msg`Falhou`,
}

export const DELIVERY_STATUS_COLORS: Record<WebhookDeliveryStatus, string> = { pending: 'yellow', delivered: 'green', dead: 'red' }
