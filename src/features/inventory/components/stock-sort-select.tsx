import { Select } from '@mantine/core'
import { useLingui } from '@lingui/react/macro'
import type { DataColumn } from '../../../components/data-table'

const DEFAULT = 'default'

/** SPEC 2.6: the server-side sort as a dropdown; it and the column headers set the same ordering. */
export function StockSortSelect<T>({
  columns,
  ordering,
  onChange,
}: {
  columns: readonly DataColumn<T>[]
  ordering: string
  onChange: (ordering: string) => void
}) {
  const { t, i18n } = useLingui()
  const options = [
    { value: DEFAULT, label: t`Padrão (produto, localização)` },
    ...columns
      .filter((column) => column.sortable ?? true)
      .flatMap((column) => {
        const name = i18n._(column.header)
        return [
          { value: column.id, label: t`${name}, crescente` },
          { value: `-${column.id}`, label: t`${name}, decrescente` },
        ]
      }),
  ]
  return (
    <Select
      aria-label={t`Ordenar por`}
      size="xs"
      w={240}
      allowDeselect={false}
      data={options}
      value={ordering || DEFAULT}
      onChange={(value) => onChange(!value || value === DEFAULT ? '' : value)}
      comboboxProps={{ withinPortal: true }}
    />
  )
}
