import { useLingui } from '@lingui/react/macro'
import { queryOptions } from '@tanstack/react-query'
import { SearchPicker, type SearchPickerProps } from './search-picker'
import { api } from '../lib/api-client'
import { toPaged } from '../lib/list-query'

/** A product as a picker offers it (the API's product reference). */
export interface ProductOption {
  id: number
  code: string
  name1: string
}

// SPEC 9: suggestion lists show 10
const PAGE_SIZE = 10

/** The picker's options: GET /api/product/products/?search= (code, name, GTIN). */
export function productOptionsQueryOptions(search: string) {
  return queryOptions({
    queryKey: ['product-options', search],
    queryFn: async () =>
      toPaged<ProductOption>(await api.get<unknown>('/product/products/', { query: { search: search || undefined, page: 1, page_size: PAGE_SIZE } })).results,
  })
}

const labelOf = (p: ProductOption) => `${p.code} — ${p.name1}`

export type ProductPickerProps = Omit<SearchPickerProps<ProductOption>, 'labelOf' | 'query' | 'nothingFound'>

/** A product searched by code or name on the server (a company may hold tens of thousands), for any form's line. */
export function ProductPicker(props: ProductPickerProps) {
  const { t } = useLingui()
  return <SearchPicker {...props} labelOf={labelOf} query={productOptionsQueryOptions} nothingFound={t`Nenhum produto encontrado`} />
}
