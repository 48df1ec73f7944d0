import { Fragment } from 'react'
import { Alert, Badge, Loader, NumberInput, Stack, Table, Text, TextInput } from '@mantine/core'
import { Trans, useLingui } from '@lingui/react/macro'
import { apiErrorText } from '../../../lib/api-client'
import { formatDate, formatQty, fromMilli, toMilli } from '../../../lib/format'
import { fefoOverrides, pickKey, type Qty } from '../shipping-form'
import type { PickSuggestionLine } from '../shipping-types'

export interface PickingStepProps {
  lines: PickSuggestionLine[] | undefined
  error: Error | null
  picks: Record<string, Qty>
  onChange: (key: string, qty: Qty) => void
  /** why a line takes a worse lot than FEFO, per order line (SPEC 10.5) */
  reasons: Record<number, string>
  onReasonChange: (line: number, reason: string) => void
  /** the server's refusal of a line's picks at Finish (e.g. a reason it asks for), per order line */
  serverErrors?: Record<number, string>
}

/** Step 2 (SPEC 2.9): each line to pick, with the stock suggested by FEFO (earliest expiry first) and the picked quantities. */
export function PickingStep({ lines, error, picks, onChange, reasons, onReasonChange, serverErrors = {} }: PickingStepProps) {
  const { t, i18n } = useLingui()
  const num = (v: string | number) => formatQty(v, i18n.locale)
  if (error) {
    return (
      <Alert color="red" role="alert">
        {apiErrorText(error) ?? t`Erro ao carregar dados.`}
      </Alert>
    )
  }
  if (!lines) return <Loader role="status" aria-label={t`Carregando`} />
  if (lines.length === 0) {
    return (
      <Text c="dimmed">
        <Trans>Nada a separar: todas as linhas já foram expedidas.</Trans>
      </Text>
    )
  }
  const overrides = fefoOverrides(lines, picks)
  return (
    <Stack gap="sm">
      <Text size="sm" c="dimmed">
        <Trans>As sugestões seguem FEFO (primeiro a vencer, primeiro a sair). Ajuste as quantidades separadas.</Trans>
      </Text>
      <Table.ScrollContainer minWidth={860}>
        <Table withTableBorder verticalSpacing="xs" aria-label={t`Separação`}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>
                <Trans>Local</Trans>
              </Table.Th>
              <Table.Th>
                <Trans>Lote</Trans>
              </Table.Th>
              <Table.Th>
                <Trans>Palete</Trans>
              </Table.Th>
              <Table.Th>
                <Trans>Validade</Trans>
              </Table.Th>
              <Table.Th ta="right">
                <Trans>Disponível</Trans>
              </Table.Th>
              <Table.Th ta="right">
                <Trans>Sugerido</Trans>
              </Table.Th>
              <Table.Th>
                <Trans>Separado</Trans>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {lines.map((line) => {
              const picked = line.suggestions.reduce((sum, s) => sum + (toMilli(picks[pickKey(line.line, s.stock_line)]) ?? 0n), 0n)
              const left = toMilli(line.remaining) ?? 0n
              const serverError = serverErrors[line.line]
              const needsReason = serverError !== undefined || line.suggestions.some((s) => overrides.has(pickKey(line.line, s.stock_line)))
              const reason = reasons[line.line] ?? ''
              return (
                <Fragment key={line.line}>
                  <Table.Tr bg="var(--mantine-color-default-hover)" data-testid="pick-line">
                    <Table.Td colSpan={7}>
                      <Text size="sm" fw={600} span>
                        {line.order_code} · {line.product.code} — {line.product.name1}
                      </Text>{' '}
                      <Text size="sm" span c="dimmed">
                        <Trans>
                          a separar {num(line.remaining)} {line.product.uom}, disponível {num(line.available)}
                        </Trans>
                      </Text>{' '}
                      {picked > left ? (
                        <Badge color="red" variant="dot" style={{ minWidth: 'max-content' }}>
                          <Trans>Acima do pedido</Trans>
                        </Badge>
                      ) : picked < left ? (
                        <Badge color="orange" variant="dot" style={{ minWidth: 'max-content' }}>
                          <Trans>Falta {num(fromMilli(left - picked))}</Trans>
                        </Badge>
                      ) : (
                        <Badge color="green" variant="dot" style={{ minWidth: 'max-content' }}>
                          <Trans>Completo</Trans>
                        </Badge>
                      )}
                    </Table.Td>
                  </Table.Tr>
                  {line.min_expiry_date ? (
                    <Table.Tr>
                      <Table.Td colSpan={7}>
                        <Text size="sm" c="dimmed">
                          <Trans>O cliente exige validade a partir de {formatDate(line.min_expiry_date, i18n.locale)}.</Trans>
                        </Text>
                      </Table.Td>
                    </Table.Tr>
                  ) : null}
                  {needsReason ? (
                    <Table.Tr>
                      <Table.Td colSpan={7}>
                        <TextInput
                          label={t`Motivo para não seguir o FEFO em ${line.product.code}`}
                          description={t`Um lote que vence depois do sugerido foi separado; o motivo fica registrado nas movimentações.`}
                          withAsterisk
                          maxLength={200}
                          maw={560}
                          value={reason}
                          onChange={(e) => onReasonChange(line.line, e.currentTarget.value)}
                          error={serverError ?? (reason.trim() ? undefined : t`Informe o motivo.`)}
                        />
                      </Table.Td>
                    </Table.Tr>
                  ) : null}
                  {line.suggestions.length === 0 ? (
                    <Table.Tr>
                      <Table.Td colSpan={7}>
                        <Text size="sm" c="orange">
                          <Trans>Sem estoque livre deste produto no armazém.</Trans>
                        </Text>
                      </Table.Td>
                    </Table.Tr>
                  ) : null}
                  {line.suggestions.map((s) => {
                    const key = pickKey(line.line, s.stock_line)
                    const qty = picks[key] ?? 0
                    return (
                      <Table.Tr key={key}>
                        <Table.Td>{s.location.code}</Table.Td>
                        <Table.Td>
                          {s.lot ?? '—'}{' '}
                          {overrides.has(key) ? (
                            <Badge color="orange" variant="dot" size="xs" style={{ minWidth: 'max-content' }}>
                              <Trans>fora do FEFO</Trans>
                            </Badge>
                          ) : null}
                        </Table.Td>
                        <Table.Td ff="monospace">{s.pallet_code ?? '—'}</Table.Td>
                        <Table.Td>{s.expiry_date ? formatDate(s.expiry_date, i18n.locale) : '—'}</Table.Td>
                        <Table.Td ta="right">{num(s.available)}</Table.Td>
                        <Table.Td ta="right">{num(s.qty)}</Table.Td>
                        <Table.Td>
                          <NumberInput
                            aria-label={t`Separado de ${line.product.code} em ${s.location.code}`}
                            min={0}
                            max={Number(s.available)}
                            decimalScale={3}
                            w={110}
                            value={qty}
                            onChange={(v) => onChange(key, v)}
                            error={(toMilli(qty) ?? 0n) > (toMilli(s.available) ?? 0n) ? t`Acima do disponível` : undefined}
                          />
                        </Table.Td>
                      </Table.Tr>
                    )
                  })}
                </Fragment>
              )
            })}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Stack>
  )
}
