import { Checkbox, Select, Stack, Table, Text } from '@mantine/core'
import { Trans, useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { formatNumber } from '../../../lib/format'
import { printersQueryOptions } from '../api/get-printers'
import type { Receipt } from '../receiving-types'

export interface LabelStepProps {
  receipt: Receipt
  printer: number | null
  onPrinterChange: (printer: number | null) => void
  printOnFinish: boolean
  onPrintOnFinishChange: (value: boolean) => void
}

/**
 * Step 3 (SPEC 2.8): the pallets with the SSCCs the API assigned. A pallet label is printed from the stock the
 * pallet holds, so it prints once Finish has booked it: here the printer is chosen (and printing on Finish).
 */
export function LabelStep({ receipt, printer, onPrinterChange, printOnFinish, onPrintOnFinishChange }: LabelStepProps) {
  const { t, i18n } = useLingui()
  const printers = useQuery(printersQueryOptions())
  const lineOf = (id: number) => receipt.lines.find((l) => l.line === id)
  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed">
        <Trans>Cada palete recebeu um código SSCC. Escolha a impressora das etiquetas.</Trans>
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
                  .map((l) => `${l.product.code} × ${formatNumber(Number(l.received_qty), i18n.locale)}${l.lot ? ` (${l.lot})` : ''}`)
                  .join(', ')}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <Select
        label={t`Impressora`}
        placeholder={printers.isLoading ? t`Carregando...` : t`Escolha uma impressora`}
        data={(printers.data ?? []).map((p) => ({ value: String(p.id), label: p.is_virtual ? `${p.name} (${t`virtual`})` : p.name }))}
        value={printer === null ? null : String(printer)}
        onChange={(v) => onPrinterChange(v === null ? null : Number(v))}
        maw={360}
      />
      <Checkbox label={t`Imprimir as etiquetas ao concluir`} checked={printOnFinish} disabled={printer === null} onChange={(e) => onPrintOnFinishChange(e.currentTarget.checked)} />
    </Stack>
  )
}
