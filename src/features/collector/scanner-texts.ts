/**
 * The collector's words for the scanner: the shared ones (src/lib/scanner-texts.ts) and the kinds of code a read
 * names. The GS1 names are in gs1-texts.ts, loaded with them.
 */
import type { I18n, MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import type { ScanKind } from './collector-types'

export { readSourceText, readStatusText, scannerText } from '../../lib/scanner-texts'

const KIND: Record<ScanKind, MessageDescriptor> = {
  product: msg`Produto`,
  gtin: msg`GTIN`,
  lot: msg`Lote`,
  pallet: msg`Palete`,
  location: msg`Localização`,
}

export const scanKindText = (i18n: I18n, kind: ScanKind) => i18n._(KIND[kind])
