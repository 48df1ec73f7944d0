import type { I18n, MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import type { LabelPrintMessage, LabelPrintMessageId } from '../../../machines/label-print/label-print.machine'

// The label-print machine's messages (machines/ hold ids, the app holds the words). SPEC 5, 8.
const TEXTS: Record<Exclude<LabelPrintMessageId, 'labelPrint.failedWith'>, MessageDescriptor> = {
  'labelPrint.invalidId': msg`ID inválido para o tipo selecionado.`,
  'labelPrint.invalidCopies': msg`Informe de 1 a 50 cópias.`,
  'labelPrint.queued': msg`Solicitação enviada à fila de impressão.`,
  'labelPrint.failed': msg`Falha ao enviar impressão`,
}

/** A machine message in the current language; the server's own words (failedWith) as they are. */
export function labelPrintText(i18n: I18n, message: LabelPrintMessage): string {
  if (message.id === 'labelPrint.failedWith') return String(message.values?.text ?? '')
  return i18n._(TEXTS[message.id])
}
