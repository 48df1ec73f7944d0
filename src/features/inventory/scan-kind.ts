import type { I18n } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import type { ScanKind } from './inventory-types'

const KIND_LABELS = {
  product: msg`Código de produto`,
  gtin: msg`GTIN`,
  lot: msg`Lote`,
  pallet: msg`Palete`,
  location: msg`Localização`,
} as const

/** What the scanned code named, in the user's language. */
export function getScanKindLabel(kind: ScanKind, i18n: I18n): string {
  return i18n._(KIND_LABELS[kind])
}
