import { Badge, Button, Checkbox, Group, NumberInput, Select, Stack, Table, Text, TextInput, Textarea } from '@mantine/core'
import { useState } from 'react'
import { Trans, useLingui } from '@lingui/react/macro'
import { formatQty, fromMilli, toMilli } from '../../../lib/format'
import type { InboundDocument } from '../receiving-types'

export interface CheckedLine {
  received: string | number
  damaged: string | number
  lot: string
  expiry: string
}

export interface IssueChoice {
  open: boolean
  severity: number
  description: string
}

/** Exact thousandths of a typed or API quantity; a malformed one counts as nothing (the step is invalid then). */
export const qtyMilli = (value: string | number | null | undefined) => toMilli(value) ?? 0n

/** received + damaged + what earlier receipts brought − expected, in thousandths: negative is under, positive over. */
export function lineDifference(line: InboundDocument['lines'][number], checked: CheckedLine | undefined): bigint {
  const now = checked ? qtyMilli(checked.received) + qtyMilli(checked.damaged) : 0n
  return qtyMilli(line.received_qty) + qtyMilli(line.damaged_qty) + now - qtyMilli(line.expected_qty)
}

const DATE_RE = /^\d{4}-\d{2}-\d{2}$/

/** The check step is valid when something arrives and every number and date is well formed. */
export function checkStepValid(lines: Record<number, CheckedLine>): boolean {
  const values = Object.values(lines)
  const wellFormed = values.every((l) => toMilli(l.received) !== null && toMilli(l.damaged) !== null && (l.expiry === '' || DATE_RE.test(l.expiry)))
  return wellFormed && values.some((l) => qtyMilli(l.received) > 0n)
}

export interface CheckStepProps {
  document: InboundDocument
  /** blind receiving (inventory settings): what is expected, and so the difference from it, stays hidden */
  blind: boolean
  lines: Record<number, CheckedLine>
  onChange: (lineId: number, patch: Partial<CheckedLine>) => void
  issue: IssueChoice
  onIssueChange: (issue: IssueChoice) => void
  /** one scan of an announced pallet's SSCC checks it in; answers the refusal to show, or null */
  onScanPallet?: (sscc: string) => Promise<string | null>
}

/** An ASN's announced pallet received by one scan of its SSCC (docs/requirements.md §7.1); the lines stay editable. */
function PalletScan({ onScanPallet }: { onScanPallet: (sscc: string) => Promise<string | null> }) {
  const { t } = useLingui()
  const [sscc, setSscc] = useState('')
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const [received, setReceived] = useState<string | null>(null)
  return (
    <form
      onSubmit={async (event) => {
        event.preventDefault()
        const code = sscc.trim()
        if (!code) return
        setBusy(true)
        const refusal = await onScanPallet(code)
        setBusy(false)
        setError(refusal)
        setReceived(refusal ? null : code)
        if (!refusal) setSscc('')
      }}
    >
      <Group align="flex-end" gap="xs">
        <TextInput
          label={t`SSCC do palete anunciado`}
          description={t`Leia a etiqueta do palete: tudo o que ele traz entra como anunciado.`}
          inputMode="numeric"
          maxLength={64}
          w={320}
          value={sscc}
          error={error}
          onChange={(e) => setSscc(e.currentTarget.value)}
          autoComplete="off"
        />
        <Button type="submit" variant="light" loading={busy} disabled={sscc.trim() === ''}>
          <Trans>Receber palete</Trans>
        </Button>
      </Group>
      {received ? (
        <Text size="sm" c="green" mt={4} role="status">
          <Trans>Palete {received} conferido como anunciado. Ajuste as linhas se algo não confere.</Trans>
        </Text>
      ) : null}
    </form>
  )
}

/** Under, over or complete: received and damaged against what is expected. */
function DifferenceCell({ diff, milli }: { diff: bigint; milli: (value: bigint) => string }) {
  return (
    <Table.Td>
      {diff < 0n ? (
        <Badge color="orange" variant="dot" style={{ minWidth: 'max-content' }}>
          <Trans>Falta {milli(-diff)}</Trans>
        </Badge>
      ) : diff > 0n ? (
        <Badge color="red" variant="dot" style={{ minWidth: 'max-content' }}>
          <Trans>Excesso {milli(diff)}</Trans>
        </Badge>
      ) : (
        <Badge color="green" variant="dot" style={{ minWidth: 'max-content' }}>
          <Trans>Completo</Trans>
        </Badge>
      )}
    </Table.Td>
  )
}

