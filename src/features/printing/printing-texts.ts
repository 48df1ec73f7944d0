import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import type { LabelKind } from '../../../machines/label-print/label-print.machine'
import type { Printer, PrintJobStatus } from './printing-types'

export const LABEL_KIND_LABELS: Record<LabelKind, MessageDescriptor> = {
  location: msg`Localização`,
  pallet: msg`Palete`,
}

export const JOB_STATUS_LABELS: Record<PrintJobStatus, MessageDescriptor> = {
  queued: msg`Na fila`,
  sending: msg`Enviando`,
  sent: msg`Enviada`,
  failed: msg`Falhou`,
  unknown: msg`Incerta`,
}

export const JOB_STATUS_COLORS: Record<PrintJobStatus, string> = {
  queued: 'blue',
  sending: 'violet',
  sent: 'green',
  failed: 'red',
  unknown: 'orange',
}

/** A printer's state as the print queue last saw it: `online` null means it has not talked to it yet. */
export type PrinterStatus = 'online' | 'offline' | 'unknown'

export function printerStatus(printer: Pick<Printer, 'online'>): PrinterStatus {
  if (printer.online === null) return 'unknown'
  return printer.online ? 'online' : 'offline'
}

export const PRINTER_STATUS_LABELS: Record<PrinterStatus, MessageDescriptor> = {
  online: msg`Online`,
  offline: msg`Offline`,
  unknown: msg`Desconhecido`,
}

export const PRINTER_STATUS_COLORS: Record<PrinterStatus, string> = {
  online: 'green',
  offline: 'red',
  unknown: 'gray',
}
