import { Alert, Button, Group, Stack, Table, Text, Title } from '@mantine/core'
import { IconCheck, IconPrinter } from '@tabler/icons-react'
import { Trans, useLingui } from '@lingui/react/macro'
import { formatQty } from '../../../lib/format'
import { usePrintPallets } from '../hooks/use-print-pallets'
import type { BookedReceipt } from '../receiving-types'

export interface ReceiptResultProps {
  receipt: BookedReceipt
  documentCode: string
  printer: number | null
  onAnother: () => void
}

/** What Finish booked (SPEC 2.8): the putaway tasks created, and the pallets' labels to print. */
export function ReceiptResult({ receipt, documentCode, printer, onAnother }: ReceiptResultProps) {
  const { t, i18n } = useLingui()
  const { print, printing } = usePrintPallets(printer)
  const statusText = receipt.document_status === 'received' ? t`recebido` : t`em recebimento`
  return (
    <Stack gap="md">
      <Alert color="green" icon={<IconCheck size={18} aria-hidden />} styles={{ title: { color: 'var(--mantine-color-text)' } }} title={t`Recebimento registrado`}>
        <Trans>
          O documento {documentCode} está {statusText}. {receipt.tasks.length} tarefa(s) de armazenagem criada(s).
        </Trans>
        {receipt.supplier_issue ? (
          <Text size="sm">
            <Trans>Ocorrência registrada.</Trans>
          </Text>
        ) : null}
      </Alert>
      <Title order={2} size="h4">
        <Trans>Tarefas de armazenagem</Trans>
      </Title>
      <Table withTableBorder striped aria-label={t`Tarefas de armazenagem`}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>#</Table.Th>
            <Table.Th>
              <Trans>Palete</Trans>
            </Table.Th>
            <Table.Th>
              <Trans>Destino</Trans>
            </Table.Th>
            <Table.Th ta="right">
              <Trans>Quantidade</Trans>
            </Table.Th>
            <Table.Th>
              <Trans>Etiqueta</Trans>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {receipt.pallets.map((pallet) => {
            const task = receipt.tasks.find((x) => x.id === pallet.task)
            return (
              <Table.Tr key={pallet.pallet_code} data-testid="receipt-pallet">
                <Table.Td>{task?.id ?? '—'}</Table.Td>
                <Table.Td ff="monospace">{pallet.pallet_code}</Table.Td>
                <Table.Td>{pallet.location?.code ?? task?.location?.code ?? '—'}</Table.Td>
                <Table.Td ta="right">{task?.qty ? formatQty(task.qty, i18n.locale) : '—'}</Table.Td>
                <Table.Td>
                  <Button
                    size="compact-sm"
                    variant="light"
                    leftSection={<IconPrinter size={14} aria-hidden />}
                    disabled={printer === null}
                    loading={printing === pallet.pallet_code}
                    aria-label={t`Imprimir etiqueta de ${pallet.pallet_code}`}
                    onClick={() => void print([pallet.pallet_code], pallet.pallet_code)}
                  >
                    <Trans>Imprimir</Trans>
                  </Button>
                </Table.Td>
              </Table.Tr>
            )
          })}
        </Table.Tbody>
      </Table>
      <Group>
        <Button
          leftSection={<IconPrinter size={16} aria-hidden />}
          variant="light"
          disabled={printer === null || receipt.pallets.length === 0}
          loading={printing === '*'}
          onClick={() => void print(receipt.pallets.map((p) => p.pallet_code), '*')}
        >
          <Trans>Imprimir todas as etiquetas</Trans>
        </Button>
        <Button variant="default" onClick={onAnother}>
          <Trans>Receber outro documento</Trans>
        </Button>
      </Group>
    </Stack>
  )
}
