import { useState } from 'react'
import { ActionIcon, Alert, Badge, Button, Code, CopyButton, Group, List, Modal, Paper, Stack, Switch, Text, Title, Tooltip } from '@mantine/core'
import { useForm } from '@mantine/form'
import { notifications } from '@mantine/notifications'
import { IconPencil, IconPlayerPause, IconPlayerPlay, IconTrash } from '@tabler/icons-react'
import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { WebhookCreated, WebhookSubscription } from '../../../../contracts/integrations/webhooks.contract'
import { DataTable, type DataColumn } from '../../../components/data-table'
import { apiErrorText } from '../../../lib/api-client'
import { formatDate, formatNumber } from '../../../lib/format'
import { createWebhook, deleteWebhook, updateWebhook, webhooksQueryOptions } from '../api/webhooks'
import { integrationsKeys } from '../integrations-query-keys'
import { EVENT_TYPE_LABELS } from '../webhook-labels'
import { WebhookDeliveriesDrawer } from './webhook-deliveries-drawer'
import { showFieldErrors, WebhookFields, webhookValidation, type WebhookFormValues } from './webhook-fields'

const EMPTY: WebhookFormValues = { url: '', event_types: [], enabled: true }

/**
 * Configurações → Integrações, "Webhooks" (docs/requirements.md §6, ADR 0020): subscribe a URL to event types (the
 * signing secret shown once), pause or resume, edit, delete, and read each subscription's delivery log.
 */
