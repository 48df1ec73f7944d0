import { useState } from 'react'
import { Badge, Button, Group, Text } from '@mantine/core'
import { IconPencil, IconPlus, IconTrash } from '@tabler/icons-react'
import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { useSession } from '../../../lib/session'
import { DataTable, type DataColumn } from '../../../components/data-table'
import type { ListState } from '../../../lib/list-search'
import { printerListQueryOptions } from '../api/get-printers'
import { PRINTER_STATUS_COLORS, PRINTER_STATUS_LABELS, printerStatus } from '../printing-texts'
import { canManagePrinters, printerAddress, type Printer } from '../printing-types'
import { DeletePrinterModal } from './delete-printer-modal'
import { PrinterFormModal } from './printer-form-modal'

type Dialog = { kind: 'edit'; printer: Printer | null } | { kind: 'delete'; printer: Printer }

/**
 * /printing/printers: the company's label printers; admins and supervisors add, change and remove them.
 * The list's page, search and ordering come from the screen's URL (SPEC 2.14).
 */
export function PrintersScreen({ params, onParamsChange }: Partial<ListState> = {}) {
  const { t, i18n } = useLingui()
  const { user } = useSession()
  const canManage = canManagePrinters(user?.role)
  const [dialog, setDialog] = useState<Dialog | null>(null)
  const nowrap = { whiteSpace: 'nowrap' } as const
  const columns: DataColumn<Printer>[] = [
    { id: 'name', header: msg`Nome`, value: (row) => row.name },
    {
      id: 'host',
      header: msg`Endereço`,
      value: (row) => row.host,
      render: (row) => <span style={nowrap}>{row.is_virtual ? <Trans>Virtual</Trans> : printerAddress(row)}</span>,
    },
    { id: 'resolution', header: msg`Resolução`, value: (row) => row.resolution, sortable: false, render: (row) => <span style={nowrap}>{row.resolution} dpi</span> },
    {
      id: 'label',
      header: msg`Etiqueta (mm)`,
      value: (row) => `${row.label_width_mm} × ${row.label_height_mm}`,
      sortable: false,
      render: (row) => <span style={nowrap}>{`${row.label_width_mm} × ${row.label_height_mm}`}</span>,
    },
    {
      id: 'status',
      header: msg`Situação`,
      value: (row) => printerStatus(row),
      sortable: false,
      render: (row) => {
        const status = printerStatus(row)
        return (
          <>
            <Badge variant="dot" color={PRINTER_STATUS_COLORS[status]}>
              {i18n._(PRINTER_STATUS_LABELS[status])}
            </Badge>
            {status === 'offline' && row.last_error ? (
              <Text size="xs" c="dimmed" maw={320}>
                {row.last_error}
              </Text>
            ) : null}
          </>
        )
      },
    },
    { id: 'last_seen_at', header: msg`Visto por último`, value: (row) => row.last_seen_at, kind: 'date', sortable: false },
    ...(canManage
      ? [
          {
            id: 'actions',
            header: msg`Ações`,
            value: () => null,
            sortable: false,
            render: (row: Printer) => {
              const name = row.name
              return (
                <Group gap={4} wrap="nowrap">
                  <Button size="compact-xs" variant="light" leftSection={<IconPencil size={14} aria-hidden />} aria-label={t`Editar ${name}`} onClick={() => setDialog({ kind: 'edit', printer: row })}>
                    <Trans>Editar</Trans>
                  </Button>
                  {/* the built-in virtual printer cannot be removed (the server refuses it too) */}
                  {row.is_virtual ? null : (
                    <Button
                      size="compact-xs"
                      variant="light"
                      color="red"
                      leftSection={<IconTrash size={14} aria-hidden />}
                      aria-label={t`Excluir ${name}`}
                      onClick={() => setDialog({ kind: 'delete', printer: row })}
                    >
                      <Trans>Excluir</Trans>
                    </Button>
                  )}
                </Group>
              )
            },
          } satisfies DataColumn<Printer>,
        ]
      : []),
  ]

  return (
    <>
      <DataTable
        tableId="printing.printers"
        params={params}
        onParamsChange={onParamsChange}
        label={t`Impressoras`}
        columns={columns}
        query={printerListQueryOptions}
        getRowId={(row) => String(row.id)}
        toolbar={() =>
          canManage ? (
            <Button size="xs" leftSection={<IconPlus size={14} aria-hidden />} onClick={() => setDialog({ kind: 'edit', printer: null })}>
              <Trans>Nova impressora</Trans>
            </Button>
          ) : (
            <Text size="sm" c="dimmed">
              <Trans>Só administradores e supervisores alteram as impressoras.</Trans>
            </Text>
          )
        }
      />
      {dialog?.kind === 'edit' ? <PrinterFormModal key={dialog.printer?.id ?? 'new'} printer={dialog.printer} onClose={() => setDialog(null)} /> : null}
      {dialog?.kind === 'delete' ? <DeletePrinterModal key={dialog.printer.id} printer={dialog.printer} onClose={() => setDialog(null)} /> : null}
    </>
  )
}
