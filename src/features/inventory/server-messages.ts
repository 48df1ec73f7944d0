/**
 * The server answers its refusals in English, DRF's words (server/http/errors.ts); the stock forms show them next to
 * their field in the user's language (issue 15 "Desktop screens for the commands"). Known messages are translated
 * here, by their exact text or a pattern keeping the numbers and codes they quote; an unknown one shows as it came.
 */
import type { I18n } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import type { MessageDescriptor } from '@lingui/core'

type Rule = [RegExp, (match: RegExpExecArray) => MessageDescriptor]

const EXACT: Record<string, MessageDescriptor> = {
  'This field is required.': msg`Campo obrigatório.`,
  'This field may not be blank.': msg`Este campo não pode ficar em branco.`,
  'This field may not be null.': msg`Campo obrigatório.`,
  'Ensure this value is greater than 0.': msg`Informe um valor maior que zero.`,
  'Enter a number with at most 3 decimal places.': msg`Informe um número com até 3 casas decimais.`,
  'A valid number is required.': msg`Informe um número válido.`,
  'A valid integer is required.': msg`Informe um número inteiro.`,
  'Must be a valid UUID.': msg`Identificador de comando inválido.`,
  'Date has wrong format. Use YYYY-MM-DD.': msg`Data em formato inválido.`,
  'The stock is already there.': msg`O estoque já está nesta localização.`,
  'A move keeps its product.': msg`Uma movimentação mantém o produto.`,
  'The target line holds another product.': msg`A linha de destino contém outro produto.`,
  'The counted quantity is below the reserved quantity; release the reservation first.': msg`A quantidade contada é menor que a reservada; libere a reserva primeiro.`,
  'Give a pallet_code, an sscc or a stock_line.': msg`Informe um palete, um SSCC ou uma linha de estoque.`,
  'A quantity moves part of a stock_line; a pallet moves whole.': msg`Uma quantidade move parte de uma linha; um palete se move inteiro.`,
  'Choose locations, a location pattern, a warehouse or products.': msg`Escolha localizações, um padrão de localização, um armazém ou produtos.`,
  'Give a lot, an sscc or a pallet_code.': msg`Informe um lote, um SSCC ou um palete.`,
  'Ensure this value is less than or equal to 100.': msg`Informe um valor de no máximo 100.`,
  'You do not have permission to perform this action.': msg`Você não tem permissão para esta ação.`,
  'The stock is not blocked.': msg`O estoque não está bloqueado.`,
  'Ensure this date is on or after date_from.': msg`A data final deve ser igual ou posterior à inicial.`,
}

const PATTERNS: Rule[] = [
  [/^Invalid pk "(\d+)" - object does not exist\.$/, (m) => msg`O registro ${m[1]} não existe.`],
  [/^Ensure this field has no more than (\d+) characters\.$/, (m) => msg`Use no máximo ${m[1]} caracteres.`],
  [/^Ensure this value is greater than or equal to (\d+)\.$/, (m) => msg`Informe um valor maior ou igual a ${m[1]}.`],
  [/^Ensure this value is less than or equal to (\d+)\.$/, (m) => msg`Informe um valor menor ou igual a ${m[1]}.`],
  [/^Not enough stock on line \d+ to \w+ ([\d.]+): quantity ([\d.]+), reserved ([\d.]+)\.$/, (m) => msg`Estoque livre insuficiente para ${m[1]}: quantidade ${m[2]}, reservado ${m[3]}.`],
  [/^Location (.+) is inactive; choose another\.$/, (m) => msg`A localização ${m[1]} está inativa; escolha outra.`],
  [/^Pallet (.+) is already there\.$/, (m) => msg`O palete ${m[1]} já está nesta localização.`],
  [/^No stock on pallet (.+)\.$/, (m) => msg`Não há estoque no palete ${m[1]}.`],
  [/^Pallet (.+) holds reserved stock/, (m) => msg`O palete ${m[1]} tem estoque reservado; mova a quantidade livre linha a linha ou libere a reserva.`],
  [/^(?:Pallet|Stock line) .+ is no longer in the location you saw it in; it is in (.+) now\.$/, (m) => msg`O estoque não está mais onde você o viu: agora está em ${m[1]}.`],
  [/^Stock line \d+ is (blocked|quarantine)/, () => msg`O estoque está bloqueado ou em quarentena: libere-o antes.`],
  [/^The stock is already (blocked|quarantine)\.$/, () => msg`O estoque já está nesta situação.`],
  [/^Select a valid choice\./, () => msg`Escolha uma opção válida.`],
  [/^Stock line \d+ changed since you read it/, () => msg`A linha de estoque mudou desde que você a abriu. Confira os valores atuais e envie de novo.`],
  [/^Stock line \d+ no longer exists/, () => msg`A linha de estoque não existe mais: outra alteração a esvaziou.`],
]

/** One server message in the user's language, or as the server wrote it when it is not a known one. */
export function translateServerMessage(text: string, i18n: I18n): string {
  const exact = Object.hasOwn(EXACT, text) ? EXACT[text] : undefined
  if (exact) return i18n._(exact)
  for (const [pattern, describe] of PATTERNS) {
    const match = pattern.exec(text)
    if (match) return i18n._(describe(match))
  }
  return text
}
