import { useState } from 'react'
import { Button, Group } from '@mantine/core'
import { notifications } from '@mantine/notifications'
import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { useQueryClient } from '@tanstack/react-query'
import { canReserve } from '../../../../machines/copack/copack.machine'
import { DataTable, type DataColumn } from '../../../components/data-table'
import { LinkButton } from '../../../components/link-button'
import { copackOrdersQueryOptions } from '../api/get-copack-orders'
import { copackMessage, COPACK_STATUS_LABELS } from '../copack-status'
import { reserveFromList } from '../hooks/use-copack-order'
import type { CopackOrderRow } from '../copack-types'
import { CopackStatusBadge } from './copack-status-badge'
import type { ListState } from '../../../lib/list-search'
import { RequiresSupervisor, useCanWriteCopack } from './copack-permission'

function RowActions({ row }: { row: CopackOrderRow }) {
  const { t, i18n } = useLingui()
  const queryClient = useQueryClient()
  const [busy, setBusy] = useState(false)
  const canWrite = useCanWriteCopack()
  const reasonId = `copack-reserve-reason-${row.id}`
  const reserve = async () => {
    setBusy(true)
    try {
      const outcome = await reserveFromList(queryClient, row.id)
      if (outcome.ok) {
        notifications.show({ color: 'green', message: t`Ordem ${row.code} reservada; tarefas de separação geradas.`, closeButtonProps: { 'aria-label': t`Fechar` } })
        return
      }
      const { view } = outcome
      const missing = view.missing.map((m) => `${m.code}: ${m.missing}`).join(', ')
      const reason = view.error
        ? copackMessage(view.error, (d) => i18n._(d))
        : view.status
          ? t`A ordem está ${i18n._(COPACK_STATUS_LABELS[view.status])}.`
          : t`A operação falhou. Tente novamente.`
      notifications.show({ color: 'red', title: t`Não foi possível reservar ${row.code}`, message: missing ? `${reason} ${t`Faltam: ${missing}`}` : reason, closeButtonProps: { 'aria-label': t`Fechar` } })
    } finally {
      setBusy(false)
    }
  }
  return (
    <Group gap="xs" wrap="nowrap">
      {/* SPEC 2.12: enabled only when the status is DRAFT */}
      <Button
        size="compact-sm"
        variant="light"
        disabled={!canWrite || !canReserve(row.status)}
        aria-describedby={canWrite ? undefined : reasonId}
        loading={busy}
        onClick={() => void reserve()}
        // the row shows the short word (SPEC 2.14: the table fits at 1280 px); its name says what it does in full
        aria-label={t`Reservar e gerar tarefas`}
      >
        <Trans>Reservar</Trans>
      </Button>
      {canWrite || !canReserve(row.status) ? null : <RequiresSupervisor id={reasonId} />}
      <LinkButton size="compact-sm" variant="subtle" to="/manufacturing/copack-orders/$id" params={{ id: String(row.id) }} aria-label={t`Detalhes de ${row.code}`}>
        <Trans>Detalhes</Trans>
      </LinkButton>
    </Group>
  )
}

const columns: DataColumn<CopackOrderRow>[] = [
  { id: 'code', header: msg`Código da ordem`, value: (row) => row.code },
  { id: 'status', header: msg`Situação`, value: (row) => row.status, render: (row) => <CopackStatusBadge status={row.status} /> },
  { id: 'result_product_code', header: msg`Código do produto final`, value: (row) => row.result_product_code },
  { id: 'result_product_name', header: msg`Descrição`, value: (row) => row.result_product_name },
  { id: 'result_qty', header: msg`Quantidade`, value: (row) => Number(row.result_qty), kind: 'number' },
  { id: 'actions', header: msg`Ações`, value: () => null, sortable: false, render: (row) => <RowActions row={row} /> },
]

/** SPEC 2.12: the paged list of copack orders, with reserve and details per row; its params come from the list screen's URL (SPEC 2.14); without them the table keeps its own. */
export function CopackOrdersTable({ params, onParamsChange }: Partial<ListState> = {}) {
  const { t } = useLingui()
  return (
    <DataTable
      params={params}
      onParamsChange={onParamsChange}
      tableId="manufacturing.copack-orders"
      label={t`Ordens de copack`}
      columns={columns}
      query={copackOrdersQueryOptions}
      getRowId={(row) => String(row.id)}
    />
  )
}
