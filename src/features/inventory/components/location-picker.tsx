import { useState } from 'react'
import { Select } from '@mantine/core'
import { useDebouncedValue } from '@mantine/hooks'
import { useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { locationOptionsQueryOptions, type LocationOption } from '../api/get-location-options'

export interface LocationPickerProps {
  label: string
  value: number | null
  onChange: (id: number | null, option: LocationOption | null) => void
  error?: React.ReactNode
  required?: boolean
  /** a location the list leaves out (where the stock already is) */
  exclude?: number
  description?: React.ReactNode
  /** the chosen location's code when the value came from elsewhere (a link) */
  known?: { id: number; code: string } | null
  size?: 'xs' | 'sm'
}

/** SPEC 9: suggestions from 2 characters, 10 at a time, after the search debounce; inactive locations are shown disabled. */
export function LocationPicker({ label, value, onChange, error, required, exclude, description, known, size }: LocationPickerProps) {
  const { t } = useLingui()
  const [search, setSearch] = useState('')
  const [chosen, setChosen] = useState<LocationOption | null>(null)
  const [debounced] = useDebouncedValue(search.trim(), 350)
  const options = useQuery({ ...locationOptionsQueryOptions(debounced), enabled: debounced.length >= 2 })
  const found = (options.data ?? []).filter((option) => option.id !== exclude)
  const held = chosen ?? (known && value === known.id ? { ...known, name: null, is_active: true } : null)
  const all = held && !found.some((option) => option.id === held.id) ? [held, ...found] : found
  return (
    <Select
      label={label}
      description={description}
      size={size}
      required={required}
      searchable
      clearable
      placeholder={t`Digite ao menos 2 caracteres`}
      nothingFoundMessage={debounced.length >= 2 && !options.isFetching ? t`Nenhuma localização encontrada` : undefined}
      searchValue={search}
      onSearchChange={setSearch}
      filter={({ options }) => options}
      data={all.map((option) => ({
        value: String(option.id),
        label: option.name && option.name !== option.code ? `${option.code} — ${option.name}` : option.code,
        disabled: !option.is_active,
      }))}
      value={value === null ? null : String(value)}
      onChange={(next) => {
        const id = next === null ? null : Number(next)
        const option = all.find((o) => o.id === id) ?? null
        setChosen(option)
        onChange(id, option)
      }}
      error={error}
    />
  )
}
