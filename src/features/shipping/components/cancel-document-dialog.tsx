import { useState } from 'react'
import { Alert, Button, Group, Modal, Stack, Textarea } from '@mantine/core'
import { useForm } from '@mantine/form'
import { IconInfoCircle } from '@tabler/icons-react'
import { Trans, useLingui } from '@lingui/react/macro'
import { placeDrfErrors } from '../../../components/resource-form'

/**
 * Cancel an order or a wave with a reason (SPEC 12.9): the reason is required here, and the audit trail keeps it.
 * A refusal (picking started meanwhile) shows in the dialog, and the reason typed stays.
 */
export function CancelDocumentDialog({
  title,
  confirmLabel,
  notice,
  onCancel,
  onClose,
}: {
  title: string
  confirmLabel: string
  /** what else the cancel does, said before the user confirms (a released wave's reservations go back) */
  notice?: string
  onCancel: (reason: string) => Promise<unknown>
  onClose: () => void
}) {
  const { t } = useLingui()
  const [error, setError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  const form = useForm({
    mode: 'controlled',
    initialValues: { reason: '' },
    validate: { reason: (v) => (v.trim() === '' ? t`Diga por que cancela.` : null) },
  })
  const submit = form.onSubmit(async ({ reason }) => {
    setBusy(true)
    setError(null)
    try {
      await onCancel(reason.trim())
      onClose()
    } catch (e) {
      setError(placeDrfErrors(e, form.setFieldError, ['reason'], t`Não foi possível cancelar.`))
    } finally {
      setBusy(false)
    }
  })
  return (
    <Modal opened onClose={onClose} title={title} closeButtonProps={{ 'aria-label': t`Fechar` }}>
      <form onSubmit={submit} noValidate aria-label={title}>
        <Stack>
          {error ? (
            <Alert color="red" variant="light" role="alert">
              {error}
            </Alert>
          ) : null}
          {notice ? (
            <Alert color="yellow" variant="light" icon={<IconInfoCircle size={18} aria-hidden />}>
              {notice}
            </Alert>
          ) : null}
          <Textarea label={t`Motivo`} required maxLength={500} rows={3} data-autofocus {...form.getInputProps('reason')} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              <Trans>Voltar</Trans>
            </Button>
            <Button type="submit" color="red" loading={busy}>
              {confirmLabel}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  )
}
