import { useEffect, useMemo, useState, type DragEvent, type ReactNode } from 'react'
import {
  ActionIcon,
  Alert,
  Box,
  Button,
  Checkbox,
  Group,
  Loader,
  Pagination,
  Popover,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
  UnstyledButton,
} from '@mantine/core'
import { useDebouncedValue } from '@mantine/hooks'
import {
  IconAlertTriangle,
  IconArrowDown,
  IconArrowLeft,
  IconArrowRight,
  IconArrowUp,
  IconColumns,
  IconSearch,
  IconSelector,
} from '@tabler/icons-react'
import type { MessageDescriptor } from '@lingui/core'
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
  type ColumnOrderState,
  type ColumnVisibilityState,
  type PaginationState,
  type RowData,
  type SortingState,
  type Updater,
} from '@tanstack/react-table'
import { ApiError, apiErrorText } from '../lib/api-client'
import { formatDate, formatNumber } from '../lib/format'
import { DEFAULT_PAGE_SIZE, PAGE_SIZES, type ListParams, type Paged } from '../lib/list-query'
import { tableColumnsKey } from '../lib/table-storage'

// SPEC 9: search waits 350 ms after the last keystroke
export const SEARCH_DEBOUNCE_MS = 350

export type ColumnKind = 'text' | 'number' | 'date' | 'boolean'

export interface DataColumn<T> {
  /** the DRF field name, also sent as `ordering` (a related field is written `warehouse__code`) */
  id: string
  header: MessageDescriptor
  value: (row: T) => unknown
  /** custom cell content; without it the value is formatted by `kind` */
  render?: (row: T, locale: string) => ReactNode
  kind?: ColumnKind
  /** numbers are right-aligned by default; a right-aligned column sorts descending first (SPEC 4) */
  align?: 'left' | 'right'
  sortable?: boolean
}

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
  /** told whenever page, page size, search or ordering change (a panel that shows the same page) */
  onParamsChange?: (params: ListParams) => void
}

export interface DataTableToolbarState {
  params: ListParams
  count: number
  /** the visible columns' ids, in the order shown */
  columnIds: string[]
  /** sets the server-side ordering (DRF `field` or `-field`, '' for none), as a header click would */
  setOrdering: (ordering: string) => void
}

const features = tableFeatures({ rowSortingFeature, rowPaginationFeature, columnOrderingFeature, columnVisibilityFeature })
type Features = typeof features

interface StoredColumns {
  order: ColumnOrderState
  hidden: string[]
}

function defaultColumns(ids: string[], defaultHidden: string[] = []): StoredColumns {
  return { order: ids, hidden: defaultHidden.filter((id) => ids.includes(id)) }
}

function readColumns(tableId: string, ids: string[], defaultHidden: string[] = []): StoredColumns {
  const initial = defaultColumns(ids, defaultHidden)
  try {
    const raw: unknown = JSON.parse(localStorage.getItem(tableColumnsKey(tableId)) ?? 'null')
    if (typeof raw !== 'object' || raw === null) return initial
    const record = raw as Record<string, unknown>
    const order = Array.isArray(record.order) ? record.order.filter((id): id is string => typeof id === 'string' && ids.includes(id)) : []
    const hidden = Array.isArray(record.hidden) ? record.hidden.filter((id): id is string => typeof id === 'string' && ids.includes(id)) : []
    // columns added since the preference was saved go at the end
    return { order: [...order, ...ids.filter((id) => !order.includes(id))], hidden: hidden.length < ids.length ? hidden : [] }
  } catch {
    return initial
  }
}

function writeColumns(tableId: string, value: StoredColumns): void {
  try {
    localStorage.setItem(tableColumnsKey(tableId), JSON.stringify(value))
  } catch {
    // storage unavailable: the layout lasts this visit only
  }
}

function apply<T>(updater: Updater<T>, current: T): T {
  return typeof updater === 'function' ? (updater as (old: T) => T)(current) : updater
}

