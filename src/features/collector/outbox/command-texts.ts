/** The handheld commands' names in the operator's language (SPEC 11.9). */
import type { I18n, MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'

const KINDS: Record<string, MessageDescriptor> = {
  'stock.move': msg`Movimentação`,
  'task.putaway': msg`Armazenagem`,
  'receiving.receive': msg`Recebimento`,
  'inventory.count': msg`Contagem`,
  'ship.pick': msg`Separação`,
  'ship.short': msg`Falta na separação`,
  'ship.load': msg`Carregamento`,
  'pick.cart': msg`Carrinho do lote`,
  'pick.stop': msg`Separação em lote`,
  'refill.confirm': msg`Reabastecimento`,
}

export const commandKindText = (i18n: I18n, kind: string) => (KINDS[kind] ? i18n._(KINDS[kind]) : kind)
