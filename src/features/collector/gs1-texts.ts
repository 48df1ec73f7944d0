/**
 * The GS1 names and problems a read shows (SPEC 2.16), apart from scanner-texts.ts: they load with the GS1 details
 * (components/gs1-details.tsx), only when a read holds GS1 data.
 */
import type { I18n, MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import type { Gs1FieldName, Gs1Problem } from '../../../contracts/gs1/gs1'

const GS1_FIELD: Record<Gs1FieldName, MessageDescriptor> = {
  sscc: msg`SSCC`,
  gtin: msg`GTIN`,
  content: msg`GTIN do conteúdo`,
  lot: msg`Lote`,
  productionDate: msg`Fabricação`,
  bestBefore: msg`Consumir até`,
  expiryDate: msg`Validade`,
  serial: msg`Série`,
  count: msg`Quantidade`,
  itemCount: msg`Unidades`,
  netWeightKg: msg`Peso líquido (kg)`,
}

export const gs1FieldText = (i18n: I18n, field: Gs1FieldName) => i18n._(GS1_FIELD[field])

export function gs1ProblemText(i18n: I18n, problem: Gs1Problem): string {
  switch (problem.kind) {
    case 'unknownAi':
      return problem.ai ? i18n._(msg`AI (${problem.ai}) desconhecido`) : i18n._(msg`AI desconhecido na posição ${problem.position ?? 0}`)
    case 'length':
      return i18n._(msg`AI (${problem.ai}) com tamanho errado`)
    case 'digits':
      return i18n._(msg`AI (${problem.ai}) aceita só dígitos`)
    case 'control':
      return i18n._(msg`AI (${problem.ai}) contém um caractere de controle`)
    case 'checkDigit':
      return i18n._(msg`AI (${problem.ai}): dígito verificador inválido`)
    case 'repeated':
      return i18n._(msg`AI (${problem.ai}) aparece duas vezes`)
    case 'date':
      return i18n._(msg`AI (${problem.ai}) não é uma data válida`)
    default:
      return i18n._(msg`Não é uma sequência GS1 válida`)
  }
}