/** Step 2 (SPEC 2.8): received quantity, lot, expiry and damage per line; over and under receipt shown per line. */
export function CheckStep({ document, blind, lines, onChange, issue, onIssueChange, onScanPallet }: CheckStepProps) {
  const { t, i18n } = useLingui()
  const num = (value: number | string) => formatQty(value, i18n.locale)
  const milli = (value: bigint) => formatQty(fromMilli(value), i18n.locale)
  const damaged = Object.values(lines).some((l) => qtyMilli(l.damaged) > 0n)
  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed">
        <Trans>Confira cada linha: quantidade recebida, lote, validade e avarias. O rascunho é salvo ao avançar.</Trans>
      </Text>
      {blind ? (
        <Text size="sm" c="dimmed">
          <Trans>Recebimento cego: conte o que chegou; as quantidades esperadas ficam ocultas.</Trans>
        </Text>
      ) : null}
      {onScanPallet && document.lines.some((l) => l.sscc) ? <PalletScan onScanPallet={onScanPallet} /> : null}
      <Table.ScrollContainer minWidth={900}>
        <Table withTableBorder striped verticalSpacing="xs" aria-label={t`Itens do documento ${document.code}`}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>
                <Trans>Produto</Trans>
              </Table.Th>
              {blind ? null : (
                <Table.Th ta="right">
                  <Trans>Esperado</Trans>
                </Table.Th>
              )}
              <Table.Th ta="right">
                <Trans>Já recebido</Trans>
              </Table.Th>
              <Table.Th>
                <Trans>Recebido</Trans>
              </Table.Th>
              <Table.Th>
                <Trans>Avariado</Trans>
              </Table.Th>
              <Table.Th>
                <Trans>Lote</Trans>
              </Table.Th>
              <Table.Th>
                <Trans>Validade</Trans>
              </Table.Th>
              {blind ? null : (
                <Table.Th>
                  <Trans>Diferença</Trans>
                </Table.Th>
              )}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {document.lines.map((line) => {
              const checked = lines[line.id]
              const diff = lineDifference(line, checked)
              const name = line.product.code
              return (
                <Table.Tr key={line.id} data-testid="receiving-line">
                  <Table.Td>
                    <Text size="sm" fw={600}>
                      {line.product.code}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {line.product.name1} · {line.product.uom}
                    </Text>
                    {line.sscc ? (
                      <Text size="xs" c="dimmed">
                        <Trans>SSCC {line.sscc}</Trans>
                      </Text>
                    ) : null}
                  </Table.Td>
                  {blind ? null : <Table.Td ta="right">{num(line.expected_qty)}</Table.Td>}
                  <Table.Td ta="right">{milli(qtyMilli(line.received_qty) + qtyMilli(line.damaged_qty))}</Table.Td>
                  <Table.Td>
                    <NumberInput
                      aria-label={t`Recebido de ${name}`}
                      min={0}
                      decimalScale={3}
                      w={110}
                      value={checked?.received ?? ''}
                      onChange={(value) => onChange(line.id, { received: value })}
                    />
                  </Table.Td>
                  <Table.Td>
                    <NumberInput
                      aria-label={t`Avariado de ${name}`}
                      min={0}
                      decimalScale={3}
                      w={100}
                      value={checked?.damaged ?? ''}
                      onChange={(value) => onChange(line.id, { damaged: value })}
                    />
                  </Table.Td>
                  <Table.Td>
                    <TextInput aria-label={t`Lote de ${name}`} w={130} maxLength={64} value={checked?.lot ?? ''} onChange={(e) => onChange(line.id, { lot: e.currentTarget.value })} />
                  </Table.Td>
                  <Table.Td>
                    <TextInput aria-label={t`Validade de ${name}`} type="date" w={150} value={checked?.expiry ?? ''} onChange={(e) => onChange(line.id, { expiry: e.currentTarget.value })} />
                  </Table.Td>
                  {blind ? null : <DifferenceCell diff={diff} milli={milli} />}
                </Table.Tr>
              )
            })}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {damaged ? (
        <Stack gap="xs">
          <Checkbox
            label={t`Abrir uma ocorrência no fornecedor pela avaria (ao concluir)`}
            checked={issue.open}
            onChange={(e) => onIssueChange({ ...issue, open: e.currentTarget.checked })}
          />
          {issue.open ? (
            <Group align="flex-start" grow>
              <Select
                label={t`Gravidade`}
                // SPEC 5: 1 (high) to 5 (low), default 3
                data={['1', '2', '3', '4', '5'].map((v) => ({ value: v, label: v }))}
                value={String(issue.severity)}
                onChange={(v) => onIssueChange({ ...issue, severity: Number(v ?? 3) })}
                allowDeselect={false}
                maw={160}
              />
              <Textarea label={t`Descrição`} value={issue.description} onChange={(e) => onIssueChange({ ...issue, description: e.currentTarget.value })} maxLength={2000} autosize minRows={2} />
            </Group>
          ) : null}
        </Stack>
      ) : null}
    </Stack>
  )
}
