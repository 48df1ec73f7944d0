import { useState } from 'react'
import { Alert, Badge, Button, Group, Loader, Stack, Table, Text } from '@mantine/core'
import { IconAlertTriangle, IconPencil, IconPlus, IconTrash } from '@tabler/icons-react'
import { Trans, useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { useSession } from '../../../app/session'
import { apiErrorText } from '../../../lib/api-client'
import { formatDate } from '../../../lib/format'
import { printersQueryOptions } from '../api/get-printers'
import { PRINTER_STATUS_COLORS, PRINTER_STATUS_LABELS, printerStatus } from '../printing-texts'
import { canManagePrinters, printerAddress, type Printer } from '../printing-types'
import { DeletePrinterModal } from './delete-printer-modal'
import { PrinterFormModal } from './printer-form-modal'

type Dialog = { kind: 'edit'; printer: Printer | null } | { kind: 'delete'; printer: Printer }

/** /printing/printers: the company's label printers; admins and supervisors add, change and remove them. */
export function PrintersScreen() {
  const { t, i18n } = useLingui()
  const { user } = useSession()
  const canManage = canManagePrinters(user?.role)
  const printers = useQuery(printersQueryOptions())
  const [dialog, setDialog] = useState<Dialog | null>(null)
  const rows = printers.data ?? []
  const columns = canManage ? 7 : 6

  return (
    <Stack gap="xs">
      <Group justify="space-between" mih={30}>
        <Group gap="xs">
          {canManage ? (
            <Button size="xs" leftSection={<IconPlus size={14} aria-hidden />} onClick={() => setDialog({ kind: 'edit', printer: null })}>
              <Trans>Nova impressora</Trans>
            </Button>
          ) : (
            <Text size="sm" c="dimmed">
              <Trans>Só administradores e supervisores alteram as impressoras.</Trans>
            </Text>
          )}
        </Group>
        {printers.isFetching ? <Loader size="xs" role="status" aria-label={t`Carregando`} /> : null}
      </Group>
      {printers.isError ? (
        <Alert color="yellow" icon={<IconAlertTriangle size={18} aria-hidden />} role="alert">
          {apiErrorText(printers.error) ?? <Trans>Erro ao carregar dados.</Trans>}
        </Alert>
      ) : null}
      <Table.ScrollContainer minWidth={760}>
        <Table striped withTableBorder verticalSpacing="xs" aria-label={t`Impressoras`}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>
                <Trans>Nome</Trans>
              </Table.Th>
              <Table.Th>
                <Trans>Endereço</Trans>
              </Table.Th>
              <Table.Th ta="right">
                <Trans>Resolução</Trans>
              </Table.Th>
              <Table.Th>
                <Trans>Etiqueta (mm)</Trans>
              </Table.Th>
              <Table.Th>
                <Trans>Situação</Trans>
              </Table.Th>
              <Table.Th>
                <Trans>Visto por último</Trans>
              </Table.Th>
              {canManage ? (
                <Table.Th>
                  <Trans>Ações</Trans>
                </Table.Th>
              ) : null}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((printer) => {
              const status = printerStatus(printer)
              const name = printer.name
              return (
                <Table.Tr key={printer.id}>
                  <Table.Td>{name}</Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{printer.is_virtual ? <Trans>Virtual</Trans> : printerAddress(printer)}</Table.Td>
                  <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                    {printer.resolution} dpi
                  </Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>
                    {printer.label_width_mm} × {printer.label_height_mm}
                  </Table.Td>
                  <Table.Td>
                    <Badge variant="dot" color={PRINTER_STATUS_COLORS[status]}>
                      {i18n._(PRINTER_STATUS_LABELS[status])}
                    </Badge>
                    {status === 'offline' && printer.last_error ? (
                      <Text size="xs" c="dimmed" maw={320}>
                        {printer.last_error}
                      </Text>
                    ) : null}
                  </Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{printer.last_seen_at ? formatDate(printer.last_seen_at, i18n.locale) : '—'}</Table.Td>
                  {canManage ? (
                    <Table.Td>
                      <Group gap={4} wrap="nowrap">
                        <Button
                          size="compact-xs"
                          variant="light"
                          leftSection={<IconPencil size={14} aria-hidden />}
                          aria-label={t`Editar ${name}`}
                          onClick={() => setDialog({ kind: 'edit', printer })}
                        >
                          <Trans>Editar</Trans>
                        </Button>
                        {/* the built-in virtual printer cannot be removed (the server refuses it too) */}
                        {printer.is_virtual ? null : (
                          <Button
                            size="compact-xs"
                            variant="light"
                            color="red"
                            leftSection={<IconTrash size={14} aria-hidden />}
                            aria-label={t`Excluir ${name}`}
                            onClick={() => setDialog({ kind: 'delete', printer })}
                          >
                            <Trans>Excluir</Trans>
                          </Button>
                        )}
                      </Group>
                    </Table.Td>
                  ) : null}
                </Table.Tr>
              )
            })}
            {rows.length === 0 ? (
              <Table.Tr>
                <Table.Td colSpan={columns}>
                  <Text c="dimmed" ta="center" py="md" size="sm">
                    {printers.isPending ? <Trans>Carregando...</Trans> : <Trans>Nenhuma impressora cadastrada.</Trans>}
                  </Text>
                </Table.Td>
              </Table.Tr>
            ) : null}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {dialog?.kind === 'edit' ? (
        <PrinterFormModal key={dialog.printer?.id ?? 'new'} printer={dialog.printer} others={rows.filter((p) => p.id !== dialog.printer?.id)} onClose={() => setDialog(null)} />
      ) : null}
      {dialog?.kind === 'delete' ? <DeletePrinterModal key={dialog.printer.id} printer={dialog.printer} onClose={() => setDialog(null)} /> : null}
    </Stack>
  )
}
