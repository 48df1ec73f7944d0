/**
 * The words for what machines/scanner holds as ids (STYLE habit 3: machines hold ids, the app holds the words):
 * SPEC 8 'Falha ao consultar API', 'Falha ao iniciar câmera'; a read's status and source. Shared by the collector and
 * the desktop's scan page (SPEC 11.1).
 */
import type { I18n, MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import type { ReadStatus, ScanSource, ScannerMessage } from '../../machines/scanner/scanner.machine'

const MESSAGES: Record<string, MessageDescriptor> = {
  'scanner.lookupFailed': msg`Falha ao consultar API`,
  'scanner.cameraFailed': msg`Falha ao iniciar câmera`,
  'scanner.tooShort': msg`Código curto demais: são pelo menos 3 caracteres.`,
  'scanner.incomplete': msg`Leitura incompleta: leia o código de novo.`,
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
