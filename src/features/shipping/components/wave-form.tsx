import { useEffect, useState } from 'react'
import { Alert, Button, Group, MultiSelect, Paper, Stack, Table, TextInput, Title } from '@mantine/core'
import { useForm } from '@mantine/form'
import { notifications } from '@mantine/notifications'
import { IconAlertTriangle } from '@tabler/icons-react'
import { Trans, useLingui } from '@lingui/react/macro'
import { LinkAnchor } from './link-anchor'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { AuditHistory } from '../../../components/audit-history'
import { placeDrfErrors } from '../../../components/resource-form'
import { freeOrdersQueryOptions } from '../api/get-order-documents'
import { saveWave } from '../api/save-documents'
import { shippingKeys } from '../shipping-query-keys'
import type { SalesOrderRow, Wave } from '../shipping-types'
import { DocumentActions, LOCK_REASON_ID, LockNotice, useDocumentLock } from './document-actions'
import { DocumentStatusBadge } from './document-status-badge'
import { WavePickPath } from './wave-pick-path'
import { useWaveRelease } from '../hooks/use-wave-release'
import { newCommandId } from '../../../lib/command-id'
import { WaveReleaseButton, WaveReleaseResult } from './wave-release'

interface WaveValues {
  code: string
  orders: string[]
}

const valuesOf = (wave: Wave | null): WaveValues => ({ code: wave?.code ?? '', orders: (wave?.orders ?? []).map((o) => String(o.id)) })
const orderLabel = (o: SalesOrderRow) => `${o.code} — ${o.customer.name} (${o.warehouse.code})`

/**
 * A wave (SPEC 12.6): a code and the open orders it groups, picked from the open orders in no other wave; changed while
 * picking has not started (orders taken out stay open); cancel with a reason; its audit trail.
 */
export function WaveForm({
  wave,
  onSaved,
  onClose,
  openRelease = false,
  onReleaseOpened,
}: {
  wave: Wave | null
  onSaved: (wave: Wave) => void
  onClose: () => void
  /** open the release dialog at once, when the wave can be released by this user (SPEC 19.3) */
  openRelease?: boolean
  onReleaseOpened?: () => void
}) {
  const { t } = useLingui()
  const queryClient = useQueryClient()
  const lock = useDocumentLock(wave, 'wave')
  const release = useWaveRelease()
  const { send: sendRelease } = release
  const releasable = wave !== null && wave.status === 'open' && lock === null
  useEffect(() => {
    if (!openRelease || !wave) return
    if (releasable) sendRelease({ type: 'OPEN', wave: { id: wave.id, code: wave.code }, commandId: newCommandId() })
    onReleaseOpened?.()
  }, [openRelease, releasable, wave, sendRelease, onReleaseOpened])
  const readOnly = lock !== null
  const [formError, setFormError] = useState<string | null>(null)
  const free = useQuery({ ...freeOrdersQueryOptions(), enabled: !readOnly })
  const form = useForm<WaveValues>({
    mode: 'controlled',
    initialValues: valuesOf(wave),
    validate: {
      code: (v) => (v.trim() === '' ? t`Preencha este campo.` : null),
      orders: (v) => (v.length === 0 ? t`Escolha ao menos um pedido.` : null),
    },
  })
  const save = useMutation({
    mutationFn: (values: WaveValues) => saveWave(wave?.id ?? null, { code: values.code.trim(), orders: values.orders.map(Number) }),
    onMutate: () => setFormError(null),
    onSuccess: (saved) => {
      queryClient.setQueryData(shippingKeys.waveDocument(saved.id), saved)
      void queryClient.invalidateQueries({ queryKey: shippingKeys.all })
      void queryClient.invalidateQueries({ queryKey: ['audit', 'waves', saved.id] })
      form.setInitialValues(valuesOf(saved))
      form.setValues(valuesOf(saved))
      notifications.show({ color: 'green', message: t`Onda ${saved.code} salva.`, closeButtonProps: { 'aria-label': t`Fechar` } })
      onSaved(saved)
    },
    onError: (error) => setFormError(placeDrfErrors(error, form.setFieldError, ['code', 'orders'], t`Não foi possível salvar.`)),
  })
  // the wave's own orders stay choosable beside the free ones
  const own = wave?.orders ?? []
  const options = [...own, ...(free.data ?? []).filter((o) => !own.some((w) => w.id === o.id))]
  return (
    <Stack gap="md" maw={960}>
      {wave ? (
        <DocumentActions kind="wave" document={wave} lock={lock}>
          <WaveReleaseButton flow={release} wave={wave} lock={lock} />
        </DocumentActions>
      ) : null}
      <LockNotice lock={lock} />
      <WaveReleaseResult flow={release} />
      <Paper withBorder p="lg">
        <form onSubmit={form.onSubmit((v) => save.mutate(v))} noValidate aria-label={wave ? t`Onda ${wave.code}` : t`Nova onda`}>
          <Stack gap="md">
            {formError ? (
              <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} aria-hidden />} role="alert" title={t`Não foi possível salvar.`}>
                {formError}
              </Alert>
            ) : null}
            <TextInput label={t`Código`} required maxLength={64} disabled={readOnly} key={form.key('code')} {...form.getInputProps('code')} maw={320} />
            <MultiSelect
              label={t`Pedidos`}
              description={t`Pedidos abertos que ainda não estão em outra onda, do mesmo armazém.`}
              required
              searchable
              disabled={readOnly}
              nothingFoundMessage={free.isFetching ? t`Pesquisando...` : t`Nenhum pedido aberto fora de ondas`}
              data={options.map((o) => ({ value: String(o.id), label: orderLabel(o) }))}
              key={form.key('orders')}
              {...form.getInputProps('orders')}
            />
            <Group justify="flex-end" gap="xs">
              <Button variant="default" onClick={onClose}>
                <Trans>Voltar à lista</Trans>
              </Button>
              <Button type="submit" loading={save.isPending} disabled={readOnly} aria-describedby={readOnly ? LOCK_REASON_ID : undefined}>
                <Trans>Salvar</Trans>
              </Button>
            </Group>
          </Stack>
        </form>
      </Paper>
      {wave && wave.orders.length ? (
        <Paper withBorder p="lg">
          <Title order={3} size="h5" mb="xs">
            <Trans>Pedidos da onda</Trans>
          </Title>
          <Table aria-label={t`Pedidos da onda`}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>
                  <Trans>Código</Trans>
                </Table.Th>
                <Table.Th>
                  <Trans>Cliente</Trans>
                </Table.Th>
                <Table.Th>
                  <Trans>Situação</Trans>
                </Table.Th>
                <Table.Th ta="right">
                  <Trans>Linhas</Trans>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {wave.orders.map((o) => (
                <Table.Tr key={o.id}>
                  <Table.Td>
                    <LinkAnchor to="/shipping/orders/$id" params={{ id: String(o.id) }} size="sm">
                      {o.code}
                    </LinkAnchor>
                  </Table.Td>
                  <Table.Td>{o.customer.name}</Table.Td>
                  <Table.Td>
                    <DocumentStatusBadge status={o.status} />
                  </Table.Td>
                  <Table.Td ta="right">{o.lines_count}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Paper>
      ) : null}
      {wave && (wave.status === 'open' || wave.status === 'released') ? <WavePickPath waveId={wave.id} /> : null}
      {wave ? (
        <Paper withBorder p="lg">
          <AuditHistory entity="waves" id={wave.id} />
        </Paper>
      ) : null}
    </Stack>
  )
}
