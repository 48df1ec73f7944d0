import { useEffect } from 'react'
import { Button, Group, Select, Stack, Table, Text } from '@mantine/core'
import { IconPrinter } from '@tabler/icons-react'
import { Trans, useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { formatQty } from '../../../lib/format'
import { printersQueryOptions } from '../api/get-printers'
import { usePrintPallets } from '../hooks/use-print-pallets'
import type { Receipt } from '../receiving-types'

export interface LabelStepProps {
  receipt: Receipt
  printer: number | null
  onPrinterChange: (printer: number | null) => void
}

/** Step 3 (SPEC 2.8): the pallets with the SSCCs the API assigned, and their labels printed through the printing API. */
export function LabelStep({ receipt, printer, onPrinterChange }: LabelStepProps) {
  const { t, i18n } = useLingui()
  const printers = useQuery(printersQueryOptions())
  const { print, printing } = usePrintPallets(printer)
  // the first printer (the virtual one at least) is chosen until the user picks another
  const first = printers.data?.[0]?.id ?? null
  useEffect(() => {
    if (printer === null && first !== null) onPrinterChange(first)
  }, [printer, first, onPrinterChange])
  const lineOf = (id: number) => receipt.lines.find((l) => l.line === id)
  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed">
        <Trans>Cada palete recebeu um código SSCC. Imprima as etiquetas e cole-as nos paletes.</Trans>
      </Text>
      <Table withTableBorder striped aria-label={t`Paletes`}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>
              <Trans>Palete</Trans>
            </Table.Th>
            <Table.Th>SSCC</Table.Th>
            <Table.Th>
              <Trans>Conteúdo</Trans>
            </Table.Th>
            <Table.Th>
              <Trans>Etiqueta</Trans>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {receipt.pallets.map((pallet) => (
            <Table.Tr key={pallet.pallet_code} data-testid="receiving-pallet">
              <Table.Td ff="monospace">{pallet.pallet_code}</Table.Td>
              <Table.Td ff="monospace">{pallet.sscc ?? '—'}</Table.Td>
              <Table.Td>
                {pallet.lines
                  .map(lineOf)
                  .filter((l) => l !== undefined)
                  .map((l) => `${l.product.code} × ${formatQty(l.received_qty, i18n.locale)}${l.lot ? ` (${l.lot})` : ''}`)
                  .join(', ')}
              </Table.Td>
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
          ))}
        </Table.Tbody>
      </Table>
      <Group align="flex-end">
      <Select
        label={t`Impressora`}
        placeholder={printers.isLoading ? t`Carregando...` : t`Escolha uma impressora`}
        data={(printers.data ?? []).map((p) => ({ value: String(p.id), label: p.is_virtual ? `${p.name} (${t`virtual`})` : p.name }))}
        value={printer === null ? null : String(printer)}
        onChange={(v) => onPrinterChange(v === null ? null : Number(v))}
        w={320}
      />
        <Button
          leftSection={<IconPrinter size={16} aria-hidden />}
          disabled={printer === null}
          loading={printing === '*'}
          onClick={() => void print(receipt.pallets.map((p) => p.pallet_code), '*')}
        >
          <Trans>Imprimir todas</Trans>
        </Button>
      </Group>
    </Stack>
  )
}
