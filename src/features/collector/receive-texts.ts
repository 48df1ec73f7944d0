/** The words for what machines/receive holds as ids (STYLE habit 3). */
import type { I18n, MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import type { ReceiveMessage } from '../../../machines/receive/receive.machine'

type Values = Record<string, string | number>

const MESSAGES: Record<string, MessageDescriptor | ((values: Values) => MessageDescriptor)> = {
  'receive.scanDocument': msg`Leia o código do pedido ou ASN, ou escolha na lista`,
  'receive.loading': msg`Abrindo o documento…`,
  'receive.scanProduct': msg`Leia um produto, feche o palete ou finalize`,
  'receive.scanLot': msg`Leia ou digite o lote`,
  'receive.enterExpiry': msg`Digite a validade (DD/MM/AAAA)`,
  'receive.quantity': msg`Leia o produto de novo para somar, ou informe a quantidade; depois toque em Confirmar`,
  'receive.overConfirm': msg`Quantidade acima da esperada: toque em Confirmar para aceitar, ou em Cancelar para corrigir`,
  'receive.closing': msg`Fechando o palete e imprimindo a etiqueta…`,
  'receive.finish': msg`Confira os paletes e toque em Confirmar para finalizar o recebimento`,
  'receive.saving': msg`Gravando…`,
  'receive.done': msg`Recebimento registrado. Leia o próximo pedido ou ASN`,
  'receive.unknownDocument': ({ code }) => msg`Nenhum pedido ou ASN aberto com o código ${code}.`,
  'receive.loadFailed': msg`Não foi possível abrir o documento: sem conexão com o servidor. Tente de novo.`,
  'receive.expectedDocument': msg`Aqui se lê o código de um pedido ou ASN.`,
  'receive.notInDocument': ({ code }) => msg`O produto ${code} não está neste documento.`,
  'receive.onClosedPallet': msg`Este item já está num palete fechado.`,
  'receive.expectedProduct': msg`Aqui se lê um produto.`,
  'receive.unknownCode': ({ code }) => msg`Código ${code} desconhecido.`,
  'receive.expectedLot': msg`Aqui se lê o lote, não um produto, localização ou palete.`,
  'receive.invalidLot': msg`Lote inválido: letras, números, ponto, hífen ou barra, até 64 caracteres.`,
  'receive.invalidExpiry': msg`Validade inválida: digite uma data DD/MM/AAAA.`,
  'receive.otherProduct': msg`Outro produto: confirme este antes, ou cancele.`,
  'receive.invalidQty': msg`Quantidade inválida: um número maior que zero, até 3 casas decimais.`,
  'receive.nothingToConfirm': msg`Nada a confirmar: leia um produto.`,
  'receive.pressConfirm': msg`Toque em Confirmar, ou em Cancelar.`,
  'receive.emptyPallet': msg`O palete está vazio: leia um produto antes.`,
  'receive.closePalletFirst': msg`Feche o palete aberto antes de finalizar.`,
  'receive.nothingReceived': msg`Nada recebido ainda: leia um produto e feche o palete.`,
  'receive.closeFailed': msg`Não foi possível fechar o palete: sem conexão com o servidor. Tente de novo.`,
  'receive.saveFailed': msg`Não foi possível gravar neste aparelho. Tente de novo.`,
  'receive.palletNotAnnounced': ({ code }) => msg`O palete ${code} não está anunciado neste documento.`,
  'receive.palletAlreadyIn': msg`Este palete já foi conferido neste recebimento.`,
}

export function receiveText(i18n: I18n, message: ReceiveMessage): string {
  const entry = MESSAGES[message.id]
  if (!entry) return message.id
  return i18n._(typeof entry === 'function' ? entry(message.values ?? {}) : entry)
}
