import { useState } from 'react'
import { Alert, Badge, Button, Checkbox, Code, CopyButton, Group, Modal, NumberInput, Paper, Stack, Text, TextInput, Title } from '@mantine/core'
import { useForm } from '@mantine/form'
import { notifications } from '@mantine/notifications'
import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { ApiKey, ApiKeyCreated } from '../../../../contracts/integrations/api-keys.contract'
import { API_KEY_DEFAULT_BURST, API_KEY_DEFAULT_RATE, API_KEY_SCOPES, type ApiKeyScope } from '../../../../contracts/integrations/api-keys.rules'
import { DataTable, type DataColumn } from '../../../components/data-table'
import { ApiError, apiErrorText, readDrfError } from '../../../lib/api-client'
import { apiKeysQueryOptions, createApiKey, revokeApiKey } from '../api/api-keys'
import { integrationsKeys } from '../integrations-query-keys'

const SCOPE_LABELS: Record<ApiKeyScope, ReturnType<typeof msg>> = {
  read: msg`Leitura (somente consultas)`,
  orders: msg`Pedidos de venda`,
  inbound: msg`Documentos de entrada (PO/ASN)`,
  stock: msg`Comandos de estoque (movimentos, ajustes, status)`,
  webhooks: msg`Webhooks`,
}

type FormValues = { name: string; scopes: ApiKeyScope[]; expires_on: string; rate_per_second: number | string; burst: number | string }

