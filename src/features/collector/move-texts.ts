/** The words for what machines/move holds as ids (STYLE habit 3). */
import type { I18n, MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import type { MoveMessage } from '../../../machines/move/move.machine'

type Values = Record<string, string | number>

const MESSAGES: Record<string, MessageDescriptor | ((values: Values) => MessageDescriptor)> = {
  'move.scanSource': msg`Leia o palete ou a localização de origem`,
  'move.scanItem': msg`Leia o produto ou o palete`,
  'move.enterQty': msg`Leia o produto de novo para somar, informe a quantidade ou leia o destino`,
  'move.scanDestination': msg`Leia a localização de destino`,
  'move.confirm': msg`Confira e toque em Confirmar`,
  'move.saving': msg`Gravando…`,
  'move.unknownCode': ({ code }) => msg`Código ${code} desconhecido neste armazém.`,
  'move.productAsSource': msg`Um produto não é uma origem: leia o palete ou a localização de origem.`,
  'move.locationInactive': ({ code }) => msg`A localização ${code} está inativa.`,
  'move.expectedItem': msg`Aqui se lê um produto ou um palete.`,
  'move.otherProduct': msg`Outro produto: termine este ou cancele.`,
  'move.expectedDestination': msg`Aqui se lê uma localização de destino.`,
  'move.sameLocation': msg`O destino é a própria origem.`,
  'move.pressConfirm': msg`Toque em Confirmar, ou em Cancelar para recomeçar.`,
  'move.invalidQty': msg`Quantidade inválida: um número maior que zero, até 3 casas decimais.`,
  'move.saveFailed': msg`Não foi possível gravar neste aparelho. Tente de novo.`,
}

export function moveText(i18n: I18n, message: MoveMessage): string {
  const entry = MESSAGES[message.id]
  if (!entry) return message.id
  return i18n._(typeof entry === 'function' ? entry(message.values ?? {}) : entry)
}
