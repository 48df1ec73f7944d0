import { msg } from '@lingui/core/macro'
import { codeNameFields, type ResourceConfig } from '../../components/resource-form'
import { catalogKeys } from './catalog-query-keys'
import type { Uom } from './catalog-types'

export const uomResource: ResourceConfig<Uom> = {
  endpoint: '/product/uoms/',
  entity: 'uoms',
  invalidate: catalogKeys.all,
  newLabel: msg`Nova unidade`,
  editTitle: ({ code }) => msg`Editar unidade ${code}`,
  fields: codeNameFields,
}
