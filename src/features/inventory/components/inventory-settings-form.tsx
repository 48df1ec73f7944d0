import { useState } from 'react'
import { Alert, Button, Checkbox, Group, NumberInput, Paper, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core'
import { useForm } from '@mantine/form'
import { notifications } from '@mantine/notifications'
import { IconAlertTriangle } from '@tabler/icons-react'
import { Trans, useLingui } from '@lingui/react/macro'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { apiErrorText } from '../../../lib/api-client'
import { fromMilli, toMilli } from '../../../lib/format'
import { useSession } from '../../../lib/session'
import { inventorySettingsQueryOptions, patchInventorySettings } from '../api/inventory-settings'
import { commandErrors } from '../command-errors'
import { inventoryKeys } from '../inventory-query-keys'
import type { InventorySettings } from '../inventory-types'
import { canEditInventorySettings } from '../stock-permissions'
import classes from './error-contrast.module.css'

interface SettingsValues {
  near_expiry_days: number | string
  count_tolerance_percent: string
  count_tolerance_qty: string
  blind_counts: boolean
  blind_receiving: boolean
}

const plain = (qty: string) => {
  const milli = toMilli(qty)
  return milli === null ? qty : fromMilli(milli)
}

const FIELDS: Record<string, keyof SettingsValues> = {
  near_expiry_days: 'near_expiry_days',
  count_tolerance_percent: 'count_tolerance_percent',
  count_tolerance_qty: 'count_tolerance_qty',
  blind_counts: 'blind_counts',
  blind_receiving: 'blind_receiving',
}

function SettingsForm({ settings, editable }: { settings: InventorySettings; editable: boolean }) {
  const { t } = useLingui()
  const queryClient = useQueryClient()
  const [general, setGeneral] = useState<string | null>(null)
  const decimal = (value: string) => (value.trim() === '' || toMilli(value) === null ? t`Informe um número com até 3 casas decimais.` : null)
  const form = useForm<SettingsValues>({
    mode: 'controlled',
    initialValues: {
      near_expiry_days: settings.near_expiry_days,
      count_tolerance_percent: plain(settings.count_tolerance_percent),
      count_tolerance_qty: plain(settings.count_tolerance_qty),
      blind_counts: settings.blind_counts,
      blind_receiving: settings.blind_receiving,
    },
    validate: {
      near_expiry_days: (value) => (typeof value === 'number' && Number.isInteger(value) && value >= 0 && value <= 3650 ? null : t`Informe um número de dias de 0 a 3650.`),
      count_tolerance_percent: (value) => decimal(value) ?? (Number(value) > 100 ? t`Informe um valor de no máximo 100.` : null),
      count_tolerance_qty: decimal,
    },
  })
  const save = useMutation({
    mutationFn: (v: SettingsValues) =>
      patchInventorySettings({
        near_expiry_days: Number(v.near_expiry_days),
        count_tolerance_percent: v.count_tolerance_percent.trim(),
        count_tolerance_qty: v.count_tolerance_qty.trim(),
        blind_counts: v.blind_counts,
        blind_receiving: v.blind_receiving,
      }),
    onMutate: () => setGeneral(null),
    onSuccess: (saved) => {
      queryClient.setQueryData(inventoryKeys.settings(), saved)
      // the near-expiry marks on stock lines follow the setting
      void queryClient.invalidateQueries({ queryKey: inventoryKeys.stockLists() })
      notifications.show({ color: 'green', message: t`Configurações de estoque salvas.`, closeButtonProps: { 'aria-label': t`Fechar` } })
    },
    onError: (error) => {
      const errors = commandErrors(error, FIELDS)
      for (const [field, message] of Object.entries(errors.fields)) form.setFieldError(field, message)
      setGeneral(errors.general)
    },
  })
  return (
    <form onSubmit={form.onSubmit((v) => save.mutate(v))} noValidate aria-label={t`Configurações de estoque`} className={classes.root}>
      <Stack gap="md">
        {general ? (
          <Alert color="red" variant="light" role="alert" icon={<IconAlertTriangle size={18} aria-hidden />}>
            {general}
          </Alert>
        ) : null}
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <NumberInput
            label={t`Dias para "vence em breve"`}
            description={t`Linhas que vencem dentro deste prazo são marcadas.`}
            min={0}
            max={3650}
            allowDecimal={false}
            allowNegative={false}
            clampBehavior="none"
            disabled={!editable}
            {...form.getInputProps('near_expiry_days')}
          />
          <TextInput label={t`Tolerância da contagem (%)`} description={t`Diferença aceita sem recontagem, em percentual.`} inputMode="decimal" disabled={!editable} {...form.getInputProps('count_tolerance_percent')} />
          <TextInput label={t`Tolerância da contagem (quantidade)`} description={t`… ou em quantidade absoluta (basta uma das duas).`} inputMode="decimal" disabled={!editable} {...form.getInputProps('count_tolerance_qty')} />
        </SimpleGrid>
        <Checkbox label={t`Contagem cega: quem conta não vê a quantidade do sistema`} disabled={!editable} {...form.getInputProps('blind_counts', { type: 'checkbox' })} />
        <Checkbox label={t`Recebimento cego no coletor: as quantidades esperadas ficam ocultas`} disabled={!editable} {...form.getInputProps('blind_receiving', { type: 'checkbox' })} />
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

/** SPEC 10.10: the company's inventory settings (near-expiry days, count tolerances, blind counts), changed by admins only. */
export function InventorySettingsSection() {
  const { t } = useLingui()
  const { user } = useSession()
  const settings = useQuery(inventorySettingsQueryOptions())
  return (
    <Paper withBorder p="lg" maw={960} mt="md" component="section" aria-labelledby="inventory-settings-title">
      <Title order={2} size="h4" mb="sm" id="inventory-settings-title">
        <Trans>Estoque</Trans>
      </Title>
      {settings.isError ? (
        <Alert color="yellow" role="alert">
          {apiErrorText(settings.error) ?? t`Erro ao carregar dados.`}
        </Alert>
      ) : settings.data ? (
        <SettingsForm settings={settings.data} editable={canEditInventorySettings(user?.role)} />
      ) : (
        <Text c="dimmed" size="sm">
          <Trans>Carregando...</Trans>
        </Text>
      )}
    </Paper>
  )
}
