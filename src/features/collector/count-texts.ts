/** The words for what machines/count holds as ids (STYLE habit 3). */
import type { I18n, MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import type { CountMessage } from '../../../machines/count/count.machine'

type Values = Record<string, string | number>

const MESSAGES: Record<string, MessageDescriptor | ((values: Values) => MessageDescriptor)> = {
  'count.scanLocation': msg`Leia a localização a contar`,
  'count.scanItems': msg`Leia cada produto ou palete do local, ou toque em Local vazio`,
  'count.scanMore': msg`Leia o próximo item, ou toque em Confirmar`,
  'count.scanPalletProduct': msg`Leia o produto deste palete`,
  'count.confirmEmpty': msg`Local vazio: toque em Confirmar`,
  'count.saving': msg`Gravando…`,
  'count.unknownCode': ({ code }) => msg`Código ${code} desconhecido neste armazém.`,
  'count.notAssigned': ({ code }) => msg`Nenhuma contagem sua na localização ${code}.`,
  'count.expectedLocation': msg`Aqui se lê uma localização a contar.`,
  'count.locationInactive': ({ code }) => msg`A localização ${code} está inativa.`,
  'count.otherLocation': ({ code }) => msg`${code} é outra localização: confirme ou cancele esta contagem primeiro.`,
  'count.sameLocation': ({ code }) => msg`Você já está contando ${code}.`,
  'count.expectedProduct': msg`Aqui se lê um produto.`,
  'count.invalidQty': msg`Quantidade inválida: um número, até 3 casas decimais.`,
  'count.nothingToSet': msg`Leia um produto antes de informar a quantidade.`,
  'count.nothingCounted': msg`Nada contado: leia os itens ou toque em Local vazio.`,
  'count.notEmpty': msg`Há itens contados: o local não está vazio.`,
  'count.pressConfirm': msg`Toque em Confirmar, ou em Cancelar para recomeçar.`,
  'count.saveFailed': msg`Não foi possível gravar neste aparelho. Tente de novo.`,
  'count.chooseLot': ({ code }) => msg`Há vários lotes de ${code} aqui: toque no lote contado`,
  'count.chooseLotFirst': msg`Escolha o lote do produto lido antes de ler outro item.`,
  'count.taking': msg`Pegando esta contagem para você…`,
  'count.busyTaking': msg`Aguarde: pegando esta contagem para você.`,
  'count.takenByOther': ({ code }) => msg`A contagem de ${code} já foi pega por outra pessoa.`,
  'count.busySaving': msg`Aguarde: a contagem está sendo gravada. Leia de novo em seguida.`,
}

export function countText(i18n: I18n, message: CountMessage): string {
  const entry = MESSAGES[message.id]
  if (!entry) return message.id
  return i18n._(typeof entry === 'function' ? entry(message.values ?? {}) : entry)
}