export function WebhooksPanel() {
  const { t, i18n } = useLingui()
  const queryClient = useQueryClient()
  const close = { closeButtonProps: { 'aria-label': t`Fechar` } }
  const refresh = () => queryClient.invalidateQueries({ queryKey: integrationsKeys.webhooks() })
  const [created, setCreated] = useState<WebhookCreated | null>(null)
  const [editing, setEditing] = useState<WebhookSubscription | null>(null)
  const [deleting, setDeleting] = useState<WebhookSubscription | null>(null)
  const [logOf, setLogOf] = useState<WebhookSubscription | null>(null)

  const form = useForm<WebhookFormValues>({ initialValues: EMPTY, validate: webhookValidation(i18n) })
  const create = useMutation({
    mutationFn: (v: WebhookFormValues) => createWebhook({ url: v.url.trim(), event_types: v.event_types, enabled: v.enabled }),
    onSuccess: (hook) => {
      setCreated(hook)
      form.reset()
    },
    onError: (error) => {
      if (showFieldErrors(form, error)) return
      notifications.show({ color: 'red', message: apiErrorText(error) ?? t`Não foi possível criar a assinatura.`, ...close })
    },
    onSettled: refresh,
  })
  const toggle = useMutation({
    mutationFn: (hook: WebhookSubscription) => updateWebhook(hook.id, { enabled: !hook.enabled }),
    onSuccess: (hook) => notifications.show({ color: 'green', message: hook.enabled ? t`Assinatura retomada.` : t`Assinatura pausada.`, ...close }),
    onError: (error) => notifications.show({ color: 'red', message: apiErrorText(error) ?? t`Não foi possível alterar a assinatura.`, ...close }),
    onSettled: refresh,
  })
  const remove = useMutation({
    mutationFn: (hook: WebhookSubscription) => deleteWebhook(hook.id),
    onSuccess: () => notifications.show({ color: 'green', message: t`Assinatura excluída.`, ...close }),
    onError: (error) => notifications.show({ color: 'red', message: apiErrorText(error) ?? t`Não foi possível excluir a assinatura.`, ...close }),
    onSettled: refresh,
  })

  const columns: DataColumn<WebhookSubscription>[] = [
    {
      id: 'url',
      header: msg`URL`,
      sortable: false,
      value: (h) => h.url,
      render: (h) => (
        <Text size="sm" miw={160} style={{ wordBreak: 'break-all' }}>
          {h.url}
        </Text>
      ),
    },
    {
      id: 'event_types',
      header: msg`Eventos`,
      sortable: false,
      value: (h) => h.event_types.join(', '),
      render: (h) => (
        <Group gap={4}>
          {h.event_types.map((type) => (
            <Badge key={type} variant="light" size="sm" tt="none" title={type} style={{ minWidth: 'max-content' }}>
              {i18n._(EVENT_TYPE_LABELS[type])}
            </Badge>
          ))}
        </Group>
      ),
    },
    {
      id: 'enabled',
      header: msg`Situação`,
      sortable: false,
      value: (h) => h.enabled,
      render: (h) => (
        <Badge color={h.enabled ? 'green' : 'gray'} variant="dot" style={{ minWidth: 'max-content' }}>
          {h.enabled ? <Trans>Ativa</Trans> : <Trans>Pausada</Trans>}
        </Badge>
      ),
    },
    { id: 'pending', header: msg`Pendentes`, sortable: false, kind: 'number', value: (h) => h.pending },
    {
      id: 'dead',
      header: msg`Falhas`,
      sortable: false,
      kind: 'number',
      value: (h) => h.dead,
      render: (h) => (h.dead > 0 ? <Badge color="red" variant="light">{formatNumber(h.dead, i18n.locale)}</Badge> : formatNumber(0, i18n.locale)),
    },
    {
      id: 'last_delivered_at',
      header: msg`Última entrega`,
      sortable: false,
      value: (h) => h.last_delivered_at,
      // docs/requirements.md §2.14: the date may wrap after its comma, so the row's actions stay in sight at 1280 px
      render: (h) => (h.last_delivered_at ? formatDate(h.last_delivered_at, i18n.locale) : '—'),
    },
    {
      id: 'actions',
      header: msg`Ações`,
      sortable: false,
      value: () => null,
      render: (h) => (
        <Group gap={4} wrap="nowrap">
          <Button size="xs" variant="light" onClick={() => setLogOf(h)} aria-label={t`Entregas de ${h.url}`}>
            <Trans>Entregas</Trans>
          </Button>
          <Tooltip label={h.enabled ? t`Pausar` : t`Retomar`}>
            <ActionIcon
              variant="subtle"
              size="md"
              loading={toggle.isPending && toggle.variables?.id === h.id}
              onClick={() => toggle.mutate(h)}
              aria-label={h.enabled ? t`Pausar ${h.url}` : t`Retomar ${h.url}`}
            >
              {h.enabled ? <IconPlayerPause size={16} aria-hidden /> : <IconPlayerPlay size={16} aria-hidden />}
            </ActionIcon>
          </Tooltip>
          <Tooltip label={t`Editar`}>
            <ActionIcon variant="subtle" size="md" onClick={() => setEditing(h)} aria-label={t`Editar ${h.url}`}>
              <IconPencil size={16} aria-hidden />
            </ActionIcon>
          </Tooltip>
          <Tooltip label={t`Excluir`}>
            <ActionIcon variant="subtle" color="red" size="md" onClick={() => setDeleting(h)} aria-label={t`Excluir ${h.url}`}>
              <IconTrash size={16} aria-hidden />
            </ActionIcon>
          </Tooltip>
        </Group>
      ),
    },
  ]

  return (
    <Stack>
      <Paper withBorder p="md">
        <form onSubmit={form.onSubmit((v) => create.mutate(v))} noValidate aria-label={t`Nova assinatura de webhook`}>
          <Stack gap="sm">
            <Title order={4}><Trans>Nova assinatura de webhook</Trans></Title>
            <WebhookFields form={form} />
            <Group justify="space-between">
              <Switch label={t`Ativa (enviar eventos a partir de agora)`} {...form.getInputProps('enabled', { type: 'checkbox' })} />
              <Button type="submit" loading={create.isPending}><Trans>Criar assinatura</Trans></Button>
            </Group>
          </Stack>
        </form>
      </Paper>
      <DataTable
        tableId="integrations.webhooks"
        label={t`Assinaturas de webhook`}
        columns={columns}
        query={webhooksQueryOptions}
        getRowId={(h) => String(h.id)}
        emptyText={<Trans>Nenhuma assinatura de webhook.</Trans>}
      />

      <Modal opened={created !== null} onClose={() => setCreated(null)} title={t`Assinatura criada`} size="lg" closeOnClickOutside={false} {...close}>
        {created && (
          <Stack>
            <Alert color="yellow" title={<Trans>Copie o segredo agora</Trans>} styles={{ title: { color: 'var(--mantine-color-text)' } }}>
              <Trans>Ele é mostrado somente esta vez e não será exibido novamente. Se perdê-lo, exclua a assinatura e crie outra.</Trans>
            </Alert>
            <Code block data-testid="webhook-secret">{created.secret}</Code>
            <Stack gap={4}>
              <Text size="sm" fw={600}><Trans>Como verificar as entregas (Standard Webhooks)</Trans></Text>
              <List size="sm" type="ordered">
                <List.Item><Trans>Cada entrega traz os cabeçalhos webhook-id, webhook-timestamp e webhook-signature.</Trans></List.Item>
                <List.Item><Trans>A assinatura é um HMAC-SHA256 de id.timestamp.corpo com este segredo; as bibliotecas Standard Webhooks a verificam.</Trans></List.Item>
                <List.Item><Trans>Recuse carimbos de tempo antigos e ignore um webhook-id já processado: a entrega é pelo menos uma vez.</Trans></List.Item>
              </List>
            </Stack>
            <Group justify="flex-end">
              <CopyButton value={created.secret}>
                {({ copied, copy }) => (
                  <Button variant="light" color={copied ? 'teal' : 'blue'} onClick={copy}>
                    {copied ? <Trans>Copiado</Trans> : <Trans>Copiar segredo</Trans>}
                  </Button>
                )}
              </CopyButton>
              <Button onClick={() => setCreated(null)}><Trans>Fechar</Trans></Button>
            </Group>
          </Stack>
        )}
      </Modal>

      <Modal opened={editing !== null} onClose={() => setEditing(null)} title={t`Editar assinatura`} size="lg" {...close}>
        {editing && <EditWebhook hook={editing} onDone={() => setEditing(null)} />}
      </Modal>

      <Modal opened={deleting !== null} onClose={() => setDeleting(null)} title={t`Excluir a assinatura?`} {...close}>
        <Stack>
          <Text size="sm" style={{ wordBreak: 'break-all' }}>{deleting?.url}</Text>
          <Text size="sm"><Trans>As entregas pendentes e o histórico de entregas desta assinatura também são excluídos. Isto não pode ser desfeito.</Trans></Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setDeleting(null)}><Trans>Cancelar</Trans></Button>
            <Button
              color="red"
              loading={remove.isPending}
              onClick={() => {
                if (deleting) remove.mutate(deleting, { onSettled: () => setDeleting(null) })
              }}
            >
              <Trans>Excluir</Trans>
            </Button>
          </Group>
        </Stack>
      </Modal>

      <WebhookDeliveriesDrawer hook={logOf} onClose={() => setLogOf(null)} />
    </Stack>
  )
}

