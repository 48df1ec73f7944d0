import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'

// SPEC 5: 1 is the highest severity, 5 the lowest
export const SEVERITY_LABELS: Record<number, MessageDescriptor> = {
  1: msg`1 — Alta`,
  2: msg`2 — Média-alta`,
  3: msg`3 — Média`,
  4: msg`4 — Média-baixa`,
  5: msg`5 — Baixa`,
}

export const SEVERITY_COLORS: Record<number, string> = { 1: 'red', 2: 'orange', 3: 'yellow', 4: 'blue', 5: 'gray' }

export const EMAIL_STATUS_LABELS: Record<string, MessageDescriptor> = {
  pending: msg`E-mail na fila`,
  sending: msg`E-mail na fila`,
  sent: msg`E-mail enviado`,
  failed: msg`E-mail falhou`,
}
