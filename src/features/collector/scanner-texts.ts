/**
 * The words for what machines/scanner holds as ids (STYLE habit 3: machines hold ids, the app holds the words),
 * and the GS1 names a read shows (SPEC 8: 'Falha ao consultar API', 'Falha ao iniciar câmera').
 */
import type { I18n, MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import type { Gs1FieldName, Gs1Problem } from '../../../machines/scanner/gs1'
import type { ReadStatus, ScanSource, ScannerMessage } from '../../../machines/scanner/scanner.machine'
import type { ScanKind } from './collector-types'

const MESSAGES: Record<string, MessageDescriptor> = {
  'scanner.lookupFailed': msg`Falha ao consultar API`,
  'scanner.cameraFailed': msg`Falha ao iniciar câmera`,
  'scanner.tooShort': msg`Código curto demais: são pelo menos 3 caracteres.`,
}

export function scannerText(i18n: I18n, message: ScannerMessage): string {
  const descriptor = MESSAGES[message.id]
  return descriptor ? i18n._(descriptor) : message.id
}

const STATUS: Record<ReadStatus, MessageDescriptor> = {
  pending: msg`Consultando…`,
  done: msg`Consultado`,
  failed: msg`Falha ao consultar API`,
  offline: msg`Sem rede: consulta quando a conexão voltar`,
}

export const readStatusText = (i18n: I18n, status: ReadStatus) => i18n._(STATUS[status])

const SOURCE: Record<ScanSource, MessageDescriptor> = {
  burst: msg`Leitor`,
  typed: msg`Digitado`,
  camera: msg`Câmera`,
}

export const readSourceText = (i18n: I18n, source: ScanSource) => i18n._(SOURCE[source])

const KIND: Record<ScanKind, MessageDescriptor> = {
  product: msg`Produto`,
  gtin: msg`GTIN`,
  lot: msg`Lote`,
  pallet: msg`Palete`,
  location: msg`Localização`,
}

export const scanKindText = (i18n: I18n, kind: ScanKind) => i18n._(KIND[kind])

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