/** The edit dialog: URL and event types, sent as a PATCH of what changed. */
function EditWebhook({ hook, onDone }: { hook: WebhookSubscription; onDone: () => void }) {
  const { t, i18n } = useLingui()
  const queryClient = useQueryClient()
  const form = useForm<WebhookFormValues>({ initialValues: { url: hook.url, event_types: [...hook.event_types], enabled: hook.enabled }, validate: webhookValidation(i18n) })
  const save = useMutation({
    mutationFn: (v: WebhookFormValues) => {
      const url = v.url.trim()
      const sameTypes = v.event_types.length === hook.event_types.length && v.event_types.every((type) => hook.event_types.includes(type))
      return updateWebhook(hook.id, { ...(url !== hook.url ? { url } : {}), ...(sameTypes ? {} : { event_types: v.event_types }) })
    },
    onSuccess: () => {
      notifications.show({ color: 'green', message: t`Assinatura salva.`, closeButtonProps: { 'aria-label': t`Fechar` } })
      onDone()
    },
    onError: (error) => {
      if (showFieldErrors(form, error)) return
      notifications.show({ color: 'red', message: apiErrorText(error) ?? t`Não foi possível salvar a assinatura.`, closeButtonProps: { 'aria-label': t`Fechar` } })
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: integrationsKeys.webhooks() }),
  })
  return (
    <form onSubmit={form.onSubmit((v) => save.mutate(v))} noValidate aria-label={t`Editar assinatura`}>
      <Stack gap="sm">
        <WebhookFields form={form} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}><Trans>Cancelar</Trans></Button>
          <Button type="submit" loading={save.isPending}><Trans>Salvar</Trans></Button>
        </Group>
      </Stack>
    </form>
  )
}
