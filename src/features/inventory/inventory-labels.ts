/** Names of the inventory codes (SPEC 10.7) in the user's language: stock status, ledger reasons, adjustment reasons, count states. */
import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import type { AdjustmentReason, CountLocationStatus, CountPlanStatus, MoveReason, StockStatus } from './inventory-types'

export const STOCK_STATUS_LABELS: Record<StockStatus, MessageDescriptor> = {
  available: msg`Disponível`,
  quarantine: msg`Quarentena`,
  blocked: msg`Bloqueado`,
}

export const STOCK_STATUS_COLORS: Record<StockStatus, string> = { available: 'green', quarantine: 'orange', blocked: 'red' }

export const MOVE_REASON_LABELS: Record<MoveReason, MessageDescriptor> = {
  receipt: msg`Recebimento`,
  putaway: msg`Armazenagem`,
  move: msg`Movimentação`,
  pick: msg`Separação`,
  ship: msg`Expedição`,
  adjust: msg`Ajuste`,
  consume: msg`Consumo (copack)`,
  produce: msg`Produção (copack)`,
  count: msg`Inventário`,
  block: msg`Bloqueio`,
  release: msg`Liberação`,
  replenishment: msg`Reabastecimento`,
}

export const ADJUSTMENT_REASON_LABELS: Record<AdjustmentReason, MessageDescriptor> = {
  damaged: msg`Avaria`,
  found: msg`Encontrado`,
  lost: msg`Extravio`,
  expired: msg`Vencido`,
  quality: msg`Qualidade`,
  correction: msg`Correção`,
}

export const COUNT_PLAN_STATUS_LABELS: Record<CountPlanStatus, MessageDescriptor> = {
  open: msg`Em contagem`,
  review: msg`Em revisão`,
  closed: msg`Encerrado`,
  cancelled: msg`Cancelado`,
}

export const COUNT_LOCATION_STATUS_LABELS: Record<CountLocationStatus, MessageDescriptor> = {
  pending: msg`Pendente`,
  recount: msg`Recontagem`,
  review: msg`Aguardando revisão`,
  approved: msg`Aprovado`,
  rejected: msg`Rejeitado`,
}

export const COUNT_LOCATION_STATUS_COLORS: Record<CountLocationStatus, string> = {
  pending: 'gray',
  recount: 'orange',
  review: 'yellow',
  approved: 'green',
  rejected: 'red',
}

/** A label for a code the contract may grow: the code itself when it has no name yet. */
export function labelOf<K extends string>(labels: Record<K, MessageDescriptor>, code: string, translate: (d: MessageDescriptor) => string): string {
  return Object.hasOwn(labels, code) ? translate(labels[code as K]) : code
}