/** SPEC 4, 7: the first sort key becomes DRF's `ordering`, `-field` when descending. */
export function toOrdering(sorting: SortingState): string {
  const first = sorting[0]
  if (!first) return ''
  return `${first.desc ? '-' : ''}${first.id}`
}

/** The inverse of toOrdering. */
export function fromOrdering(ordering: string): SortingState {
  if (!ordering) return []
  return ordering.startsWith('-') ? [{ id: ordering.slice(1), desc: true }] : [{ id: ordering, desc: false }]
}

function alignOf<T>(column: DataColumn<T>): 'left' | 'right' {
  return column.align ?? (column.kind === 'number' ? 'right' : 'left')
}

function moved(order: string[], id: string, delta: number): string[] {
  const from = order.indexOf(id)
  const to = from + delta
  if (from < 0 || to < 0 || to >= order.length) return order
  const next = order.filter((entry) => entry !== id)
  next.splice(to, 0, id)
  return next
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
  onParamsChange,
  defaultHidden,
}: DataTableProps<T, TKey>) {
  const { t, i18n } = useLingui()
  const columnIds = useMemo(() => columns.map((column) => column.id), [columns])
  const byId = useMemo(() => new Map(columns.map((column) => [column.id, column])), [columns])

  const [search, setSearch] = useState('')
  const [debouncedSearch] = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS)
  const [appliedSearch, setAppliedSearch] = useState('')
  const [pagination, setPagination] = useState<PaginationState>({ pageIndex: 0, pageSize: DEFAULT_PAGE_SIZE })
  const [sorting, setSorting] = useState<SortingState>([])
  const [stored, setStored] = useState<StoredColumns>(() => readColumns(tableId, columnIds, defaultHidden))
  const [dragging, setDragging] = useState<string | null>(null)

  // SPEC 2.14: a new search starts again from page 1
  if (debouncedSearch !== appliedSearch) {
    setAppliedSearch(debouncedSearch)
    setPagination((current) => ({ ...current, pageIndex: 0 }))
  }

  const params: ListParams = {
    page: pagination.pageIndex + 1,
    pageSize: pagination.pageSize,
    search: appliedSearch,
    ordering: toOrdering(sorting),
  }
  const result = useQuery({ ...query(params), placeholderData: keepPreviousData })
  useEffect(() => {
    onParamsChange?.({ page: params.page, pageSize: params.pageSize, search: params.search, ordering: params.ordering })
  }, [onParamsChange, params.page, params.pageSize, params.search, params.ordering])
  const rows = result.data?.results
  const count = result.data?.count ?? 0
  const pageCount = Math.max(1, Math.ceil(count / pagination.pageSize))
  const total = formatNumber(count, i18n.locale)

  // SPEC 5: never past the last page (the list may have shrunk since the page was chosen)
  if (result.data && !result.isPlaceholderData && pagination.pageIndex > pageCount - 1) {
    setPagination((current) => ({ ...current, pageIndex: pageCount - 1 }))
  }

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

  const persist = (next: StoredColumns) => {
    setStored(next)
    writeColumns(tableId, next)
  }

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
    state: { pagination, sorting, columnOrder: stored.order, columnVisibility },
    onPaginationChange: (updater) => setPagination((current) => apply(updater, current)),
    onSortingChange: (updater) => {
      setSorting((current) => apply(updater, current))
      setPagination((current) => ({ ...current, pageIndex: 0 }))
    },
    onColumnOrderChange: (updater) => persist({ ...stored, order: apply(updater, stored.order) }),
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
    const order = stored.order.filter((id) => id !== sourceId)
    order.splice(order.indexOf(targetId) + (stored.order.indexOf(sourceId) < stored.order.indexOf(targetId) ? 1 : 0), 0, sourceId)
    table.setColumnOrder(order)
  }

  const failure = result.error
  const failureView = failure ? (describeError?.(failure) ?? null) : null
  const failureText = failure ? errorMessage(failure) : null

  return (
    <Stack gap="sm">
      <Group justify="space-between" wrap="wrap">
        <TextInput
          aria-label={t`Pesquisar`}
          placeholder={t`Pesquisar...`}
          leftSection={<IconSearch size={16} aria-hidden />}
          value={search}
          onChange={(event) => setSearch(event.currentTarget.value)}
          w={{ base: '100%', xs: 320 }}
          type="search"
        />
        <Group gap="xs">
          {result.isFetching ? <Loader size="xs" role="status" aria-label={t`Carregando`} /> : null}
          {toolbar?.({
            params,
            count,
            columnIds: visibleColumns.map((column) => column.id),
            setOrdering: (ordering) => {
              setSorting(fromOrdering(ordering))
              setPagination((current) => ({ ...current, pageIndex: 0 }))
            },
          })}
          <Popover position="bottom-end" shadow="md" withinPortal trapFocus>
            <Popover.Target>
              <Button variant="default" size="xs" leftSection={<IconColumns size={16} aria-hidden />}>
                <Trans>Colunas</Trans>
              </Button>
            </Popover.Target>
            <Popover.Dropdown>
              <Stack gap={6} role="group" aria-label={t`Colunas`}>
                {stored.order.map((id, index) => {
                  const column = byId.get(id)
                  if (!column) return null
                  const name = i18n._(column.header)
                  const visible = !stored.hidden.includes(id)
                  return (
                    <Group key={id} gap="xs" justify="space-between" wrap="nowrap">
                      <Checkbox
                        label={name}
                        checked={visible}
                        disabled={visible && visibleColumns.length === 1}
                        onChange={(event) => table.getColumn(id)?.toggleVisibility(event.currentTarget.checked)}
                      />
                      <Group gap={2} wrap="nowrap">
                        <ActionIcon
                          variant="subtle"
                          size="sm"
                          aria-label={t`Mover ${name} para a esquerda`}
                          disabled={index === 0}
                          onClick={() => table.setColumnOrder(moved(stored.order, id, -1))}
                        >
                          <IconArrowLeft size={14} aria-hidden />
                        </ActionIcon>
                        <ActionIcon
                          variant="subtle"
                          size="sm"
                          aria-label={t`Mover ${name} para a direita`}
                          disabled={index === stored.order.length - 1}
                          onClick={() => table.setColumnOrder(moved(stored.order, id, 1))}
                        >
                          <IconArrowRight size={14} aria-hidden />
                        </ActionIcon>
                      </Group>
                    </Group>
                  )
                })}
                <Button
                  variant="subtle"
                  size="xs"
                  mt={4}
                  onClick={() => persist(defaultColumns(columnIds, defaultHidden))}
                >
                  <Trans>Restaurar colunas</Trans>
                </Button>
              </Stack>
            </Popover.Dropdown>
          </Popover>
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
        <Table striped highlightOnHover withTableBorder verticalSpacing="xs" aria-label={label} aria-busy={result.isFetching}>
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
                      style={{ whiteSpace: 'nowrap', opacity: dragging === column.id ? 0.5 : 1, cursor: 'grab' }}
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
                    <Table.Td key={cell.id} ta={alignOf(column)} style={{ whiteSpace: 'nowrap' }}>
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
                      <Trans>Nenhum registro encontrado.</Trans>
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
            value={String(pagination.pageSize)}
            onChange={(value) => {
              if (value) setPagination({ pageIndex: 0, pageSize: Number(value) })
            }}
          />
        </Group>
        <Pagination
          size="sm"
          total={pageCount}
          value={Math.min(pagination.pageIndex + 1, pageCount)}
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

function CellValue({ value, kind, locale }: { value: unknown; kind: ColumnKind; locale: string }) {
  const { t } = useLingui()
  if (value === null || value === undefined || value === '') return <Box component="span" c="dimmed">—</Box>
  if (kind === 'number') {
    const number = typeof value === 'number' ? value : Number(value)
    return <>{Number.isFinite(number) ? formatNumber(number, locale) : String(value)}</>
  }
  if (kind === 'date' && (typeof value === 'string' || value instanceof Date)) return <>{formatDate(value, locale)}</>
  if (kind === 'boolean' || typeof value === 'boolean') return <>{value ? t`Sim` : t`Não`}</>
  return <>{String(value)}</>
}
