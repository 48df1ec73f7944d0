import { useState } from 'react'
import { Alert, Select, Stack, TextInput, Textarea } from '@mantine/core'
import { useForm } from '@mantine/form'
import { notifications } from '@mantine/notifications'
import { IconAlertTriangle } from '@tabler/icons-react'
import { Trans, useLingui } from '@lingui/react/macro'
import { useMutation } from '@tanstack/react-query'
import { ADJUSTMENT_REASONS } from '../../../../contracts/inventory/inventory.rules'
import { fromMilli, toMilli } from '../../../lib/format'
import { postAdjustment } from '../api/post-adjustment'
import { FormFooter } from './form-footer'
import { showCommandErrors } from '../command-errors'
import { useCommandId } from '../hooks/use-command-id'
import { useStockCommandDone } from '../hooks/use-stock-command-done'
import { ADJUSTMENT_REASON_LABELS } from '../inventory-labels'
import type { AdjustmentReason, StockLine } from '../inventory-types'
import { StockLineSummary } from './stock-line-summary'
import classes from './error-contrast.module.css'

interface AdjustValues {
  qty: string
  reason_code: AdjustmentReason | null
  note: string
}

/** "12.500" as a person types it: "12.5". */
function plainQty(qty: string): string {
  const milli = toMilli(qty)
  return milli === null ? qty : fromMilli(milli)
}

const FIELDS: Record<string, keyof AdjustValues> = { qty: 'qty', reason_code: 'reason_code', note: 'note', stock_line: 'qty' }

/** SPEC 10.3: correct a line's quantity with a reason code and a note (admins and supervisors; the server decides). */
export function AdjustStockForm({ line: initial, onDone }: { line: StockLine; onDone: () => void }) {
  const { t, i18n } = useLingui()
  const [line, setLine] = useState(initial)
  const [general, setGeneral] = useState<string | null>(null)
  const commandId = useCommandId()
  const done = useStockCommandDone()

  const form = useForm<AdjustValues>({
    mode: 'controlled',
    initialValues: { qty: plainQty(line.qty), reason_code: null, note: '' },
    validate: {
      qty: (value) => (value.trim() === '' || toMilli(value) === null ? t`Informe um número com até 3 casas decimais.` : null),
      reason_code: (value) => (value === null ? t`Escolha o motivo.` : null),
    },
  })

  const adjust = useMutation({
    mutationFn: (values: AdjustValues) =>
      postAdjustment({
        command_id: commandId.current(),
        stock_line: line.id,
        expected_version: line.version,
        qty: values.qty.trim(),
        reason_code: values.reason_code ?? 'correction',
        note: values.note.trim(),
      }),
    onMutate: () => setGeneral(null),
    onSuccess: () => {
      commandId.settle()
      done()
      notifications.show({ color: 'green', message: t`Ajuste lançado.`, closeButtonProps: { 'aria-label': t`Fechar` } })
      onDone()
    },
    onError: (error) => {
      commandId.settle(error)
      showCommandErrors(error, FIELDS, { setFieldError: form.setFieldError, onStale: done, setLine, setGeneral })
    },
  })

  return (
    <form onSubmit={form.onSubmit((values) => adjust.mutate(values))} noValidate aria-label={t`Ajustar estoque`} className={classes.root}>
      <Stack gap="md">
        <StockLineSummary line={line} />
        {general ? (
          <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} aria-hidden />} role="alert" title={t`O servidor recusou o ajuste.`}>
            {general}
          </Alert>
        ) : null}
        <TextInput
          label={t`Nova quantidade`}
          description={t`A quantidade que está de fato na localização (0 esvazia a linha).`}
          inputMode="decimal"
          autoComplete="off"
          required
          {...form.getInputProps('qty')}
        />
        <Select
          label={t`Motivo`}
          required
          allowDeselect={false}
          data={ADJUSTMENT_REASONS.map((code) => ({ value: code, label: i18n._(ADJUSTMENT_REASON_LABELS[code]) }))}
          {...form.getInputProps('reason_code')}
        />
        <Textarea label={t`Observação`} maxLength={500} rows={2} {...form.getInputProps('note')} />
        <FormFooter onCancel={onDone} pending={adjust.isPending}>
          <Trans>Lançar ajuste</Trans>
        </FormFooter>
      </Stack>
    </form>
  )
}
