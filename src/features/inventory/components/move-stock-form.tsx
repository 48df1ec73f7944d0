import { useState } from 'react'
import { Alert, Button, Group, SegmentedControl, Stack, Text, TextInput } from '@mantine/core'
import { useForm } from '@mantine/form'
import { notifications } from '@mantine/notifications'
import { IconAlertTriangle } from '@tabler/icons-react'
import { Trans, useLingui } from '@lingui/react/macro'
import { useMutation } from '@tanstack/react-query'
import { formatQty, fromMilli, toMilli } from '../../../lib/format'
import { postMove } from '../api/post-move'
import { commandErrors } from '../command-errors'
import { useCommandId } from '../hooks/use-command-id'
import { useStockCommandDone } from '../hooks/use-stock-command-done'
import type { MoveCreateBody, StockLine } from '../inventory-types'
import { LocationPicker } from './location-picker'
import { StockLineSummary } from './stock-line-summary'
import classes from './error-contrast.module.css'

interface MoveValues {
  mode: 'pallet' | 'line'
  qty: string
  to_location: number | null
  note: string
}

/** What is free to move: quantity minus reserved (issue 15: more than that is refused). */
function freeQty(line: StockLine): string {
  const qty = toMilli(line.qty) ?? 0n
  const reserved = toMilli(line.reserved_qty) ?? 0n
  return fromMilli(qty > reserved ? qty - reserved : 0n)
}

const FIELDS: Record<string, keyof MoveValues> = {
  to_location: 'to_location',
  qty: 'qty',
  stock_line: 'qty',
  pallet_code: 'mode',
  sscc: 'mode',
  note: 'note',
}

/**
 * Issue 15 "Stock commands": move a whole pallet, or a quantity of one line, to another location. The server's
 * refusals show on their fields in the user's language, the form keeps what was typed, and each command carries
 * its own command_id (a retry after no answer carries the same one).
 */
export function MoveStockForm({ line: initial, onDone, wholePallet = false }: { line: StockLine; onDone: () => void; wholePallet?: boolean }) {
  const { t, i18n } = useLingui()
  const [line, setLine] = useState(initial)
  const [general, setGeneral] = useState<string | null>(null)
  const commandId = useCommandId()
  const done = useStockCommandDone()
  const pallet = line.pallet_code ?? line.sscc
  const free = freeQty(line)

  const form = useForm<MoveValues>({
    mode: 'controlled',
    initialValues: { mode: pallet ? 'pallet' : 'line', qty: free, to_location: null, note: '' },
    validate: {
      to_location: (value) => (value === null ? t`Escolha a localização de destino.` : value === line.location.id ? t`O estoque já está nesta localização.` : null),
      qty: (value, values) => {
        if (values.mode === 'pallet') return null
        const milli = toMilli(value)
        if (value.trim() === '' || milli === null) return t`Informe um número com até 3 casas decimais.`
        if (milli <= 0n) return t`Informe um valor maior que zero.`
        const freeMilli = toMilli(free) ?? 0n
        const freeText = formatQty(free, i18n.locale)
        if (milli > freeMilli) return t`No máximo ${freeText} livres nesta linha.`
        return null
      },
    },
  })

  const move = useMutation({
    mutationFn: (values: MoveValues) => {
      const body: MoveCreateBody = { command_id: commandId.current(), to_location: values.to_location ?? 0 }
      if (values.mode === 'pallet') {
        if (line.pallet_code) body.pallet_code = line.pallet_code
        else if (line.sscc) body.sscc = line.sscc
      } else {
        body.stock_line = line.id
        body.qty = values.qty.trim()
        body.expected_version = line.version
      }
      if (values.note.trim()) body.note = values.note.trim()
      return postMove(body)
    },
    onMutate: () => setGeneral(null),
    onSuccess: (result) => {
      commandId.settle()
      done()
      const to = result.lines[0]?.location.code ?? result.moves[0]?.to_location?.code ?? ''
      notifications.show({ color: 'green', message: t`Estoque movido para ${to}.`, closeButtonProps: { 'aria-label': t`Fechar` } })
      onDone()
    },
    onError: (error) => {
      commandId.settle(error)
      const errors = commandErrors(error, FIELDS)
      for (const [field, message] of Object.entries(errors.fields)) form.setFieldError(field, message)
      if (errors.current !== undefined) {
        done()
        if (errors.current) setLine(errors.current)
      }
      setGeneral(errors.general)
    },
  })

  return (
    <form onSubmit={form.onSubmit((values) => move.mutate(values))} noValidate aria-label={t`Mover estoque`} className={classes.root}>
      <Stack gap="md">
        <StockLineSummary line={line} />
        {general ? (
          <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} aria-hidden />} role="alert" title={t`O servidor recusou a movimentação.`}>
            {general}
          </Alert>
        ) : null}
        {pallet && !wholePallet ? (
          <Stack gap={4}>
            <Text size="sm" fw={500} id="move-mode-label">
              <Trans>O que mover</Trans>
            </Text>
            <SegmentedControl
              aria-labelledby="move-mode-label"
              data={[
                { value: 'pallet', label: t`Palete inteiro` },
                { value: 'line', label: t`Quantidade desta linha` },
              ]}
              {...form.getInputProps('mode')}
            />
            {form.errors.mode ? (
              <Text size="sm" c="var(--mantine-color-error)">
                {form.errors.mode}
              </Text>
            ) : null}
          </Stack>
        ) : null}
        {form.values.mode === 'line' ? (
          <TextInput
            label={t`Quantidade`}
            description={t`Livre nesta linha: ${formatQty(free, i18n.locale)} ${line.uom}`}
            inputMode="decimal"
            autoComplete="off"
            required
            {...form.getInputProps('qty')}
          />
        ) : (
          <Text size="sm" c="dimmed">
            <Trans>Todas as linhas do palete {pallet} vão para o destino.</Trans>
          </Text>
        )}
        <LocationPicker
          label={t`Destino`}
          required
          exclude={line.location.id}
          value={form.values.to_location}
          onChange={(id) => form.setFieldValue('to_location', id)}
          error={form.errors.to_location}
        />
        <TextInput label={t`Observação`} maxLength={500} {...form.getInputProps('note')} />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onDone} disabled={move.isPending}>
            <Trans>Cancelar</Trans>
          </Button>
          <Button type="submit" loading={move.isPending}>
            <Trans>Mover</Trans>
          </Button>
        </Group>
      </Stack>
    </form>
  )
}
