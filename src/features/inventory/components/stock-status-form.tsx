import { useState } from 'react'
import { Alert, SegmentedControl, Stack, Text, Textarea } from '@mantine/core'
import { useForm } from '@mantine/form'
import { notifications } from '@mantine/notifications'
import { IconAlertTriangle } from '@tabler/icons-react'
import { plural } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { useMutation } from '@tanstack/react-query'
import { postStockStatus } from '../api/post-stock-status'
import { FormFooter } from './form-footer'
import { showCommandErrors } from '../command-errors'
import { useCommandId } from '../hooks/use-command-id'
import { useStockCommandDone } from '../hooks/use-stock-command-done'
import type { StockLine } from '../inventory-types'
import { StockLineSummary } from './stock-line-summary'
import classes from './error-contrast.module.css'

interface StatusValues {
  status: 'blocked' | 'quarantine'
  reason: string
}

const FIELDS: Record<string, keyof StatusValues> = { reason: 'reason', status: 'status' }

/**
 * SPEC 10.4: block (or quarantine) a line, or release it, with a reason; the whole pallet when the
 * line has one. Blocked and quarantined stock is never suggested, reserved or picked.
 */
export function StockStatusForm({ line: initial, action, onDone }: { line: StockLine; action: 'block' | 'release'; onDone: () => void }) {
  const { t } = useLingui()
  const [line, setLine] = useState(initial)
  const [general, setGeneral] = useState<string | null>(null)
  const commandId = useCommandId()
  const done = useStockCommandDone()
  const pallet = line.pallet_code ?? line.sscc

  const form = useForm<StatusValues>({
    mode: 'controlled',
    initialValues: { status: 'blocked', reason: '' },
    validate: { reason: (value) => (value.trim() === '' ? t`Informe o motivo.` : null) },
  })

  const submit = useMutation({
    mutationFn: (values: StatusValues) =>
      postStockStatus(line.id, action, {
        command_id: commandId.current(),
        reason: values.reason.trim(),
        expected_version: line.version,
        ...(action === 'block' ? { status: values.status } : {}),
      }),
    onMutate: () => setGeneral(null),
    onSuccess: (result) => {
      commandId.settle()
      done()
      const count = result.lines.length
      notifications.show({
        color: 'green',
        message: action === 'block' ? plural(count, { one: 'Estoque bloqueado (# linha).', other: 'Estoque bloqueado (# linhas).' }) : plural(count, { one: 'Estoque liberado (# linha).', other: 'Estoque liberado (# linhas).' }),
        closeButtonProps: { 'aria-label': t`Fechar` },
      })
      onDone()
    },
    onError: (error) => {
      commandId.settle(error)
      showCommandErrors(error, FIELDS, { setFieldError: form.setFieldError, onStale: done, setLine, setGeneral })
    },
  })

  const label = action === 'block' ? t`Bloquear estoque` : t`Liberar estoque`
  return (
    <form onSubmit={form.onSubmit((values) => submit.mutate(values))} noValidate aria-label={label} className={classes.root}>
      <Stack gap="md">
        <StockLineSummary line={line} />
        {general ? (
          <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} aria-hidden />} role="alert" title={t`O servidor recusou a alteração.`}>
            {general}
          </Alert>
        ) : null}
        {pallet ? (
          <Text size="sm">
            <Trans>Vale para todas as linhas do palete {pallet}.</Trans>
          </Text>
        ) : null}
        {action === 'block' ? (
          <Stack gap={4}>
            <Text size="sm" fw={500} id="block-status-label">
              <Trans>Situação</Trans>
            </Text>
            <SegmentedControl
              aria-labelledby="block-status-label"
              data={[
                { value: 'blocked', label: t`Bloqueado` },
                { value: 'quarantine', label: t`Quarentena` },
              ]}
              {...form.getInputProps('status')}
            />
          </Stack>
        ) : null}
        <Textarea label={t`Motivo`} required maxLength={500} rows={2} data-autofocus {...form.getInputProps('reason')} />
        <FormFooter onCancel={onDone} pending={submit.isPending} color={action === 'block' ? 'red' : undefined}>
          {action === 'block' ? <Trans>Bloquear</Trans> : <Trans>Liberar</Trans>}
        </FormFooter>
      </Stack>
    </form>
  )
}
