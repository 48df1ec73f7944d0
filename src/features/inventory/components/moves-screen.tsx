import { useCallback, useEffect, useRef, useState } from 'react'
import { Button, Group, MultiSelect, Paper, Pill, SimpleGrid, Stack, TextInput } from '@mantine/core'
import { useDebouncedValue } from '@mantine/hooks'
import { IconFilterOff } from '@tabler/icons-react'
import { Trans, useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { DataTable, type DataTableToolbarState } from '../../../components/data-table'
import { SEARCH_DEBOUNCE_MS } from '../../../components/data-table-params'
import type { ListParams } from '../../../lib/list-query'
import type { ListState } from '../../../lib/list-search'
import { MOVE_REASONS } from '../../../../contracts/inventory/inventory.rules'
import { movesQueryOptions } from '../api/get-moves'
import { MOVE_REASON_LABELS } from '../inventory-labels'
import type { MoveReason, StockMove } from '../inventory-types'
import { MOVE_COLUMNS } from '../move-columns'
import { hasMoveFilters, type MoveFilters } from '../moves-filters'
import { LocationPicker } from './location-picker'
import { MovesExportButton } from './moves-export-button'
import { ProductPicker } from './product-picker'

export const MOVES_TABLE_ID = 'inventory.moves'
const DEFAULT_HIDDEN = ['product__name1', 'note']

/**
 * A text filter applied as the list's search is: after the usual pause in typing (SEARCH_DEBOUNCE_MS, docs/requirements.md
 * §9), or at once on Enter or on leaving the field. A change from outside (Back, 'Limpar filtros') shows in the field.
 */
function TextFilter({ label, value, onCommit }: { label: string; value: string | undefined; onCommit: (value: string | undefined) => void }) {
  const [text, setText] = useState(value ?? '')
  useEffect(() => setText(value ?? ''), [value])
  const latest = useRef({ value, onCommit })
  useEffect(() => {
    latest.current = { value, onCommit }
  }, [value, onCommit])
  const commit = useCallback((typed: string) => {
    const trimmed = typed.trim()
    if (trimmed !== (latest.current.value ?? '')) latest.current.onCommit(trimmed === '' ? undefined : trimmed)
  }, [])
  const [debounced] = useDebouncedValue(text, SEARCH_DEBOUNCE_MS)
  const sent = useRef(debounced)
  useEffect(() => {
    if (debounced === sent.current) return
    sent.current = debounced
    commit(debounced)
  }, [debounced, commit])
  return (
    <TextInput
      label={label}
      size="xs"
      value={text}
      maxLength={100}
      autoComplete="off"
      spellCheck={false}
      onChange={(event) => setText(event.currentTarget.value)}
      onBlur={() => commit(text)}
      onKeyDown={(event) => {
        if (event.key === 'Enter') commit(text)
      }}
    />
  )
}

/** What the rows of a filtered page say about the filtered ids: the product's and the location's codes. */
function knownFromRows(rows: StockMove[] | undefined, filters: MoveFilters) {
  const first = rows?.[0]
  const location = first && filters.location ? [first.from_location, first.to_location].find((ref) => ref?.id === filters.location) : undefined
  const user = rows?.find((row) => row.user?.id === filters.user)?.user
  return {
    product: first && filters.product === first.product.id ? first.product : null,
    location: location ?? null,
    user: user ?? null,
  }
}

export interface MovesScreenProps extends ListState {
  filters: MoveFilters
  onFiltersChange: (filters: MoveFilters) => void
}

/**
 * SPEC 10.7: every change of stock, newest first, with the ledger's filters kept in the URL,
 * and a CSV export of what is shown.
 */
export function MovesScreen({ params, onParamsChange, filters, onFiltersChange }: MovesScreenProps) {
  const { t, i18n } = useLingui()
  const query = useCallback((list: ListParams) => movesQueryOptions(list, filters), [filters])
  // the same page the table reads: the rows name the codes of the ids a link filtered by
  const rows = useQuery({ ...movesQueryOptions(params, filters), enabled: Boolean(filters.product || filters.location || filters.user) }).data?.results
  const known = knownFromRows(rows, filters)
  const set = (patch: Partial<MoveFilters>) => onFiltersChange({ ...filters, ...patch })
  const reasons = MOVE_REASONS.map((reason) => ({ value: reason, label: i18n._(MOVE_REASON_LABELS[reason]) }))

  const toolbar = (state: DataTableToolbarState) => {
    const visible = state.columnIds.flatMap((id) => MOVE_COLUMNS.filter((column) => column.id === id))
    return <MovesExportButton params={state.params} filters={filters} columns={visible} count={state.count} />
  }

  return (
    <Stack gap="sm">
      <Paper withBorder p="sm" radius="md" component="section" aria-label={t`Filtros`}>
        <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }} spacing="sm" verticalSpacing="xs">
          <ProductPicker label={t`Produto`} size="xs" value={filters.product ?? null} known={known.product} onChange={(product) => set({ product: product?.id })} />
          <LocationPicker label={t`Localização`} size="xs" value={filters.location ?? null} known={known.location} onChange={(id) => set({ location: id ?? undefined })} />
          <TextFilter label={t`Lote`} value={filters.lot} onCommit={(lot) => set({ lot })} />
          <TextFilter label={t`Palete`} value={filters.pallet_code} onCommit={(pallet_code) => set({ pallet_code })} />
          <TextFilter label={t`SSCC`} value={filters.sscc} onCommit={(sscc) => set({ sscc })} />
          <MultiSelect
            label={t`Motivo`}
            size="xs"
            data={reasons}
            value={filters.reason ?? []}
            onChange={(value) => set({ reason: value.length > 0 ? (value as MoveReason[]) : undefined })}
            clearable
          />
          <TextInput label={t`De (data)`} size="xs" type="date" value={filters.date_from ?? ''} onChange={(event) => set({ date_from: event.currentTarget.value || undefined })} />
          <TextInput label={t`Até (data)`} size="xs" type="date" value={filters.date_to ?? ''} onChange={(event) => set({ date_to: event.currentTarget.value || undefined })} />
        </SimpleGrid>
        {filters.stock_line || filters.user || hasMoveFilters(filters) ? (
          <Group gap="xs" mt="sm">
            {filters.stock_line ? (
              <Pill withRemoveButton onRemove={() => set({ stock_line: undefined })} removeButtonProps={{ 'aria-label': t`Remover filtro de linha de estoque` }}>
                <Trans>Linha de estoque {filters.stock_line}</Trans>
              </Pill>
            ) : null}
            {filters.user ? (
              <Pill withRemoveButton onRemove={() => set({ user: undefined })} removeButtonProps={{ 'aria-label': t`Remover filtro de usuário` }}>
                <Trans>Usuário {known.user?.username ?? filters.user}</Trans>
              </Pill>
            ) : null}
            <Button size="compact-xs" variant="subtle" leftSection={<IconFilterOff size={14} aria-hidden />} onClick={() => onFiltersChange({})}>
              <Trans>Limpar filtros</Trans>
            </Button>
          </Group>
        ) : null}
      </Paper>
      <DataTable
        params={params}
        onParamsChange={onParamsChange}
        tableId={MOVES_TABLE_ID}
        label={t`Movimentações`}
        columns={MOVE_COLUMNS}
        query={query}
        getRowId={(row) => String(row.id)}
        defaultHidden={DEFAULT_HIDDEN}
        toolbar={toolbar}
        emptyText={<Trans>Nenhuma movimentação encontrada.</Trans>}
        // ten columns of codes and dates fit at 1280 px, each code on one line (docs/requirements.md §2.14)
        compact
      />
    </Stack>
  )
}

