import { useState } from 'react'
import { Loader, Select } from '@mantine/core'
import { useDebouncedValue } from '@mantine/hooks'
import { useLingui } from '@lingui/react/macro'
import { keepPreviousData, useQuery, type QueryKey, type UseQueryOptions } from '@tanstack/react-query'
import { SEARCH_DEBOUNCE_MS } from '../../../components/data-table'
import { customerSearchQueryOptions, productSearchQueryOptions } from '../api/search-partners-products'
import type { CustomerOption, ProductOption } from '../shipping-types'

interface SearchPickerProps<T extends { id: number; code: string }, TKey extends QueryKey = QueryKey> {
  label: string
  value: T | null
  onChange: (value: T | null) => void
  error?: string
  required?: boolean
  disabled?: boolean
  description?: string
  labelOf: (row: T) => string
  query: (search: string) => UseQueryOptions<T[], Error, T[], TKey>
  nothingFound: string
}

/** A select that searches the server by code or name (issue 18): the chosen row stays among the options. */
function SearchPicker<T extends { id: number; code: string }, TKey extends QueryKey>({ label, value, onChange, error, required, disabled, description, labelOf, query, nothingFound }: SearchPickerProps<T, TKey>) {
  const { t } = useLingui()
  const [search, setSearch] = useState('')
  // once a row is chosen the box shows its label: that is not a new search
  const typed = value && search === labelOf(value) ? '' : search.trim()
  const [debounced] = useDebouncedValue(typed, SEARCH_DEBOUNCE_MS)
  const result = useQuery({ ...query(debounced), placeholderData: keepPreviousData, enabled: !disabled })
  const found = result.data ?? []
  const options = value && !found.some((p) => p.id === value.id) ? [value, ...found] : found
  return (
    <Select
      label={label}
      description={description}
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
      nothingFoundMessage={result.isFetching ? t`Pesquisando...` : nothingFound}
      rightSection={result.isFetching ? <Loader size="xs" role="status" aria-label={t`Carregando`} /> : undefined}
      error={error}
    />
  )
}

type PickerProps<T extends { id: number; code: string }> = Omit<SearchPickerProps<T>, 'labelOf' | 'query' | 'nothingFound'>

export function CustomerPicker(props: PickerProps<CustomerOption>) {
  const { t } = useLingui()
  return <SearchPicker {...props} labelOf={(c) => `${c.code} — ${c.name}`} query={customerSearchQueryOptions} nothingFound={t`Nenhum cliente encontrado`} />
}

export function ProductPicker(props: PickerProps<ProductOption>) {
  const { t } = useLingui()
  return <SearchPicker {...props} labelOf={(p) => `${p.code} — ${p.name1}`} query={productSearchQueryOptions} nothingFound={t`Nenhum produto encontrado`} />
}
