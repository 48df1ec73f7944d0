/** The words for what machines/ship holds as ids (STYLE habit 3). */
import type { I18n, MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import type { ShipMessage } from '../../../machines/ship/ship.machine'

type Values = Record<string, string | number>

const MESSAGES: Record<string, MessageDescriptor | ((values: Values) => MessageDescriptor)> = {
  'ship.chooseOrder': msg`Leia ou escolha o pedido a separar`,
  'ship.scanLocation': ({ code }) => msg`Leia a localização ${code}`,
  'ship.scanItem': ({ product, lot }) => msg`Leia o produto ${product} (lote ${lot}) ou o palete`,
  'ship.enterOverride': msg`Outro lote que o sugerido: informe o motivo`,
  'ship.enterQty': ({ qty }) => msg`Leia o produto de novo para somar ou informe a quantidade (pedida: ${qty}); depois Confirmar`,
  'ship.enterShort': msg`Quantidade menor que a pedida: informe o motivo da falta`,
  'ship.saving': msg`Gravando…`,
  'ship.confirmLoad': ({ carrier }) => msg`Separação concluída. Confira a transportadora (${carrier}) e toque em Confirmar carregamento`,
  'ship.loading': msg`Gravando o carregamento…`,
  'ship.expectedOrder': msg`Aqui se lê o código de um pedido aberto.`,
  'ship.unknownCode': ({ code }) => msg`Código ${code} desconhecido neste armazém.`,
  'ship.wrongLocation': ({ code, expected }) => msg`Localização errada: ${code}. Vá até ${expected}.`,
  'ship.expectedLocation': msg`Aqui se lê a localização da separação.`,
  'ship.expectedItem': msg`Aqui se lê o produto ou o palete da separação.`,
  'ship.otherProduct': msg`Outro produto: não é o desta separação.`,
  'ship.wrongPallet': msg`Este não é o palete sugerido.`,
  'ship.lotNotHere': ({ lot }) => msg`O lote ${lot} não está nesta localização.`,
  'ship.expiredLot': ({ lot }) => msg`O lote ${lot} está vencido: não pode ser expedido.`,
  'ship.overQty': ({ qty }) => msg`Mais do que o pedido (${qty}): corrija a quantidade.`,
  'ship.invalidQty': msg`Quantidade inválida: um número maior que zero, até 3 casas decimais.`,
  'ship.reasonRequired': msg`Informe o motivo e toque em OK.`,
  'ship.pressConfirm': msg`Toque em Confirmar, ou em Cancelar para sair do pedido.`,
  'ship.saveFailed': msg`Não foi possível gravar neste aparelho. Tente de novo.`,
}

export function shipText(i18n: I18n, message: ShipMessage): string {
  const entry = MESSAGES[message.id]
  if (!entry) return message.id
  return i18n._(typeof entry === 'function' ? entry(message.values ?? {}) : entry)
}
