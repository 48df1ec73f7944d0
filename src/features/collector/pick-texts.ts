/** The words for what machines/cluster-pick holds as ids (STYLE habit 3). */
import type { I18n, MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import type { PickMessage } from '../../../machines/cluster-pick/cluster-pick.machine'

type Values = Record<string, string | number>

const MESSAGES: Record<string, MessageDescriptor | ((values: Values) => MessageDescriptor)> = {
  'pick.chooseBatch': msg`Escolha o lote a separar`,
  'pick.scanCart': msg`Leia a etiqueta do carrinho`,
  'pick.binding': msg`Gravando o carrinho…`,
  'pick.scanLocation': ({ code }) => msg`Leia a localização ${code}`,
  'pick.scanItem': ({ product, lot }) => msg`Leia o produto ${product} (lote ${lot}) ou o palete`,
  'pick.enterOverride': msg`Outro lote que o reservado: informe o motivo`,
  'pick.enterQty': ({ qty }) => msg`Leia o produto de novo para somar ou informe a quantidade (reservada: ${qty}); depois Confirmar`,
  'pick.enterShort': msg`Quantidade menor que a reservada: informe o motivo da falta`,
  'pick.scanTote': ({ tote }) => msg`Coloque na caixa ${tote} e leia a etiqueta dela`,
  'pick.saving': msg`Gravando…`,
  'pick.done': msg`Lote separado. Confira as caixas e toque em Expedir`,
  'pick.shipping': msg`Gravando a expedição…`,
  'pick.expectedBatch': msg`Aqui se escolhe um lote da lista.`,
  'pick.expectedCart': msg`Aqui se lê a etiqueta do carrinho, não uma localização ou um produto.`,
  'pick.notACart': ({ code }) => msg`${code} não é a etiqueta de um carrinho.`,
  'pick.unknownCode': ({ code }) => msg`Código ${code} desconhecido neste armazém.`,
  'pick.wrongLocation': ({ code, expected }) => msg`Localização errada: ${code}. Vá até ${expected}.`,
  'pick.expectedLocation': msg`Aqui se lê a localização da parada.`,
  'pick.expectedItem': msg`Aqui se lê o produto ou o palete da parada.`,
  'pick.otherProduct': msg`Outro produto: não é o desta parada.`,
  'pick.wrongPallet': msg`Este não é o palete reservado.`,
  'pick.lotNotHere': ({ lot }) => msg`O lote ${lot} não está nesta localização.`,
  'pick.expiredLot': ({ lot }) => msg`O lote ${lot} está vencido: não pode ser separado.`,
  'pick.overQty': ({ qty }) => msg`Mais do que o reservado (${qty}): não pode.`,
  'pick.invalidQty': msg`Quantidade inválida: um número maior que zero, até 3 casas decimais.`,
  'pick.reasonRequired': msg`Informe o motivo e toque em OK.`,
  'pick.pressConfirm': msg`Toque em Confirmar, ou leia o mesmo produto para somar.`,
  'pick.wrongTote': ({ code, expected }) => msg`Caixa errada: ${code}. Esta parada vai na caixa ${expected}.`,
  'pick.otherCartTote': ({ code, expected }) => msg`A caixa ${code} é de outro carrinho. Esta parada vai na caixa ${expected}.`,
  'pick.expectedTote': ({ expected }) => msg`Aqui se lê a etiqueta da caixa ${expected}.`,
  'pick.pressShip': msg`Toque em Expedir, ou em Sair do lote.`,
  'pick.saveFailed': msg`Não foi possível gravar neste aparelho. Tente de novo.`,
}

export function pickText(i18n: I18n, message: PickMessage): string {
  const entry = MESSAGES[message.id]
  if (!entry) return message.id
  return i18n._(typeof entry === 'function' ? entry(message.values ?? {}) : entry)
}
