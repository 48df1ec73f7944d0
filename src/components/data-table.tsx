import { useEffect, useMemo, useState, type CSSProperties, type DragEvent, type ReactNode } from 'react'
import { Alert, Group, Loader, Pagination, Select, Stack, Table, Text, TextInput, UnstyledButton } from '@mantine/core'
import { IconAlertTriangle, IconArrowDown, IconArrowUp, IconSearch, IconSelector } from '@tabler/icons-react'
import { Trans, useLingui } from '@lingui/react/macro'
import { keepPreviousData, useQuery, type QueryKey, type UseQueryOptions } from '@tanstack/react-query'
import {
  columnOrderingFeature,
  columnVisibilityFeature,
  rowPaginationFeature,
  rowSortingFeature,
  tableFeatures,
  useTable,
  type ColumnDef,
  type ColumnVisibilityState,
  type PaginationState,
  type RowData,
  type Updater,
} from '@tanstack/react-table'
import { ApiError, apiErrorText } from '../lib/api-client'
import { formatNumber } from '../lib/format'
import { PAGE_SIZES, type ListParams, type Paged } from '../lib/list-query'
import { alignOf, CellValue } from './data-table-cells'
import type { DataColumn } from './data-table-column'
import { ColumnsMenu } from './data-table-columns-menu'
import { fromOrdering, toOrdering, useSearchText, useTableParams, type ChangeParams } from './data-table-params'
import { dropped, useColumnPreferences } from './data-table-preferences'

export { SEARCH_DEBOUNCE_MS } from './data-table-params'

export type { ColumnKind, DataColumn } from './data-table-column'

export interface DataTableProps<T extends RowData, TKey extends QueryKey = QueryKey> {
  /** persists column order and hidden columns under this id */
  tableId: string
  /** an accessible name for the table */
  label: string
  columns: DataColumn<T>[]
  query: (params: ListParams) => UseQueryOptions<Paged<T>, Error, Paged<T>, TKey>
  getRowId: (row: T) => string
  /** a message for errors a feature knows better than the table (e.g. no endpoint found) */
  describeError?: (error: Error) => ReactNode | null
  /** columns hidden until the user chooses otherwise (and again after 'Restaurar colunas') */
  defaultHidden?: string[]
  /** extra controls beside the Columns button (a sort dropdown, an export), given the table's current state */
  toolbar?: (state: DataTableToolbarState) => ReactNode
  /** the page, page size, search and ordering shown, when the screen holds them (a list screen keeps them in its URL) */
  params?: ListParams
  /** told whenever the user changes page, page size, search or ordering */
  onParamsChange?: ChangeParams
  /** what an empty list says (by default 'Nenhum registro encontrado.') */
  emptyText?: ReactNode
  /** a smaller type and narrower cell padding, for a ledger with many columns of codes that must fit at 1280 px */
  compact?: boolean
  /** false for a list its endpoint cannot search (a delivery log): no search box is offered */
  searchable?: boolean
}

export interface DataTableToolbarState {
  params: ListParams
  count: number
  /** the visible columns' ids, in the order shown */
  columnIds: string[]
  /** sets the server-side ordering (DRF `field` or `-field`, '' for none), as a header click would */
  setOrdering: (ordering: string) => void
}

/**
 * SPEC 12.7: a row's actions never scroll out of sight. A table wider than its place (at 1280 px the copack, users
 * and tasks tables were) scrolls sideways under an `actions` column that stays at the right edge.
 */
const STICKY_ACTIONS: CSSProperties = {
  position: 'sticky',
  right: 0,
  zIndex: 1,
  background: 'var(--mantine-color-body)',
  boxShadow: 'inset 1px 0 0 var(--table-border-color)',
}
const stickyIf = (id: string): CSSProperties | undefined => (id === 'actions' ? STICKY_ACTIONS : undefined)

/**
 * SPEC 2.14: every table fits at 1280 px. Words in text cells and headers wrap, so a name or a description gives up
 * width before the table scrolls; numbers, dates and a row's actions stay on one line.
 */
function whiteSpaceOf<T>(column: DataColumn<T>): CSSProperties['whiteSpace'] {
  return column.id === 'actions' || column.nowrap || column.kind === 'number' || column.kind === 'date' || alignOf(column) === 'right' ? 'nowrap' : 'normal'
}

/** SPEC 2.14: the sticky `actions` column is the last one, whatever order the user stored (the waves table had it second). */
export function actionsLast(order: string[]): string[] {
  return order.includes('actions') ? [...order.filter((id) => id !== 'actions'), 'actions'] : order
}

const features = tableFeatures({ rowSortingFeature, rowPaginationFeature, columnOrderingFeature, columnVisibilityFeature })
type Features = typeof features

function apply<T>(updater: Updater<T>, current: T): T {
  return typeof updater === 'function' ? (updater as (old: T) => T)(current) : updater
}

function errorMessage(error: Error): { notFound: boolean; text: string | null } {
  if (error instanceof ApiError && error.status === 404) return { notFound: true, text: null }
  return { notFound: false, text: apiErrorText(error) }
}

