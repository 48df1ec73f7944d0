import { msg } from '@lingui/core/macro'
import { codeNameFields, type ResourceConfig } from '../../components/resource-form'
import { locationKindLabel, storageClassLabel } from '../../lib/type-labels'
import { LOCATION_KINDS, STORAGE_CLASSES, STORAGE_MIXING } from '../../../contracts/master-data/master-data.rules'
import { coreKeys } from './core-query-keys'
import type { Company, Location, PutawayRule, Site, StorageCategory, Warehouse } from './core-types'

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
  { name: 'storage_category', kind: 'ref', endpoint: '/core/storage-categories/', nullable: true, label: msg`Categoria de armazenagem`, description: msg`Seus limites valem para a armazenagem.` },
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

/** What a location may share with others in it (§20.3). */
export const MIXING_LABEL = {
  any: msg`Qualquer mistura`,
  same_product: msg`Um só produto`,
  same_lot: msg`Um só produto e lote`,
} as const

/** §20.3: a storage category's limits; the server refuses one below what a location of it holds now. */
export const storageCategoryResource: ResourceConfig<StorageCategory> = {
  endpoint: '/core/storage-categories/',
  entity: 'storage_categories',
  invalidate: coreKeys.all,
  newLabel: msg`Nova categoria de armazenagem`,
  editTitle: ({ code }) => msg`Editar categoria de armazenagem ${code}`,
  fields: [
    ...codeNameFields,
    { name: 'max_pallets', kind: 'number', min: 0, max: 100_000, nullable: true, label: msg`Máximo de paletes`, description: msg`Em branco: sem limite.` },
    { name: 'max_weight_kg', kind: 'number', decimal: true, min: 0, max: 999_999_999, nullable: true, label: msg`Peso máximo (kg)`, description: msg`Pelo peso das embalagens dos produtos. Em branco: sem limite.` },
    {
      name: 'allowed_storage_classes',
      kind: 'multiselect',
      label: msg`Classes de armazenagem aceitas`,
      description: msg`Nenhuma: qualquer classe.`,
      options: (i18n) => STORAGE_CLASSES.map((c) => ({ value: c, label: storageClassLabel(i18n, c) })),
    },
    { name: 'mixing', kind: 'select', label: msg`Mistura`, initial: 'any', options: (i18n) => STORAGE_MIXING.map((m) => ({ value: m, label: i18n._(MIXING_LABEL[m]) })) },
  ],
}

/** §20.3: where a product's pallets go first in a warehouse: its locations in order, then a zone. */
export const putawayRuleResource: ResourceConfig<PutawayRule> = {
  endpoint: '/inventory/putaway-rules/',
  entity: 'putaway_rules',
  invalidate: coreKeys.all,
  newLabel: msg`Nova regra de armazenagem`,
  editTitle: ({ code }) => msg`Editar regra de armazenagem ${code}`,
  fields: [
    { name: 'code', kind: 'text', code: true, required: true, maxLength: 64, label: msg`Código` },
    { name: 'warehouse', kind: 'ref', endpoint: '/core/warehouses/', required: true, label: msg`Armazém` },
    { name: 'product', kind: 'ref', endpoint: '/product/products/', required: true, label: msg`Produto` },
    { name: 'sequence', kind: 'number', min: 0, max: INT4_MAX, label: msg`Sequência`, description: msg`As regras valem nesta ordem, a menor primeiro.` },
    { name: 'locations', kind: 'refs', endpoint: '/core/locations/', label: msg`Localizações preferidas`, description: msg`Tentadas na ordem escolhida.` },
    { name: 'zone', kind: 'text', nullable: true, maxLength: 64, label: msg`Zona preferida`, description: msg`Tentada depois das localizações.` },
  ],
}