/** Configurações → Integrações, "Chaves de API" (docs/requirements.md §6, ADR 0019): list, create (shown once), revoke. */
export function ApiKeysPanel() {
  const { t, i18n } = useLingui()
  const queryClient = useQueryClient()
  const [created, setCreated] = useState<ApiKeyCreated | null>(null)
  const form = useForm<FormValues>({
    initialValues: { name: '', scopes: ['read'], expires_on: '', rate_per_second: API_KEY_DEFAULT_RATE, burst: API_KEY_DEFAULT_BURST },
    validate: {
      name: (v) => (v.trim() ? null : t`Informe um nome.`),
      scopes: (v) => (v.length ? null : t`Escolha pelo menos um escopo.`),
    },
  })
  const create = useMutation({
    mutationFn: (v: FormValues) =>
      createApiKey({
        name: v.name.trim(),
        scopes: v.scopes,
        expires_at: v.expires_on ? new Date(`${v.expires_on}T23:59:59`).toISOString() : null,
        rate_per_second: Number(v.rate_per_second),
        burst: Number(v.burst),
      }),
    onSuccess: (key) => {
      setCreated(key)
      form.reset()
    },
    onError: (error) => {
      if (error instanceof ApiError && error.status === 400) {
        const { fieldErrors } = readDrfError(error.data)
        const errors = Object.fromEntries(Object.entries(fieldErrors).map(([f, m]) => [f === 'expires_at' ? 'expires_on' : f, m.join(' ')]))
        if (Object.keys(errors).length) return form.setErrors(errors)
      }
      notifications.show({ color: 'red', message: apiErrorText(error) ?? t`Não foi possível criar a chave.`, closeButtonProps: { 'aria-label': t`Fechar` } })
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: integrationsKeys.apiKeys() }),
  })
  const revoke = useMutation({
    mutationFn: (key: ApiKey) => revokeApiKey(key.id),
    onSuccess: () => notifications.show({ color: 'green', message: t`Chave revogada.`, closeButtonProps: { 'aria-label': t`Fechar` } }),
    onError: (error) => notifications.show({ color: 'red', message: apiErrorText(error) ?? t`Não foi possível revogar a chave.`, closeButtonProps: { 'aria-label': t`Fechar` } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: integrationsKeys.apiKeys() }),
  })
  const [revoking, setRevoking] = useState<ApiKey | null>(null)
  const confirmRevoke = (key: ApiKey) => setRevoking(key)

  const when = (iso: string | null) => (iso ? new Date(iso).toLocaleString(i18n.locale) : '—')
  const columns: DataColumn<ApiKey>[] = [
    { id: 'name', header: msg`Nome`, sortable: false, value: (k) => k.name },
    { id: 'prefix', header: msg`Prefixo`, sortable: false, value: (k) => k.prefix, render: (k) => <Code>{k.prefix}…</Code>, nowrap: true },
    { id: 'scopes', header: msg`Escopos`, sortable: false, value: (k) => k.scopes.join(', '), render: (k) => <Group gap={4}>{k.scopes.map((s) => <Badge key={s} variant="light" size="sm">{s}</Badge>)}</Group> },
    { id: 'created_by', header: msg`Criada por`, sortable: false, value: (k) => k.created_by },
    { id: 'last_used_at', header: msg`Último uso`, sortable: false, value: (k) => k.last_used_at, render: (k) => when(k.last_used_at), nowrap: true },
    { id: 'expires_at', header: msg`Expira em`, sortable: false, value: (k) => k.expires_at, render: (k) => when(k.expires_at), nowrap: true },
    {
      id: 'status',
      header: msg`Situação`,
      sortable: false,
      value: (k) => k.revoked_at,
      render: (k) =>
        k.revoked_at ? <Badge color="gray"><Trans>Revogada</Trans></Badge> : k.expires_at && new Date(k.expires_at) < new Date() ? <Badge color="orange"><Trans>Expirada</Trans></Badge> : <Badge color="green"><Trans>Ativa</Trans></Badge>,
    },
    {
      id: 'actions',
      header: msg`Ações`,
      sortable: false,
      value: () => null,
      render: (k) =>
        k.revoked_at ? null : (
          <Button size="xs" variant="light" color="red" onClick={() => confirmRevoke(k)} aria-label={t`Revogar ${k.name}`}>
            <Trans>Revogar</Trans>
          </Button>
        ),
    },
  ]

  return (
    <Stack>
      <Paper withBorder p="md">
        <form onSubmit={form.onSubmit((v) => create.mutate(v))}>
          <Stack gap="sm">
            <Title order={4}><Trans>Nova chave de API</Trans></Title>
            <TextInput label={t`Nome`} description={t`O sistema que vai usar a chave, por exemplo ERP.`} required maxLength={100} {...form.getInputProps('name')} />
            <Checkbox.Group label={t`Escopos`} description={t`Somente o que estiver marcado; nada é incluído implicitamente.`} required {...form.getInputProps('scopes')}>
              <Stack gap={6} mt={6}>
                {API_KEY_SCOPES.map((s) => <Checkbox key={s} value={s} label={i18n._(SCOPE_LABELS[s])} />)}
              </Stack>
            </Checkbox.Group>
            <Group grow align="flex-start">
              <TextInput type="date" label={t`Expira em (opcional)`} {...form.getInputProps('expires_on')} />
              <NumberInput label={t`Requisições por segundo`} min={1} allowDecimal={false} {...form.getInputProps('rate_per_second')} />
              <NumberInput label={t`Rajada`} min={1} allowDecimal={false} {...form.getInputProps('burst')} />
            </Group>
            <Group justify="flex-end">
              <Button type="submit" loading={create.isPending}><Trans>Criar chave</Trans></Button>
            </Group>
          </Stack>
        </form>
      </Paper>
      <DataTable tableId="integrations.api-keys" label={t`Chaves de API`} columns={columns} query={apiKeysQueryOptions} getRowId={(k) => String(k.id)} emptyText={<Trans>Nenhuma chave de API.</Trans>} />
      <Modal opened={created !== null} onClose={() => setCreated(null)} title={t`Chave criada`} size="lg" closeOnClickOutside={false}>
        {created && (
          <Stack>
            <Alert color="yellow" title={<Trans>Copie a chave agora</Trans>}>
              <Trans>Ela é mostrada somente esta vez: o servidor guarda apenas uma impressão dela. Se perdê-la, revogue-a e crie outra.</Trans>
            </Alert>
            <Code block data-testid="api-key-value">{created.key}</Code>
            <Group justify="flex-end">
              <CopyButton value={created.key}>
                {({ copied, copy }) => (
                  <Button variant="light" color={copied ? 'teal' : 'blue'} onClick={copy}>
                    {copied ? <Trans>Copiada</Trans> : <Trans>Copiar chave</Trans>}
                  </Button>
                )}
              </CopyButton>
              <Button onClick={() => setCreated(null)}><Trans>Fechar</Trans></Button>
            </Group>
          </Stack>
        )}
      </Modal>
      <Modal opened={revoking !== null} onClose={() => setRevoking(null)} title={revoking ? t`Revogar a chave ${revoking.name}?` : ''}>
        <Stack>
          <Text size="sm"><Trans>Os sistemas que usam esta chave deixam de ter acesso na próxima requisição. Isto não pode ser desfeito.</Trans></Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setRevoking(null)}><Trans>Cancelar</Trans></Button>
            <Button
              color="red"
              loading={revoke.isPending}
              onClick={() => {
                if (revoking) revoke.mutate(revoking, { onSettled: () => setRevoking(null) })
              }}
            >
              <Trans>Revogar</Trans>
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  )
}
