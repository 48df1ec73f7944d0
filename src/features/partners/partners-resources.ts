import { msg } from '@lingui/core/macro'
import { codeNameFields, type ResourceConfig } from '../../components/resource-form'
import { partnersKeys } from './partners-query-keys'
import type { Carrier, Customer, Supplier } from './partners-types'

const email = { name: 'email', kind: 'text', email: true, nullable: true, maxLength: 254, label: msg`E-mail` } as const

export const customerResource: ResourceConfig<Customer> = {
  endpoint: '/partners/customers/',
  entity: 'customers',
  invalidate: partnersKeys.all,
  newLabel: msg`Novo cliente`,
  editTitle: ({ code }) => msg`Editar cliente ${code}`,
  fields: [
    ...codeNameFields,
    email,
    {
      name: 'min_shelf_life_days',
      kind: 'number',
      min: 0,
      max: 36_500,
      nullable: true,
      label: msg`Validade mínima (dias)`,
      description: msg`A menor validade restante que o cliente aceita; em branco: qualquer lote não vencido.`,
    },
  ],
}

export const supplierResource: ResourceConfig<Supplier> = {
  endpoint: '/partners/suppliers/',
  entity: 'suppliers',
  invalidate: partnersKeys.all,
  newLabel: msg`Novo fornecedor`,
  editTitle: ({ code }) => msg`Editar fornecedor ${code}`,
  fields: [
    ...codeNameFields,
    email,
    { name: 'edi', kind: 'text', maxLength: 64, label: msg`EDI` },
    { name: 'priority', kind: 'number', min: 1, max: 5, label: msg`Prioridade`, description: msg`De 1 a 5.` },
  ],
}

export const carrierResource: ResourceConfig<Carrier> = {
  endpoint: '/partners/carriers/',
  entity: 'carriers',
  invalidate: partnersKeys.all,
  newLabel: msg`Nova transportadora`,
  editTitle: ({ code }) => msg`Editar transportadora ${code}`,
  fields: [
    ...codeNameFields,
    {
      name: 'cutoff_time',
      kind: 'text',
      time: true,
      nullable: true,
      maxLength: 5,
      label: msg`Horário de corte`,
      description: msg`HH:MM, no relógio do armazém: a última coleta do dia. Os pedidos dessa transportadora vencem nesse horário da data de envio; em branco: no fim do dia.`,
    },
  ],
}
