import { useState } from 'react'
import { Alert, Button, Group, Modal, Stack, Textarea } from '@mantine/core'
import { useForm } from '@mantine/form'
import { notifications } from '@mantine/notifications'
import { Trans, useLingui } from '@lingui/react/macro'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { placeDrfErrors } from '../../../components/resource-form'
import { cancelInboundDocument } from '../api/cancel-inbound-document'
import { receivingKeys } from '../receiving-query-keys'
import type { InboundDocument } from '../receiving-types'

/** SPEC 12.6: cancelling asks why; the reason stays on the document and in its history. */
export function CancelDocumentDialog({ document, onClose }: { document: InboundDocument; onClose: () => void }) {
  const { t } = useLingui()
  const queryClient = useQueryClient()
  const [formError, setFormError] = useState<string | null>(null)
  const form = useForm({
    mode: 'controlled',
    initialValues: { reason: '' },
    validate: { reason: (v) => (v.trim() === '' ? t`Diga por que o documento é cancelado.` : null) },
  })
  const cancel = useMutation({
    mutationFn: (reason: string) => cancelInboundDocument(document.id, reason),
    onMutate: () => setFormError(null),
    onSuccess: (saved) => {
      queryClient.setQueryData(receivingKeys.document(saved.id), saved)
      void queryClient.invalidateQueries({ queryKey: receivingKeys.documentLists() })
      void queryClient.invalidateQueries({ queryKey: ['audit', 'inbound_documents', saved.id] })
      notifications.show({ color: 'green', message: t`Documento ${saved.code} cancelado.`, closeButtonProps: { 'aria-label': t`Fechar` } })
      onClose()
    },
    onError: (error) => setFormError(placeDrfErrors(error, form.setFieldError, ['reason'], t`Não foi possível cancelar.`)),
  })
  const title = t`Cancelar o documento ${document.code}`
  return (
    <Modal opened onClose={onClose} title={title} closeButtonProps={{ 'aria-label': t`Fechar` }}>
      <form onSubmit={form.onSubmit((v) => cancel.mutate(v.reason.trim()))} noValidate aria-label={title}>
        <Stack>
          {formError ? (
            <Alert color="red" variant="light" role="alert" title={t`Não foi possível cancelar.`}>
              {formError}
            </Alert>
          ) : null}
          <Textarea
            key={form.key('reason')}
            label={t`Motivo`}
            description={t`Fica no documento e no seu histórico.`}
            required
            rows={3}
            maxLength={500}
            data-autofocus
            {...form.getInputProps('reason')}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              <Trans>Voltar</Trans>
            </Button>
            <Button type="submit" color="red" loading={cancel.isPending}>
              <Trans>Cancelar documento</Trans>
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  )
}
