import { useState } from 'react'
import { Alert, Button, Group, Paper, Stack, Text, Textarea, Title } from '@mantine/core'
import { notifications } from '@mantine/notifications'
import { IconAlertTriangle } from '@tabler/icons-react'
import { Trans, useLingui } from '@lingui/react/macro'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { ApiError, apiErrorText, readDrfError } from '../../../lib/api-client'
import { useSession } from '../../../lib/session'
import { patchPrintingSettings, printingSettingsQueryOptions } from '../api/printing-settings'
import { printingKeys } from '../printing-query-keys'
import { canManagePrinters, canSetPrinterNetworks, type PrintingSettings } from '../printing-types'

const lines = (text: string) =>
  text
    .split(/[\n,]/)
    .map((l) => l.trim())
    .filter(Boolean)

function NetworksForm({ settings, editable }: { settings: PrintingSettings; editable: boolean }) {
  const { t } = useLingui()
  const queryClient = useQueryClient()
  const [text, setText] = useState(settings.allowed_networks.join('\n'))
  const [error, setError] = useState<string | null>(null)
  const [general, setGeneral] = useState<string | null>(null)
  const save = useMutation({
    mutationFn: (networks: string[]) => patchPrintingSettings({ allowed_networks: networks }),
    onMutate: () => {
      setError(null)
      setGeneral(null)
    },
    onSuccess: (saved) => {
      queryClient.setQueryData(printingKeys.settings(), saved)
      setText(saved.allowed_networks.join('\n'))
      notifications.show({ color: 'green', message: t`Redes das impressoras salvas.`, closeButtonProps: { 'aria-label': t`Fechar` } })
    },
    onError: (e) => {
      const field = readDrfError(e).fieldErrors.allowed_networks
      if (field) setError(field.join(' '))
      else setGeneral(apiErrorText(e) ?? t`Não foi possível salvar.`)
    },
  })
  return (
    <form
      noValidate
      aria-label={t`Redes das impressoras`}
      onSubmit={(e) => {
        e.preventDefault()
        save.mutate(lines(text))
      }}
    >
      <Stack gap="sm">
        {general ? (
          <Alert color="red" variant="light" role="alert" icon={<IconAlertTriangle size={18} aria-hidden />}>
            {general}
          </Alert>
        ) : null}
        <Textarea
          label={t`Redes permitidas`}
          description={t`Um endereço IP ou faixa CIDR por linha (ex.: 10.0.0.0/8). O servidor só se conecta a impressoras nessas redes; loopback e link-local nunca são permitidos.`}
          rows={5}
          spellCheck={false}
          value={text}
          error={error}
          disabled={!editable}
          onChange={(e) => setText(e.currentTarget.value)}
        />
        {settings.is_default ? (
          <Text size="sm" c="dimmed">
            <Trans>Padrão: somente as faixas privadas.</Trans>
          </Text>
        ) : null}
        {editable ? (
          <Group justify="flex-end">
            <Button type="submit" loading={save.isPending}>
              <Trans>Salvar</Trans>
            </Button>
          </Group>
        ) : (
          <Text size="sm" c="dimmed">
            <Trans>Somente administradores alteram estas configurações.</Trans>
          </Text>
        )}
      </Stack>
    </form>
  )
}

/**
 * The networks the company's printers may be on (ADR 0004 amendment on printer addresses): admins change them;
 * supervisors, who add printers, read them; operators don't see the section (the server refuses them the list).
 */
export function PrinterNetworksSection() {
  const { t } = useLingui()
  const { user } = useSession()
  const visible = canManagePrinters(user?.role)
  const settings = useQuery({ ...printingSettingsQueryOptions(), enabled: visible })
  if (!visible) return null
  return (
    <Paper withBorder p="lg" maw={960} mt="md" component="section" aria-labelledby="printer-networks-title">
      <Title order={2} size="h4" mb="sm" id="printer-networks-title">
        <Trans>Impressoras</Trans>
      </Title>
      {settings.isError ? (
        <Alert color="yellow" role="alert">
          {settings.error instanceof ApiError ? (apiErrorText(settings.error) ?? t`Erro ao carregar dados.`) : t`Erro ao carregar dados.`}
        </Alert>
      ) : settings.data ? (
        <NetworksForm settings={settings.data} editable={canSetPrinterNetworks(user?.role)} />
      ) : (
        <Text c="dimmed" size="sm">
          <Trans>Carregando...</Trans>
        </Text>
      )}
    </Paper>
  )
}
