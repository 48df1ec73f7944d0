import { msg } from '@lingui/core/macro'
import { codeNameFields, type ResourceConfig } from '../../components/resource-form'
import { locationKindLabel, storageClassLabel } from '../../lib/type-labels'
import { LOCATION_KINDS, STORAGE_CLASSES } from '../../../contracts/master-data/master-data.rules'
import { coreKeys } from './core-query-keys'
import type { Company, Location, Site, Warehouse } from './core-types'

const INT4_MAX = 2_147_483_647

/** A company is edited by its admins only; new companies come from the operator (npm run user / seed). */
export const companyResource: ResourceConfig<Company> = {
  endpoint: '/core/companies/',
  entity: 'companies',
  invalidate: coreKeys.all,
  canCreate: false,
  deactivates: false,
  roles: ['admin'],
  newLabel: msg`Nova empresa`,
  editTitle: ({ code }) => msg`Editar empresa ${code}`,
  fields: [
    { name: 'name', kind: 'text', required: true, label: msg`Nome` },
    { name: 'gs1_prefix', kind: 'text', nullable: true, maxLength: 12, label: msg`Prefixo GS1 da empresa`, description: msg`De 6 a 12 dígitos.` },
    { name: 'logo_url', kind: 'text', nullable: true, maxLength: 500, label: msg`Logotipo (URL)` },
    { name: 'logo_url_dark', kind: 'text', nullable: true, maxLength: 500, label: msg`Logotipo no modo escuro (URL)` },
  ],
}

export const siteResource: ResourceConfig<Site> = {
  endpoint: '/core/sites/',
  entity: 'sites',
  invalidate: coreKeys.all,
  newLabel: msg`Novo site`,
  editTitle: ({ code }) => msg`Editar site ${code}`,
  fields: codeNameFields,
}

export const warehouseResource: ResourceConfig<Warehouse> = {
  endpoint: '/core/warehouses/',
  entity: 'warehouses',
  invalidate: coreKeys.all,
  newLabel: msg`Novo armazém`,
  editTitle: ({ code }) => msg`Editar armazém ${code}`,
  fields: [
    ...codeNameFields,
    { name: 'site', kind: 'ref', endpoint: '/core/sites/', required: true, label: msg`Site` },
    { name: 'timezone', kind: 'text', maxLength: 64, label: msg`Fuso horário`, description: msg`Por exemplo America/Sao_Paulo.` },
  ],
}

/** A location's fields other than its code and warehouse, which a range gives every location it creates. */
export const locationAttributeFields: ResourceConfig<Location>['fields'] = [
  { name: 'name', kind: 'text', maxLength: 200, label: msg`Nome` },
  { name: 'kind', kind: 'select', label: msg`Tipo`, options: (i18n) => LOCATION_KINDS.map((k) => ({ value: k, label: locationKindLabel(i18n, k) })) },
  { name: 'storage_class', kind: 'select', label: msg`Classe de armazenagem`, options: (i18n) => STORAGE_CLASSES.map((c) => ({ value: c, label: storageClassLabel(i18n, c) })) },
  { name: 'capacity_pallets', kind: 'number', min: 0, max: 100_000, nullable: true, label: msg`Capacidade (paletes)`, description: msg`Em branco: sem limite.` },
  { name: 'pick_sequence', kind: 'number', min: 0, max: INT4_MAX, nullable: true, label: msg`Sequência de separação`, description: msg`Em branco: a ordem dos códigos.` },
]

/** SPEC 18.1: a location's place; the warehouse's rule fills it from the code, a value typed here becomes the location's own. */
const layoutFields: ResourceConfig<Location>['fields'] = [
  { name: 'zone', kind: 'text', nullable: true, maxLength: 40, label: msg`Zona` },
  { name: 'aisle', kind: 'number', min: 0, max: 9999, nullable: true, label: msg`Rua`, description: msg`Em branco: a regra do armazém lê do código.` },
  { name: 'bay', kind: 'number', min: 0, max: 9999, nullable: true, label: msg`Prédio` },
  { name: 'level', kind: 'number', min: 0, max: 9999, nullable: true, label: msg`Nível` },
  { name: 'x', kind: 'number', decimal: true, min: -100_000, max: 100_000, nullable: true, label: msg`Posição x (m)`, description: msg`Ao longo da frente, entre as ruas.` },
  { name: 'y', kind: 'number', decimal: true, min: -100_000, max: 100_000, nullable: true, label: msg`Posição y (m)`, description: msg`Ao longo da rua, a partir do corredor da frente.` },
  {
    name: 'aisle_direction',
    kind: 'select',
    label: msg`Sentido da rua`,
    initial: 'both',
    options: (i18n) => [
      { value: 'both', label: i18n._(msg`Dois sentidos`) },
      { value: 'up', label: i18n._(msg`Mão única, para o fundo`) },
      { value: 'down', label: i18n._(msg`Mão única, para a frente`) },
    ],
  },
]

export const locationResource: ResourceConfig<Location> = {
  endpoint: '/core/locations/',
  entity: 'locations',
  invalidate: coreKeys.all,
  newLabel: msg`Nova localização`,
  editTitle: ({ code }) => msg`Editar localização ${code}`,
  fields: [
    { name: 'code', kind: 'text', code: true, required: true, maxLength: 64, label: msg`Código` },
    { name: 'warehouse', kind: 'ref', endpoint: '/core/warehouses/', required: true, label: msg`Armazém` },
    ...locationAttributeFields,
    ...layoutFields,
  ],
}
