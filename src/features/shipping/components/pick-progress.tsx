import { useMemo, useState, type CSSProperties } from 'react'
import { ActionIcon, Alert, Badge, Group, Loader, Paper, Progress, Stack, Table, Text, Title, Tooltip } from '@mantine/core'
import { notifications } from '@mantine/notifications'
import { IconAlertTriangle, IconUserShare } from '@tabler/icons-react'
import { Trans, useLingui } from '@lingui/react/macro'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { tableFeatures, useTable, type ColumnDef } from '@tanstack/react-table'
import { LoadFailure } from '../../../components/load-failure'
import { formatNumber, formatQty } from '../../../lib/format'
import { pickProgressQueryOptions } from '../api/get-pick-progress'
import { shippingKeys } from '../shipping-query-keys'
import type { PickProgressBatch, PickProgressWave } from '../shipping-types'
import { LinkAnchor } from './link-anchor'
import { ReassignBatchDialog } from './reassign-batch-dialog'

const features = tableFeatures({})

// SPEC 12.7: a row's actions never scroll out of sight (as DataTable's sticky actions column)
const STICKY_ACTIONS: CSSProperties = {
  position: 'sticky',
  right: 0,
  zIndex: 1,
  background: 'var(--mantine-color-body)',
  boxShadow: 'inset 1px 0 0 var(--table-border-color)',
}
const stickyIf = (id: string): CSSProperties | undefined => (id === 'actions' ? STICKY_ACTIONS : undefined)
type Features = typeof features

/** Seconds as the supervisor reads them: "45 s", "12 min", "1 h 05 min". */
export function elapsedText(seconds: number): string {
  if (seconds < 60) return `${seconds} s`
  const minutes = Math.floor(seconds / 60)
  if (minutes < 60) return `${minutes} min`
  return `${Math.floor(minutes / 60)} h ${String(minutes % 60).padStart(2, '0')} min`
}

function BatchStatus({ status }: { status: PickProgressBatch['status'] }) {
  const { t } = useLingui()
  const [color, label] =
    status === 'in_progress'
      ? ['blue', t`Em separação`]
      : status === 'done'
        ? ['green', t`Concluído`]
        : status === 'cancelled'
          ? ['gray', t`Cancelado`]
          : ['yellow', t`Aguardando`]
  return (
    <Badge color={color} variant="dot" size="sm" style={{ minWidth: 'max-content' }}>
      {label}
    </Badge>
  )
}

