import type { I18n, MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'

/**
 * The API's type values (contracts/master-data/master-data.rules.ts, the demo's equipment kinds) in the user's
 * language: a warehouse user reads "Refrigerado", never "chilled". An unknown value is shown as the API wrote it.
 */
const STORAGE_CLASS: Record<string, MessageDescriptor> = {
  ambient: msg`Ambiente`,
  chilled: msg`Refrigerado`,
  frozen: msg`Congelado`,
  hazmat: msg`Produto perigoso`,
  bulk: msg`Granel`,
  high_value: msg`Alto valor`,
}

const LOCATION_KIND: Record<string, MessageDescriptor> = {
  storage: msg({ message: 'Armazenagem', context: 'location kind' }),
  picking: msg`Picking`,
  dock: msg`Doca`,
  staging: msg`Área de expedição`,
  quarantine: msg`Quarentena`,
  production: msg`Produção`,
}

const EQUIPMENT_KIND: Record<string, MessageDescriptor> = {
  forklift: msg`Empilhadeira`,
  reach_truck: msg`Empilhadeira retrátil`,
  pallet_jack: msg`Paleteira`,
  scanner: msg({ message: 'Coletor', context: 'equipment kind' }),
  printer: msg`Impressora`,
}

const label = (labels: Record<string, MessageDescriptor>) => (i18n: I18n, value: string | null | undefined) =>
  value === null || value === undefined ? '' : labels[value] ? i18n._(labels[value]) : value

export const storageClassLabel = label(STORAGE_CLASS)
export const locationKindLabel = label(LOCATION_KIND)
export const equipmentKindLabel = label(EQUIPMENT_KIND)
