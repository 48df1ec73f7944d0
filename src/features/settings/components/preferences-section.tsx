import { Anchor, Group, Select, Stack, Text } from '@mantine/core'
import { notifications } from '@mantine/notifications'
import { Trans, useLingui } from '@lingui/react/macro'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { LanguageSelect } from '../../../components/language-select'
import { ThemeSwitch } from '../../../components/theme-switch'
import { apiErrorText } from '../../../lib/api-client'
import { patchPreferences, preferencesKeys, preferencesQueryOptions } from '../../../lib/user-preferences'
import { settingsPrintersQueryOptions } from '../api/get-printers'

/**
 * SPEC 14.1: what each user chooses for themselves. Language and theme are this browser's (the header's own controls);
 * the default printer is kept on the server and preselected wherever this user prints a label.
 */
export function PreferencesSection() {
  const { t } = useLingui()
  const queryClient = useQueryClient()
  const prefs = useQuery(preferencesQueryOptions())
  const printers = useQuery(settingsPrintersQueryOptions())
  const save = useMutation({
    mutationFn: (printer: number | null) => patchPreferences({ default_printer: printer }),
    onSuccess: (saved) => {
      queryClient.setQueryData(preferencesKeys.all, saved)
      notifications.show({ color: 'green', message: t`Impressora padrão salva.`, closeButtonProps: { 'aria-label': t`Fechar` } })
    },
    onError: (error) => {
      notifications.show({ color: 'red', message: apiErrorText(error) ?? t`Não foi possível salvar.`, closeButtonProps: { 'aria-label': t`Fechar` } })
    },
  })
  const current = prefs.data?.default_printer ?? null
  return (
    <Stack gap="md">
      <Group gap="xl" align="flex-start" wrap="wrap">
        <Stack gap={4}>
          <Text size="sm" fw={500}>
            <Trans>Idioma</Trans>
          </Text>
          <LanguageSelect size="sm" />
        </Stack>
        <Stack gap={4}>
          <Text size="sm" fw={500}>
            <Trans>Tema</Trans>
          </Text>
          <ThemeSwitch />
        </Stack>
        <Select
          label={t`Impressora padrão`}
          description={t`Vem escolhida ao imprimir etiquetas, no computador e no coletor.`}
          placeholder={printers.isPending || prefs.isPending ? t`Carregando impressoras...` : t`Nenhuma`}
          data={(printers.data ?? []).map((p) => ({ value: String(p.id), label: p.name }))}
          value={current ? String(current.id) : null}
          onChange={(value) => save.mutate(value === null ? null : Number(value))}
          clearable
          inputWrapperOrder={['label', 'input', 'description', 'error']}
          disabled={printers.isPending || prefs.isPending || save.isPending}
          w={280}
          comboboxProps={{ withinPortal: true }}
        />
      </Group>
      <Text size="sm" c="dimmed">
        <Trans>
          Som, vibração e flash do coletor são de cada aparelho: ajuste-os no próprio coletor, em <Anchor href="/m/settings" underline="always">Configurações do coletor</Anchor>.
        </Trans>
      </Text>
    </Stack>
  )
}