export function DataTable<T extends RowData, TKey extends QueryKey = QueryKey>({
  tableId,
  label,
  columns,
  query,
  getRowId,
  describeError,
  toolbar,
  params: heldParams,
  onParamsChange,
  defaultHidden,
  emptyText,
  compact = false,
  searchable = true,
}: DataTableProps<T, TKey>) {
  const { t, i18n } = useLingui()
  const columnIds = useMemo(() => columns.map((column) => column.id), [columns])
  const byId = useMemo(() => new Map(columns.map((column) => [column.id, column])), [columns])

  const { params, change } = useTableParams(heldParams, onParamsChange)
  const [search, setSearch] = useSearchText(params, change)
  const { stored, persist, reset } = useColumnPreferences(tableId, columnIds, defaultHidden)
  const [dragging, setDragging] = useState<string | null>(null)

  const pagination: PaginationState = { pageIndex: params.page - 1, pageSize: params.pageSize }
  const sorting = useMemo(() => fromOrdering(params.ordering), [params.ordering])
  const result = useQuery({ ...query(params), placeholderData: keepPreviousData })
  const rows = result.data?.results
  const count = result.data?.count ?? 0
  const pageCount = Math.max(1, Math.ceil(count / params.pageSize))
  const total = formatNumber(count, i18n.locale)

  // SPEC 5: never past the last page (the list may have shrunk since the page was chosen, or a link named one too far)
  const pastTheEnd = Boolean(result.data) && !result.isPlaceholderData && params.page > pageCount
  useEffect(() => {
    if (pastTheEnd) change({ ...params, page: pageCount }, { replace: true })
  }, [pastTheEnd, params, pageCount, change])

  const columnDefs = useMemo<ColumnDef<Features, T, unknown>[]>(
    () =>
      columns.map((column) => ({
        id: column.id,
        header: column.id,
        accessorFn: (row: T) => column.value(row),
        enableSorting: column.sortable ?? true,
        // SPEC 4: right-aligned (numeric) columns sort descending first
        sortDescFirst: alignOf(column) === 'right',
      })),
    [columns],
  )

  const columnVisibility = useMemo<ColumnVisibilityState>(
    () => Object.fromEntries(stored.hidden.map((id) => [id, false])),
    [stored.hidden],
  )

  const emptyRows = useMemo<T[]>(() => [], [])
  const table = useTable<Features, T>({
    features,
    columns: columnDefs,
    data: rows ?? emptyRows,
    getRowId: (row) => getRowId(row),
    rowCount: count,
    manualPagination: true,
    manualSorting: true,
    enableMultiSort: false,
    state: { pagination, sorting, columnOrder: actionsLast(stored.order), columnVisibility },
    onPaginationChange: (updater) => {
      const next = apply(updater, pagination)
      change({ ...params, page: next.pageIndex + 1, pageSize: next.pageSize })
    },
    onSortingChange: (updater) => change({ ...params, ordering: toOrdering(apply(updater, sorting)), page: 1 }),
    onColumnOrderChange: (updater) => persist({ ...stored, order: actionsLast(apply(updater, stored.order)) }),
    onColumnVisibilityChange: (updater) => {
      const next = apply(updater, columnVisibility)
      const hidden = columnIds.filter((id) => next[id] === false)
      // at least one column stays visible
      if (hidden.length < columnIds.length) persist({ ...stored, hidden })
    },
  })

  const visibleColumns = table.getVisibleLeafColumns()

  const onDrop = (event: DragEvent, targetId: string) => {
    event.preventDefault()
    const sourceId = dragging ?? event.dataTransfer.getData('text/plain')
    setDragging(null)
    if (!sourceId || sourceId === targetId) return
    table.setColumnOrder(dropped(stored.order, sourceId, targetId))
  }

  const failure = result.error
  const failureView = failure ? (describeError?.(failure) ?? null) : null
  const failureText = failure ? errorMessage(failure) : null

  return (
    <Stack gap="sm">
      <Group justify="space-between" wrap="wrap">
        {searchable ? (
          <TextInput
            aria-label={t`Pesquisar`}
            placeholder={t`Pesquisar...`}
            leftSection={<IconSearch size={16} aria-hidden />}
            value={search}
            onChange={(event) => setSearch(event.currentTarget.value)}
            w={{ base: '100%', xs: 320 }}
            type="search"
          />
        ) : (
          <span />
        )}
        <Group gap="xs">
          {result.isFetching ? <Loader size="xs" role="status" aria-label={t`Carregando`} /> : null}
          {toolbar?.({
            params,
            count,
            columnIds: visibleColumns.map((column) => column.id),
            setOrdering: (ordering) => change({ ...params, ordering, page: 1 }),
          })}
          <ColumnsMenu
            order={stored.order}
            hidden={stored.hidden}
            headerOf={(id) => byId.get(id)?.header}
            onToggle={(id, visible) => table.getColumn(id)?.toggleVisibility(visible)}
            onOrder={(order) => table.setColumnOrder(order)}
            onReset={reset}
          />
        </Group>
      </Group>

      {failure ? (
        <Alert color="yellow" icon={<IconAlertTriangle size={18} aria-hidden />} role="alert">
          {failureView ??
            (failureText?.notFound ? (
              <Trans>Endpoint não encontrado (404). Confira a rota.</Trans>
            ) : (
              (failureText?.text ?? <Trans>Erro ao carregar dados.</Trans>)
            ))}
        </Alert>
      ) : null}

      <Table.ScrollContainer minWidth={560}>
        <Table
          striped
          highlightOnHover
          withTableBorder
          verticalSpacing="xs"
          {...(compact ? { fz: 'xs', horizontalSpacing: 6 } : {})}
          aria-label={label}
          aria-busy={result.isFetching}
        >
          <Table.Thead>
            {table.getHeaderGroups().map((group) => (
              <Table.Tr key={group.id}>
                {group.headers.map((header) => {
                  const column = byId.get(header.column.id)
                  if (!column) return null
                  const name = i18n._(column.header)
                  const sorted = header.column.getIsSorted()
                  const align = alignOf(column)
                  const SortIcon = sorted === 'asc' ? IconArrowUp : sorted === 'desc' ? IconArrowDown : IconSelector
                  return (
                    <Table.Th
                      key={header.id}
                      ta={align}
                      aria-sort={sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : undefined}
                      draggable
                      onDragStart={(event: DragEvent) => {
                        setDragging(column.id)
                        event.dataTransfer.setData('text/plain', column.id)
                        event.dataTransfer.effectAllowed = 'move'
                      }}
                      onDragOver={(event: DragEvent) => event.preventDefault()}
                      onDrop={(event: DragEvent) => onDrop(event, column.id)}
                      onDragEnd={() => setDragging(null)}
                      style={{ whiteSpace: column.id === 'actions' ? 'nowrap' : 'normal', opacity: dragging === column.id ? 0.5 : 1, cursor: 'grab', ...stickyIf(column.id) }}
                    >
                      {header.column.getCanSort() ? (
                        <UnstyledButton
                          onClick={() => header.column.toggleSorting()}
                          fw={600}
                          fz="sm"
                          style={{ display: 'inline-flex', alignItems: 'center', gap: 4 }}
                        >
                          {name}
                          <SortIcon size={14} aria-hidden style={{ opacity: sorted ? 1 : 0.4 }} />
                        </UnstyledButton>
                      ) : (
                        name
                      )}
                    </Table.Th>
                  )
                })}
              </Table.Tr>
            ))}
          </Table.Thead>
          <Table.Tbody>
            {table.getRowModel().rows.map((row) => (
              <Table.Tr key={row.id}>
                {row.getVisibleCells().map((cell) => {
                  const column = byId.get(cell.column.id)
                  if (!column) return null
                  return (
                    <Table.Td key={cell.id} ta={alignOf(column)} style={{ whiteSpace: whiteSpaceOf(column), ...stickyIf(column.id) }}>
                      {column.render ? (
                        column.render(row.original, i18n.locale)
                      ) : (
                        <CellValue value={cell.getValue()} kind={column.kind ?? 'text'} locale={i18n.locale} />
                      )}
                    </Table.Td>
                  )
                })}
              </Table.Tr>
            ))}
            {!rows || rows.length === 0 ? (
              <Table.Tr>
                <Table.Td colSpan={visibleColumns.length}>
                  <Text c="dimmed" ta="center" py="md" size="sm">
                    {result.isPending ? (
                      <Trans>Carregando...</Trans>
                    ) : failure ? (
                      <Trans>Erro ao consultar.</Trans>
                    ) : (
                      (emptyText ?? <Trans>Nenhum registro encontrado.</Trans>)
                    )}
                  </Text>
                </Table.Td>
              </Table.Tr>
            ) : null}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>

      <Group justify="space-between" wrap="wrap">
        <Group gap="sm">
          <Text size="sm" c="dimmed" aria-live="polite">
            <Trans>Total: {total}</Trans>
          </Text>
          <Select
            aria-label={t`Itens por página`}
            size="xs"
            w={90}
            allowDeselect={false}
            data={PAGE_SIZES.map((size) => ({ value: String(size), label: String(size) }))}
            value={String(params.pageSize)}
            onChange={(value) => {
              if (value) change({ ...params, page: 1, pageSize: Number(value) })
            }}
          />
        </Group>
        <Pagination
          size="sm"
          total={pageCount}
          value={Math.min(params.page, pageCount)}
          onChange={(page) => table.setPageIndex(Math.min(Math.max(page, 1), pageCount) - 1)}
          withEdges
          getItemProps={(page) => ({ 'aria-label': t`Página ${page}` })}
          getControlProps={(control) => ({
            'aria-label':
              control === 'first'
                ? t`Primeira página`
                : control === 'previous'
                  ? t`Página anterior`
                  : control === 'next'
                    ? t`Próxima página`
                    : t`Última página`,
          })}
        />
      </Group>
    </Stack>
  )
}
