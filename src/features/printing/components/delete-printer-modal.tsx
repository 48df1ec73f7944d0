import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core'
import { notifications } from '@mantine/notifications'
import { IconAlertTriangle, IconTrash } from '@tabler/icons-react'
import { Trans, useLingui } from '@lingui/react/macro'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { apiErrorText } from '../../../lib/api-client'
import { deletePrinter } from '../api/delete-printer'
import { printingKeys } from '../printing-query-keys'
import type { Printer } from '../printing-types'

/** Asks before removing a printer; what the server refuses (the virtual printer, a missing right) is shown here. */
export function DeletePrinterModal({ printer, onClose }: { printer: Printer; onClose: () => void }) {
  const { t } = useLingui()
  const queryClient = useQueryClient()
  const name = printer.name
  const remove = useMutation({
    mutationFn: () => deletePrinter(printer.id),
    onSuccess: () => {
      notifications.show({ color: 'green', message: t`Impressora ${name} excluída.`, closeButtonProps: { 'aria-label': t`Fechar` } })
      void queryClient.invalidateQueries({ queryKey: printingKeys.printers() })
      // the printer's jobs are deleted with it
      void queryClient.invalidateQueries({ queryKey: printingKeys.jobs() })
      onClose()
    },
  })

  return (
    <Modal opened onClose={onClose} title={t`Excluir impressora`} closeButtonProps={{ 'aria-label': t`Fechar` }}>
      <Stack gap="md">
        {remove.isError ? (
          <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} aria-hidden />} role="alert">
            {apiErrorText(remove.error) ?? <Trans>Não foi possível excluir a impressora.</Trans>}
          </Alert>
        ) : null}
        <Text size="sm">
          <Trans>
            Excluir a impressora <strong>{name}</strong>? As impressões enviadas a ela saem também do histórico.
          </Trans>
        </Text>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={remove.isPending} data-autofocus>
            <Trans>Cancelar</Trans>
          </Button>
          <Button color="red" leftSection={<IconTrash size={16} aria-hidden />} loading={remove.isPending} onClick={() => remove.mutate()}>
            <Trans>Excluir</Trans>
          </Button>
        </Group>
      </Stack>
    </Modal>
  )
}
