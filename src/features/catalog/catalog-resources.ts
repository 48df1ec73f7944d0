import { msg } from '@lingui/core/macro'
import { codeNameFields, type ResourceConfig } from '../../components/resource-form'
import { catalogKeys } from './catalog-query-keys'
import type { Product, Uom } from './catalog-types'

export const uomResource: ResourceConfig<Uom> = {
  endpoint: '/product/uoms/',
  entity: 'uoms',
  invalidate: catalogKeys.all,
  newLabel: msg`Nova unidade`,
  editTitle: ({ code }) => msg`Editar unidade ${code}`,
  fields: codeNameFields,
}

/** Products have a form of their own (GTINs); this names their buttons and where they live. */
export const productResource: ResourceConfig<Product> = {
  endpoint: '/product/products/',
  entity: 'products',
  invalidate: catalogKeys.all,
  newLabel: msg`Novo produto`,
  editTitle: ({ code }) => msg`Editar produto ${code}`,
  fields: [],
}
