import { msg } from '@lingui/core/macro'
import { codeNameFields, type ResourceConfig } from '../../components/resource-form'
import { equipmentKindLabel } from '../../lib/type-labels'
import { EQUIPMENT_STATUSES } from '../../../contracts/master-data/master-data.rules'
import { EQUIPMENT_STATUS } from './components/equipment-status'
import { workforceKeys } from './workforce-query-keys'
import type { Equipment, ParkingSpot, Skill } from './workforce-types'

const EQUIPMENT_KINDS = ['forklift', 'reach_truck', 'pallet_jack', 'scanner', 'printer'] as const

export const skillResource: ResourceConfig<Skill> = {
  endpoint: '/workforce/skills/',
  entity: 'skills',
  invalidate: workforceKeys.all,
  newLabel: msg`Nova habilidade`,
  editTitle: ({ code }) => msg`Editar habilidade ${code}`,
  fields: codeNameFields,
}

const warehouse = { name: 'warehouse', kind: 'ref', endpoint: '/core/warehouses/', nullable: true, label: msg`Armazém` } as const

export const parkingSpotResource: ResourceConfig<ParkingSpot> = {
  endpoint: '/workforce/parking-spots/',
  entity: 'parking_spots',
  invalidate: workforceKeys.all,
  newLabel: msg`Nova vaga`,
  editTitle: ({ code }) => msg`Editar vaga ${code}`,
  fields: [...codeNameFields, warehouse],
}

export const equipmentResource: ResourceConfig<Equipment> = {
  endpoint: '/workforce/equipments/',
  entity: 'equipments',
  invalidate: workforceKeys.all,
  newLabel: msg`Novo equipamento`,
  editTitle: ({ code }) => msg`Editar equipamento ${code}`,
  fields: [
    ...codeNameFields,
    { name: 'kind', kind: 'select', label: msg`Tipo`, options: (i18n) => EQUIPMENT_KINDS.map((k) => ({ value: k, label: equipmentKindLabel(i18n, k) })) },
    { name: 'status', kind: 'select', label: msg`Situação`, options: (i18n) => EQUIPMENT_STATUSES.map((s) => ({ value: s, label: i18n._(EQUIPMENT_STATUS[s].label) })) },
    warehouse,
  ],
}
