/** The words for what machines/replenish holds as ids (STYLE habit 3). */
import type { I18n, MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import type { RefillMessage } from '../../../machines/replenish/replenish.machine'

type Values = Record<string, string | number>

const MESSAGES: Record<string, MessageDescriptor | ((values: Values) => MessageDescriptor)> = {
  'refill.loading': msg`Carregando o reabastecimento…`,
  'refill.scanSource': ({ source }) => msg`Leia a localização de origem ${source}`,
  'refill.scanItem': ({ product }) => msg`Leia o produto ${product} ou o seu palete`,
  'refill.enterQty': ({ face }) => msg`Leia o produto de novo para somar, informe a quantidade, ou leia a face ${face}`,
  'refill.scanFace': ({ face }) => msg`Leia a face de separação ${face}`,
  'refill.saving': msg`Gravando…`,
  'refill.done': msg`Reabastecimento registrado.`,
  'refill.unknownCode': ({ code }) => msg`Código ${code} desconhecido neste armazém.`,
  'refill.wrongSource': ({ code, source }) => msg`Localização errada (${code}): o reabastecimento sai de ${source}.`,
  'refill.expectedSource': ({ source }) => msg`Aqui se lê a localização de origem ${source}.`,
  'refill.otherProduct': ({ code, product }) => msg`O produto ${code} não é o deste reabastecimento (${product}).`,
  'refill.otherLot': ({ lot }) => msg`O lote ${lot} não está nesta localização: leia o lote planejado.`,
  'refill.otherLotCounting': ({ lot }) => msg`Outro lote: este reabastecimento leva o lote ${lot}. Cancele para trocar de lote.`,
  'refill.otherPallet': ({ code }) => msg`O palete ${code} não é deste reabastecimento.`,
  'refill.expectedItem': ({ product }) => msg`Aqui se lê o produto ${product} ou o seu palete.`,
  'refill.qtyAbove': ({ qty, max }) => msg`${qty} é mais do que a tarefa pede (${max}).`,
  'refill.invalidQty': msg`Quantidade inválida.`,
  'refill.wrongFace': ({ code, face }) => msg`Localização errada (${code}): o reabastecimento vai para a face ${face}.`,
  'refill.expectedFace': ({ face }) => msg`Aqui se lê a face de separação ${face}.`,
  'refill.saveFailed': msg`Não foi possível gravar neste aparelho. Tente de novo.`,
}

export function replenishText(i18n: I18n, message: RefillMessage): string {
  const entry = MESSAGES[message.id]
  if (!entry) return message.id
  return i18n._(typeof entry === 'function' ? entry(message.values ?? {}) : entry)
}
