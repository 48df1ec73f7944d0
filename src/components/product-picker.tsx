import { useState, type ReactNode } from 'react'
import { Loader, Select } from '@mantine/core'
import { useDebouncedValue } from '@mantine/hooks'
import { useLingui } from '@lingui/react/macro'
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'
import { SEARCH_DEBOUNCE_MS } from './data-table'
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

export interface ProductPickerProps {
  /** a visible label; in a table row, `aria-label` names it instead */
  label?: string
  'aria-label'?: string
  value: ProductOption | null
  onChange: (product: ProductOption | null) => void
  error?: ReactNode
  required?: boolean
  disabled?: boolean
}

/** A product searched by code or name on the server (a company may hold tens of thousands), for any form's line. */
export function ProductPicker({ label, 'aria-label': ariaLabel, value, onChange, error, required, disabled }: ProductPickerProps) {
  const { t } = useLingui()
  const [search, setSearch] = useState('')
  // once a product is chosen the box shows its label: that is not a new search
  const typed = value && search === labelOf(value) ? '' : search.trim()
  const [debounced] = useDebouncedValue(typed, SEARCH_DEBOUNCE_MS)
  const result = useQuery({ ...productOptionsQueryOptions(debounced), placeholderData: keepPreviousData, enabled: !disabled })
  const found = result.data ?? []
  const options = value && !found.some((p) => p.id === value.id) ? [value, ...found] : found
  return (
    <Select
      label={label}
      aria-label={ariaLabel}
      placeholder={disabled ? undefined : t`Pesquise por código ou nome`}
      required={required}
      disabled={disabled}
      searchable
      clearable={!disabled}
      data={options.map((p) => ({ value: String(p.id), label: labelOf(p) }))}
      // the server already filtered by the search text
      filter={({ options: all }) => all}
      value={value ? String(value.id) : null}
      searchValue={search}
      onSearchChange={setSearch}
      onChange={(id) => onChange(options.find((p) => String(p.id) === id) ?? null)}
      nothingFoundMessage={result.isFetching ? t`Pesquisando...` : t`Nenhum produto encontrado`}
      rightSection={result.isFetching && !disabled ? <Loader size="xs" role="status" aria-label={t`Carregando`} /> : undefined}
      error={error}
    />
  )
}
