import { useState } from 'react'
import { Badge, Button, Code, Drawer, Group, Modal, Select, Stack, Text, Tooltip } from '@mantine/core'
import { notifications } from '@mantine/notifications'
import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { WebhookDelivery, WebhookSubscription } from '../../../../contracts/integrations/webhooks.contract'
import { WEBHOOK_DELIVERY_STATUSES, type WebhookDeliveryStatus } from '../../../../contracts/integrations/webhooks.rules'
import { DataTable, type DataColumn } from '../../../components/data-table'
import { apiErrorText } from '../../../lib/api-client'
import { formatDate } from '../../../lib/format'
import { DEFAULT_LIST_PARAMS, type ListParams } from '../../../lib/list-query'
import { redeliverWebhook, webhookDeliveriesQueryOptions } from '../api/webhooks'
import { integrationsKeys } from '../integrations-query-keys'
import { DELIVERY_STATUS_COLORS, DELIVERY_STATUS_LABELS, EVENT_TYPE_LABELS } from '../webhook-labels'

/** A subscription's delivery log (docs/requirements.md §6, ADR 0020). Open while `hook` is set. */
export function WebhookDeliveriesDrawer({ hook, onClose }: { hook: WebhookSubscription | null; onClose: () => void }) {
  const { t } = useLingui()
  const url = hook?.url ?? ''
  return (
    <Drawer opened={hook !== null} onClose={onClose} position="right" size="76rem" title={t`Entregas: ${url}`} closeButtonProps={{ 'aria-label': t`Fechar` }}>
      {hook ? <DeliveryLog hook={hook} /> : null}
    </Drawer>
  )
}

function DeliveryLog({ hook }: { hook: WebhookSubscription }) {
  const { t, i18n } = useLingui()
  const queryClient = useQueryClient()
  const [status, setStatus] = useState<WebhookDeliveryStatus | null>(null)
  // held here so a new status filter starts again at page 1
  const [params, setParams] = useState<ListParams>(DEFAULT_LIST_PARAMS)
  const [viewing, setViewing] = useState<WebhookDelivery | null>(null)
  const close = { closeButtonProps: { 'aria-label': t`Fechar` } }
  const redeliver = useMutation({
    mutationFn: (d: WebhookDelivery) => redeliverWebhook(hook.id, d.id),
    onSuccess: (d) => notifications.show({ color: 'green', message: t`Entrega ${d.event_id} enviada de novo.`, ...close }),
    onError: (error) => notifications.show({ color: 'red', message: apiErrorText(error) ?? t`Não foi possível reenviar a entrega.`, ...close }),
    // the log and the list's pending and dead counts both change
    onSettled: () => queryClient.invalidateQueries({ queryKey: integrationsKeys.webhooks() }),
  })
  const when = (iso: string | null) => (iso ? formatDate(iso, i18n.locale) : '—')

  const columns: DataColumn<WebhookDelivery>[] = [
    {
      id: 'event_type',
      header: msg`Evento`,
      sortable: false,
      value: (d) => d.event_type,
      render: (d) => (
        <Stack gap={0}>
          <Text size="sm">{i18n._(EVENT_TYPE_LABELS[d.event_type])}</Text>
          <Text size="xs" c="dimmed">{d.event_type}</Text>
        </Stack>
      ),
    },
    { id: 'event_id', header: msg`ID do evento`, value: (d) => d.event_id, align: 'left', nowrap: true },
    {
      id: 'status',
      header: msg`Situação`,
      sortable: false,
      value: (d) => d.status,
      render: (d) => (
        <Badge color={DELIVERY_STATUS_COLORS[d.status]} variant="dot" style={{ minWidth: 'max-content' }}>
          {i18n._(DELIVERY_STATUS_LABELS[d.status])}
        </Badge>
      ),
    },
    { id: 'attempts', header: msg`Tentativas`, kind: 'number', value: (d) => d.attempts },
    {
      id: 'last_response_code',
      header: msg`Última resposta`,
      sortable: false,
      value: (d) => d.last_response_code,
      render: (d) =>
        d.last_error ? (
          <Tooltip label={d.last_error} multiline w={320}>
            <Text size="sm" c="red.9" tabIndex={0}>{d.last_response_code ?? t`Erro`}</Text>
          </Tooltip>
        ) : (
          (d.last_response_code ?? '—')
        ),
      nowrap: true,
    },
    { id: 'last_attempt_at', header: msg`Última tentativa`, value: (d) => d.last_attempt_at, render: (d) => when(d.last_attempt_at), nowrap: true },
    { id: 'next_attempt_at', header: msg`Próxima tentativa`, sortable: false, value: (d) => d.next_attempt_at, render: (d) => when(d.next_attempt_at), nowrap: true },
    { id: 'delivered_at', header: msg`Entregue em`, sortable: false, value: (d) => d.delivered_at, render: (d) => when(d.delivered_at), nowrap: true },
    {
      id: 'actions',
      header: msg`Ações`,
      sortable: false,
      value: () => null,
      render: (d) => (
        <Group gap={6} wrap="nowrap">
          {/* a darker blue than the subtle variant's: on a striped row under the pointer it kept 4.2:1, below AA's 4.5 */}
          <Button size="xs" variant="subtle" c="blue.9" onClick={() => setViewing(d)} aria-label={t`Conteúdo da entrega ${d.event_id}`}>
            <Trans>Conteúdo</Trans>
          </Button>
          {d.status === 'pending' ? null : (
            <Button
              size="xs"
              variant="light"
              loading={redeliver.isPending && redeliver.variables?.id === d.id}
              onClick={() => redeliver.mutate(d)}
              aria-label={t`Reenviar entrega ${d.event_id}`}
            >
              <Trans>Reenviar</Trans>
            </Button>
          )}
        </Group>
      ),
    },
  ]

  return (
    <>
      <DataTable
        tableId="integrations.webhook-deliveries"
        label={t`Entregas do webhook`}
        columns={columns}
        query={(params) => webhookDeliveriesQueryOptions(hook.id, status, params)}
        getRowId={(d) => String(d.id)}
        searchable={false}
        params={params}
        onParamsChange={setParams}
        emptyText={<Trans>Nenhuma entrega.</Trans>}
        toolbar={() => (
          <Select
            aria-label={t`Situação da entrega`}
            size="xs"
            w={160}
            data={[{ value: 'all', label: t`Todas` }, ...WEBHOOK_DELIVERY_STATUSES.map((s) => ({ value: s, label: i18n._(DELIVERY_STATUS_LABELS[s]) }))]}
            value={status ?? 'all'}
            allowDeselect={false}
            onChange={(value) => {
              setStatus(value && value !== 'all' ? (value as WebhookDeliveryStatus) : null)
              setParams({ ...params, page: 1 })
            }}
          />
        )}
      />
      <Modal opened={viewing !== null} onClose={() => setViewing(null)} title={t`Conteúdo da entrega ${viewing?.event_id ?? ''}`} size="xl" {...close}>
        {viewing && (
          <Stack gap="xs">
            {viewing.last_error ? (
              <Text size="sm" c="red.9">
                <Trans>Último erro: {viewing.last_error}</Trans>
              </Text>
            ) : null}
            <Code block data-testid="webhook-payload" style={{ maxHeight: '60vh', overflow: 'auto' }}>
              {JSON.stringify(viewing.payload, null, 2)}
            </Code>
          </Stack>
        )}
      </Modal>
    </>
  )
}
