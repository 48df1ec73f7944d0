import { useState, type ReactNode } from 'react'
import { Loader, Select } from '@mantine/core'
import { useDebouncedValue } from '@mantine/hooks'
import { useLingui } from '@lingui/react/macro'
import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { SEARCH_DEBOUNCE_MS } from '../../../components/data-table'
import { supplierSearchQueryOptions } from '../api/search-suppliers'
import type { SupplierOption } from '../receiving-types'

const labelOf = (s: SupplierOption) => `${s.code} — ${s.name}`

export interface SupplierPickerProps {
  label: string
  value: SupplierOption | null
  onChange: (supplier: SupplierOption | null) => void
  error?: ReactNode
  required?: boolean
  disabled?: boolean
}

/** The document's supplier, searched by code or name on the server. */
export function SupplierPicker({ label, value, onChange, error, required, disabled }: SupplierPickerProps) {
  const { t } = useLingui()
  const [search, setSearch] = useState('')
  const typed = value && search === labelOf(value) ? '' : search.trim()
  const [debounced] = useDebouncedValue(typed, SEARCH_DEBOUNCE_MS)
  const result = useQuery({ ...supplierSearchQueryOptions(debounced), placeholderData: keepPreviousData, enabled: !disabled })
  const found = result.data ?? []
  const options = value && !found.some((s) => s.id === value.id) ? [value, ...found] : found
  return (
    <Select
      label={label}
      placeholder={disabled ? undefined : t`Pesquise por código ou nome`}
      required={required}
      disabled={disabled}
      searchable
      clearable={!disabled}
      data={options.map((s) => ({ value: String(s.id), label: labelOf(s) }))}
      filter={({ options: all }) => all}
      value={value ? String(value.id) : null}
      searchValue={search}
      onSearchChange={setSearch}
      onChange={(id) => onChange(options.find((s) => String(s.id) === id) ?? null)}
      nothingFoundMessage={result.isFetching ? t`Pesquisando...` : t`Nenhum fornecedor encontrado`}
      rightSection={result.isFetching && !disabled ? <Loader size="xs" role="status" aria-label={t`Carregando`} /> : undefined}
      error={error}
    />
  )
}
