import { useState } from 'react'
import { Select } from '@mantine/core'
import { useDebouncedValue } from '@mantine/hooks'
import { useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { productOptionsQueryOptions, type ProductOption } from '../api/get-product-options'

export interface ProductPickerProps {
  label: string
  value: number | null
  onChange: (product: ProductOption | null) => void
  error?: React.ReactNode
  required?: boolean
  /** the chosen product when the value came from elsewhere (a link) */
  known?: { id: number; code: string; name1?: string } | null
  size?: 'xs' | 'sm'
}

/** A product by code or name: suggestions from 2 characters, 10 at a time (SPEC 9). */
export function ProductPicker({ label, value, onChange, error, required, known, size }: ProductPickerProps) {
  const { t } = useLingui()
  const [search, setSearch] = useState('')
  const [chosen, setChosen] = useState<ProductOption | null>(null)
  const [debounced] = useDebouncedValue(search.trim(), 350)
  const options = useQuery({ ...productOptionsQueryOptions(debounced), enabled: debounced.length >= 2 })
  const found = options.data ?? []
  const held = chosen ?? (known && value === known.id ? { id: known.id, code: known.code, name1: known.name1 ?? '' } : null)
  const all = held && !found.some((option) => option.id === held.id) ? [held, ...found] : found
  return (
    <Select
      label={label}
      required={required}
      size={size}
      searchable
      clearable
      placeholder={t`Digite ao menos 2 caracteres`}
      nothingFoundMessage={debounced.length >= 2 && !options.isFetching ? t`Nenhum produto encontrado` : undefined}
      searchValue={search}
      onSearchChange={setSearch}
      filter={({ options }) => options}
      data={all.map((option) => ({ value: String(option.id), label: option.name1 ? `${option.code} — ${option.name1}` : option.code }))}
      value={value === null ? null : String(value)}
      onChange={(next) => {
        const product = next === null ? null : (all.find((option) => option.id === Number(next)) ?? null)
        setChosen(product)
        onChange(product)
      }}
      error={error}
    />
  )
}
