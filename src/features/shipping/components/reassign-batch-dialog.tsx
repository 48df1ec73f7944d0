import { useState } from 'react'
import { Alert, Button, Group, Modal, Select, Stack, Text } from '@mantine/core'
import { useForm } from '@mantine/form'
import { useQuery } from '@tanstack/react-query'
import { Trans, useLingui } from '@lingui/react/macro'
import { placeDrfErrors } from '../../../components/resource-form'
import { assignBatch } from '../api/assign-batch'
import { assignableUsersQueryOptions, type AssignableUser } from '../api/get-assignable-users'
import type { BatchAssignOut, PickProgressBatch } from '../shipping-types'

/** The select's value for "back to the pool" (user: null). */
const POOL = 'pool'

const nameOf = (u: AssignableUser) => {
  const full = `${u.first_name} ${u.last_name}`.trim()
  return full ? `${full} (${u.username})` : u.username
}

/**
 * "Reatribuir" a pick batch (SPEC 19.6): another active user of the company, or back to the pool. One command_id per
 * opening of the dialog (the parent mounts it anew each time), so a double click or "Reatribuir" again after no answer
 * sends the same command and the batch moves at most once.
 */
export function ReassignBatchDialog({ batch, onDone, onClose }: { batch: PickProgressBatch; onDone: (answer: BatchAssignOut) => void; onClose: () => void }) {
  const { t } = useLingui()
  const [commandId] = useState(() => crypto.randomUUID())
  const [error, setError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  const users = useQuery(assignableUsersQueryOptions())
  const form = useForm({
    mode: 'controlled',
    initialValues: { user: null as string | null },
    validate: {
      user: (v) => (v === null || v === '' ? t`Escolha quem vai separar o lote.` : null),
    },
  })
  const options = [
    { value: POOL, label: t`Ninguém (devolver o lote para a fila)` },
    ...(users.data ?? []).filter((u) => u.id !== batch.assignee?.id).map((u) => ({ value: String(u.id), label: nameOf(u) })),
  ]
  const submit = form.onSubmit(async ({ user }) => {
    setBusy(true)
    setError(null)
    try {
      const answer = await assignBatch(batch.id, {
        command_id: commandId,
        user: user === POOL || user === null ? null : Number(user),
      })
      onDone(answer)
    } catch (e) {
      setError(placeDrfErrors(e, form.setFieldError, ['user'], t`Não foi possível reatribuir o lote.`))
    } finally {
      setBusy(false)
    }
  })
  const title = t`Reatribuir o lote ${batch.code}`
  return (
    <Modal opened onClose={onClose} title={title} closeButtonProps={{ 'aria-label': t`Fechar` }}>
      <form onSubmit={submit} noValidate aria-label={title}>
        <Stack>
          {error ? (
            <Alert color="red" variant="light" role="alert">
              {error}
            </Alert>
          ) : null}
          <Text size="sm">
            {batch.assignee ? (
              <Trans>
                Hoje com {batch.assignee.username}. As paradas ainda não separadas passam para quem você escolher; as já separadas continuam com quem as
                separou.
              </Trans>
            ) : (
              <Trans>Ninguém está com este lote. As paradas ainda não separadas passam para quem você escolher.</Trans>
            )}
          </Text>
          <Select
            label={t`Operador`}
            placeholder={users.isPending ? t`Carregando...` : t`Escolha um usuário`}
            data={options}
            searchable
            required
            nothingFoundMessage={t`Nenhum usuário encontrado.`}
            data-autofocus
            {...form.getInputProps('user')}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              <Trans>Voltar</Trans>
            </Button>
            <Button type="submit" loading={busy}>
              <Trans>Reatribuir</Trans>
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  )
}
