import { useState } from 'react'
import { Loader, Select } from '@mantine/core'
import { useDebouncedValue } from '@mantine/hooks'
import { useLingui } from '@lingui/react/macro'
import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { SEARCH_DEBOUNCE_MS } from '../../../components/data-table'
import { productSearchQueryOptions } from '../api/search-products'
import type { ProductOption } from '../copack-types'

const labelOf = (p: ProductOption) => `${p.code} — ${p.name1}`

export interface ProductPickerProps {
  label: string
  value: ProductOption | null
  onChange: (product: ProductOption | null) => void
  error?: string
  required?: boolean
}

/** Issue 7: the final product is searched by code or name (GET /api/product/products/?search=) instead of typed as an id. */
export function ProductPicker({ label, value, onChange, error, required }: ProductPickerProps) {
  const { t } = useLingui()
  const [search, setSearch] = useState('')
  // once a product is chosen the box shows its label: that is not a new search
  const typed = value && search === labelOf(value) ? '' : search.trim()
  const [debounced] = useDebouncedValue(typed, SEARCH_DEBOUNCE_MS)
  const result = useQuery({ ...productSearchQueryOptions(debounced), placeholderData: keepPreviousData })
  const found = result.data ?? []
  const options = value && !found.some((p) => p.id === value.id) ? [value, ...found] : found
  return (
    <Select
      label={label}
      placeholder={t`Pesquise por código ou nome`}
      required={required}
      searchable
      clearable
      data={options.map((p) => ({ value: String(p.id), label: labelOf(p) }))}
      // the server already filtered by the search text
      filter={({ options: all }) => all}
      value={value ? String(value.id) : null}
      searchValue={search}
      onSearchChange={setSearch}
      onChange={(id) => onChange(options.find((p) => String(p.id) === id) ?? null)}
      nothingFoundMessage={result.isFetching ? t`Pesquisando...` : t`Nenhum produto encontrado`}
      rightSection={result.isFetching ? <Loader size="xs" role="status" aria-label={t`Carregando`} /> : undefined}
      error={error}
    />
  )
}