/** One wave's batches (TanStack Table, as the lists): progress, operator, time since the start, exceptions, cart. */
function WaveBatches({ wave, canAssign, onAssign }: { wave: PickProgressWave; canAssign: boolean; onAssign: (batch: PickProgressBatch) => void }) {
  const { t, i18n } = useLingui()
  const columns = useMemo<ColumnDef<Features, PickProgressBatch, unknown>[]>(
    () => [
      { id: 'code', header: t`Lote de separação`, accessorFn: (b) => b.code },
      { id: 'status', header: t`Situação`, accessorFn: (b) => b.status },
      { id: 'orders', header: t`Pedidos`, accessorFn: (b) => b.orders },
      { id: 'progress', header: t`Separado`, accessorFn: (b) => b.done },
      {
        id: 'assignee',
        header: t`Operador`,
        accessorFn: (b) => b.assignee?.username ?? '',
      },
      {
        id: 'elapsed',
        header: t`Desde o início`,
        accessorFn: (b) => b.elapsed_seconds,
      },
      {
        id: 'exceptions',
        header: t`Exceções`,
        accessorFn: (b) => b.exceptions,
      },
      { id: 'cart', header: t`Carrinho`, accessorFn: (b) => b.cart ?? '' },
      ...(canAssign
        ? [
            {
              id: 'actions',
              header: t`Ações`,
              accessorFn: (b: PickProgressBatch) => b.id,
            },
          ]
        : []),
    ],
    [t, canAssign],
  )
  const table = useTable<Features, PickProgressBatch>({
    features,
    columns,
    data: wave.batches,
    getRowId: (b) => String(b.id),
  })

  const cell = (id: string, b: PickProgressBatch) => {
    switch (id) {
      case 'code':
        return (
          <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
            {b.code}
          </Text>
        )
      case 'status':
        return <BatchStatus status={b.status} />
      case 'orders':
        return formatNumber(b.orders, i18n.locale)
      case 'progress': {
        const done = formatNumber(b.done, i18n.locale)
        const stops = formatNumber(b.stops, i18n.locale)
        const units = formatQty(b.units_done, i18n.locale)
        const total = formatQty(b.units, i18n.locale)
        return (
          <Stack gap={4} miw={110}>
            <Progress
              value={b.stops ? (100 * b.done) / b.stops : 0}
              color={b.done === b.stops && b.stops > 0 ? 'green' : 'blue'}
              aria-label={t`Linhas separadas do lote ${b.code}`}
            />
            <Text size="xs">
              <Trans>
                {done} de {stops} linhas · {units} de {total} un.
              </Trans>
            </Text>
          </Stack>
        )
      }
      case 'assignee':
        return b.assignee ? (
          b.assignee.username
        ) : (
          <Text c="dimmed" size="sm" span>
            <Trans>Ninguém</Trans>
          </Text>
        )
      case 'elapsed':
        return b.elapsed_seconds === null ? (
          <Text c="dimmed" size="sm" span>
            <Trans>Não começou</Trans>
          </Text>
        ) : (
          elapsedText(b.elapsed_seconds)
        )
      case 'exceptions':
        return b.exceptions > 0 ? (
          // the tasks list searches the type too: "exception" lists the exception tasks (SPEC 19.5: a short pick makes one)
          <LinkAnchor to="/workforce/tasks" search={{ search: 'exception' }} c="red" size="sm">
            {formatNumber(b.exceptions, i18n.locale)}
          </LinkAnchor>
        ) : (
          '0'
        )
      case 'cart':
        return b.cart ?? '—'
      case 'actions':
        return b.status === 'done' || b.status === 'cancelled' ? null : (
          <Tooltip label={t`Reatribuir`}>
            <ActionIcon variant="light" onClick={() => onAssign(b)} aria-label={t`Reatribuir o lote ${b.code}`}>
              <IconUserShare size={16} aria-hidden />
            </ActionIcon>
          </Tooltip>
        )
      default:
        return null
    }
  }
  const right = new Set(['orders', 'elapsed', 'exceptions'])

  return (
    <Paper withBorder p="md" component="section" aria-label={t`Onda ${wave.code}`}>
      <Group justify="space-between" mb="sm" wrap="wrap">
        <Group gap="sm">
          <Title order={3} size="h4">
            <LinkAnchor to="/shipping/waves/$id" params={{ id: String(wave.id) }}>
              <Trans>Onda {wave.code}</Trans>
            </LinkAnchor>
          </Title>
          <Text size="sm" c="dimmed">
            {wave.warehouse.code}
          </Text>
        </Group>
        <Text size="sm" data-testid={`wave-${wave.id}-summary`}>
          <Trans>
            {formatNumber(wave.done, i18n.locale)} de {formatNumber(wave.stops, i18n.locale)} linhas separadas
          </Trans>
          {wave.exceptions > 0 ? (
            <>
              {' · '}
              <Trans>{formatNumber(wave.exceptions, i18n.locale)} com exceção</Trans>
            </>
          ) : null}
        </Text>
      </Group>
      <Table.ScrollContainer minWidth={720}>
        <Table striped withTableBorder verticalSpacing="xs" horizontalSpacing="xs" fz="sm" aria-label={t`Lotes da onda ${wave.code}`}>
          <Table.Thead>
            {table.getHeaderGroups().map((group) => (
              <Table.Tr key={group.id}>
                {group.headers.map((header) => (
                  <Table.Th key={header.id} ta={right.has(header.column.id) ? 'right' : undefined} style={stickyIf(header.column.id)}>
                    {String(header.column.columnDef.header)}
                  </Table.Th>
                ))}
              </Table.Tr>
            ))}
          </Table.Thead>
          <Table.Tbody>
            {table.getRowModel().rows.map((row) => (
              <Table.Tr key={row.id}>
                {row.getAllCells().map((c) => (
                  <Table.Td key={c.id} ta={right.has(c.column.id) ? 'right' : undefined} style={stickyIf(c.column.id)}>
                    {cell(c.column.id, row.original)}
                  </Table.Td>
                ))}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Paper>
  )
}

/**
 * Expedição → Separação em andamento (SPEC 19.6): per released wave still being picked, its batches with lines
 * picked of total, operator, time since the start, exceptions and cart, read again every 15 s. Admins and supervisors
 * reassign a batch.
 */
export function PickProgressView({ canAssign }: { canAssign: boolean }) {
  const { t } = useLingui()
  const queryClient = useQueryClient()
  const result = useQuery(pickProgressQueryOptions())
  // one dialog per opening: its key makes a new command_id each time
  const [assigning, setAssigning] = useState<{
    batch: PickProgressBatch
    opening: number
  } | null>(null)

  if (result.isPending) return <Loader role="status" aria-label={t`Carregando`} />
  if (result.isError && !result.data) return <LoadFailure error={result.error} onRetry={() => void result.refetch()} />
  const waves = result.data.waves
  return (
    <Stack>
      {result.isError ? (
        <Alert color="yellow" icon={<IconAlertTriangle size={18} aria-hidden />} role="alert">
          <Trans>Não foi possível atualizar; os números podem estar atrasados.</Trans>
        </Alert>
      ) : null}
      {waves.length === 0 ? (
        <Paper withBorder p="xl">
          <Text c="dimmed" ta="center">
            <Trans>Nada está sendo separado agora. As ondas liberadas aparecem aqui enquanto tiverem um lote por separar.</Trans>
          </Text>
        </Paper>
      ) : (
        waves.map((wave) => <WaveBatches key={wave.id} wave={wave} canAssign={canAssign} onAssign={(batch) => setAssigning({ batch, opening: Date.now() })} />)
      )}
      {assigning ? (
        <ReassignBatchDialog
          key={assigning.opening}
          batch={assigning.batch}
          onClose={() => setAssigning(null)}
          onDone={(answer) => {
            setAssigning(null)
            notifications.show({
              color: 'green',
              message: answer.batch.assignee
                ? t`Lote ${answer.batch.code} agora com ${answer.batch.assignee.username}.`
                : t`Lote ${answer.batch.code} devolvido para a fila.`,
            })
            void queryClient.invalidateQueries({ queryKey: shippingKeys.all })
          }}
        />
      ) : null}
    </Stack>
  )
}
