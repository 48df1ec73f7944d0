import { useState, type ReactNode } from 'react'
import { Loader, Select } from '@mantine/core'
import { useDebouncedValue } from '@mantine/hooks'
import { useLingui } from '@lingui/react/macro'
import { keepPreviousData, useQuery, type QueryKey, type UseQueryOptions } from '@tanstack/react-query'
import { SEARCH_DEBOUNCE_MS } from './data-table'

export interface SearchPickerProps<T extends { id: number }, TKey extends QueryKey = QueryKey> {
  /** a visible label; in a table row, `aria-label` names it instead */
  label?: string
  'aria-label'?: string
  description?: ReactNode
  value: T | null
  onChange: (value: T | null) => void
  error?: ReactNode
  required?: boolean
  disabled?: boolean
  labelOf: (row: T) => string
  /** the options for a search text, filtered by the server (a company may hold tens of thousands of rows) */
  query: (search: string) => UseQueryOptions<T[], Error, T[], TKey>
  nothingFound: string
}

/** A select that searches the server by code or name (SPEC 12.1): the chosen row stays among the options. */
export function SearchPicker<T extends { id: number }, TKey extends QueryKey>({
  label,
  'aria-label': ariaLabel,
  description,
  value,
  onChange,
  error,
  required,
  disabled,
  labelOf,
  query,
  nothingFound,
}: SearchPickerProps<T, TKey>) {
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
      aria-label={ariaLabel}
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
      rightSection={result.isFetching && !disabled ? <Loader size="xs" role="status" aria-label={t`Carregando`} /> : undefined}
      error={error}
    />
  )
}
