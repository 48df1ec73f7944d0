import { useState } from 'react'
import { Alert, Radio, SegmentedControl, Stack, Text, TextInput } from '@mantine/core'
import { useForm } from '@mantine/form'
import { notifications } from '@mantine/notifications'
import { IconAlertTriangle } from '@tabler/icons-react'
import { Trans, useLingui } from '@lingui/react/macro'
import { useMutation, useQuery } from '@tanstack/react-query'
import { formatQty, fromMilli, toMilli } from '../../../lib/format'
import { ssccUnitQueryOptions } from '../api/get-sscc-unit'
import { postMove } from '../api/post-move'
import { FormFooter } from './form-footer'
import { showCommandErrors } from '../command-errors'
import { useCommandId } from '../hooks/use-command-id'
import { useStockCommandDone } from '../hooks/use-stock-command-done'
import type { MoveCreateBody, StockLine } from '../inventory-types'
import { LocationPicker } from './location-picker'
import { NewSsccLabel } from './new-sscc-label'
import { StockLineSummary } from './stock-line-summary'
import classes from './error-contrast.module.css'

interface MoveValues {
  mode: 'pallet' | 'line'
  qty: string
  to_location: number | null
  note: string
  /** what the part moved away of an SSCC becomes (ADR 0018): a new SSCC with its label, or none */
  split: 'new' | 'none'
}

/** What is free to move: quantity minus reserved (SPEC 10.2: more than that is refused). */
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
  split_sscc: 'split',
  note: 'note',
}

/**
 * SPEC 10.1: move a whole pallet, or a quantity of one line, to another location. The server's
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
  const [newLabel, setNewLabel] = useState<{ sscc: string; palletCode: string; to: string } | null>(null)

  const form = useForm<MoveValues>({
    mode: 'controlled',
    initialValues: { mode: pallet ? 'pallet' : 'line', qty: free, to_location: null, note: '', split: 'new' },
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

  // ADR 0018: part of a line, or one line of a unit of several, splits the SSCC; the whole unit keeps it
  const unit = useQuery({ ...ssccUnitQueryOptions(line.sscc ?? ''), enabled: line.sscc !== null && form.values.mode === 'line' })
  const lineMilli = toMilli(line.qty)
  const qtyMilli = toMilli(form.values.qty)
  const splits = form.values.mode === 'line' && line.sscc !== null && ((unit.data ?? 1) > 1 || qtyMilli === null || qtyMilli !== lineMilli)

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
        if (splits) body.split_sscc = values.split
      }
      if (values.note.trim()) body.note = values.note.trim()
      return postMove(body)
    },
    onMutate: () => setGeneral(null),
    onSuccess: (result) => {
      commandId.settle()
      done()
      const to = result.lines[0]?.location.code ?? result.moves[0]?.to_location?.code ?? ''
      const fresh = result.lines.find((l) => l.sscc !== null && l.sscc !== line.sscc)
      if (fresh?.sscc) {
        // the new SSCC's label is offered here, before the dialog closes
        setNewLabel({ sscc: fresh.sscc, palletCode: fresh.pallet_code ?? fresh.sscc, to })
        return
      }
      notifications.show({ color: 'green', message: t`Estoque movido para ${to}.`, closeButtonProps: { 'aria-label': t`Fechar` } })
      onDone()
    },
    onError: (error) => {
      commandId.settle(error)
      showCommandErrors(error, FIELDS, { setFieldError: form.setFieldError, onStale: done, setLine, setGeneral })
    },
  })

  if (newLabel) return <NewSsccLabel {...newLabel} onDone={onDone} />

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
        {splits ? (
          <Radio.Group
            label={t`A parte movida sai do SSCC ${line.sscc}`}
            description={t`Um SSCC identifica uma unidade em um só lugar: o que fica mantém o SSCC.`}
            {...form.getInputProps('split')}
          >
            <Stack gap={6} mt={6}>
              <Radio value="new" label={t`Novo SSCC para a parte movida (imprimir a etiqueta agora)`} />
              <Radio value="none" label={t`Sem SSCC (estoque solto)`} />
            </Stack>
          </Radio.Group>
        ) : null}
        <LocationPicker
          label={t`Destino`}
          required
          exclude={line.location.id}
          value={form.values.to_location}
          onChange={(id) => form.setFieldValue('to_location', id)}
          error={form.errors.to_location}
        />
        <TextInput label={t`Observação`} maxLength={500} {...form.getInputProps('note')} />
        <FormFooter onCancel={onDone} pending={move.isPending}>
          <Trans>Mover</Trans>
        </FormFooter>
      </Stack>
    </form>
  )
}
