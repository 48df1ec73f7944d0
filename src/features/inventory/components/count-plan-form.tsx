import { useState } from 'react'
import { Alert, Checkbox, Group, Pill, SegmentedControl, Select, Stack, Text, TextInput } from '@mantine/core'
import { useForm } from '@mantine/form'
import { notifications } from '@mantine/notifications'
import { IconAlertTriangle } from '@tabler/icons-react'
import { Trans, useLingui } from '@lingui/react/macro'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useNavigate } from '@tanstack/react-router'
import { postCountPlan } from '../api/post-count'
import { userOptionsQueryOptions } from '../api/get-user-options'
import { FormFooter } from './form-footer'
import { commandErrors } from '../command-errors'
import { inventoryKeys } from '../inventory-query-keys'
import type { CountPlanBody, InventorySettings } from '../inventory-types'
import { LocationPicker } from './location-picker'
import { ProductPicker } from './product-picker'
import classes from './error-contrast.module.css'

type Mode = 'pattern' | 'locations' | 'products'
type Ref = { id: number; code: string }

interface PlanValues {
  name: string
  mode: Mode
  pattern: string
  locations: Ref[]
  products: Ref[]
  blind: boolean
  assignee: string | null
}

const FIELDS: Record<string, keyof PlanValues> = { name: 'name', pattern: 'pattern', locations: 'locations', products: 'products', warehouse: 'pattern', assignee: 'assignee', blind: 'blind' }

/**
 * SPEC 10.9: a supervisor plans a count by locations (a code pattern such as A01-*, or picked by hand)
 * or by products; one count task per location, assignable to an operator; blind unless the setting says otherwise.
 */
export function CountPlanForm({ settings, onDone }: { settings: InventorySettings | undefined; onDone: () => void }) {
  const { t } = useLingui()
  const queryClient = useQueryClient()
  const navigate = useNavigate()
  const [general, setGeneral] = useState<string | null>(null)
  const users = useQuery(userOptionsQueryOptions())

  const form = useForm<PlanValues>({
    mode: 'controlled',
    initialValues: { name: '', mode: 'pattern', pattern: '', locations: [], products: [], blind: settings?.blind_counts ?? true, assignee: null },
    validate: {
      pattern: (value, values) => (values.mode === 'pattern' && value.trim() === '' ? t`Informe um padrão, por exemplo A01-*.` : null),
      locations: (value, values) => (values.mode === 'locations' && value.length === 0 ? t`Escolha ao menos uma localização.` : null),
      products: (value, values) => (values.mode === 'products' && value.length === 0 ? t`Escolha ao menos um produto.` : null),
    },
  })
  const values = form.values

  const plan = useMutation({
    mutationFn: (v: PlanValues) => {
      const body: CountPlanBody = { name: v.name.trim(), blind: v.blind, assignee: v.assignee === null ? null : Number(v.assignee) }
      if (v.mode === 'pattern') body.pattern = v.pattern.trim()
      if (v.mode === 'locations') body.locations = v.locations.map((l) => l.id)
      if (v.mode === 'products') body.products = v.products.map((p) => p.id)
      return postCountPlan(body)
    },
    onMutate: () => setGeneral(null),
    onSuccess: (created) => {
      void queryClient.invalidateQueries({ queryKey: inventoryKeys.counts() })
      const code = created.code
      const total = created.locations_total
      notifications.show({ color: 'green', message: t`Contagem ${code} planejada: ${total} localizações.`, closeButtonProps: { 'aria-label': t`Fechar` } })
      onDone()
      void navigate({ to: '/inventory/counts/$id', params: { id: String(created.id) } })
    },
    onError: (error) => {
      const errors = commandErrors(error, FIELDS)
      for (const [field, message] of Object.entries(errors.fields)) form.setFieldError(field, message)
      setGeneral(errors.general)
    },
  })

  const addRef = (key: 'locations' | 'products', ref: Ref | null) => {
    if (ref && !form.values[key].some((r) => r.id === ref.id)) form.setFieldValue(key, [...form.values[key], ref])
  }
  const removeRef = (key: 'locations' | 'products', id: number) =>
    form.setFieldValue(
      key,
      form.values[key].filter((r) => r.id !== id),
    )

  return (
    <form onSubmit={form.onSubmit((v) => plan.mutate(v))} noValidate aria-label={t`Planejar contagem`} className={classes.root}>
      <Stack gap="md">
        {general ? (
          <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} aria-hidden />} role="alert" title={t`O servidor recusou o plano.`}>
            {general}
          </Alert>
        ) : null}
        <TextInput label={t`Nome`} maxLength={200} placeholder={t`ex.: Rua A, novembro`} {...form.getInputProps('name')} />
        <Stack gap={4}>
          <Text size="sm" fw={500} id="count-mode-label">
            <Trans>Contar</Trans>
          </Text>
          <SegmentedControl
            aria-labelledby="count-mode-label"
            data={[
              { value: 'pattern', label: t`Faixa de localizações` },
              { value: 'locations', label: t`Localizações escolhidas` },
              { value: 'products', label: t`Produtos` },
            ]}
            {...form.getInputProps('mode')}
          />
        </Stack>
        {values.mode === 'pattern' ? (
          <TextInput
            label={t`Padrão de localização`}
            description={t`* vale qualquer sequência: A01-* conta todas as localizações que começam com A01-.`}
            required
            maxLength={64}
            autoComplete="off"
            spellCheck={false}
            {...form.getInputProps('pattern')}
          />
        ) : values.mode === 'locations' ? (
          <Stack gap="xs">
            <LocationPicker
              key={values.locations.length}
              label={t`Adicionar localização`}
              value={null}
              onChange={(_, option) => addRef('locations', option)}
              error={form.errors.locations}
            />
            <Group gap="xs">
              {values.locations.map((ref) => (
                <Pill key={ref.id} withRemoveButton onRemove={() => removeRef('locations', ref.id)} removeButtonProps={{ 'aria-label': t`Remover ${ref.code}` }}>
                  {ref.code}
                </Pill>
              ))}
            </Group>
          </Stack>
        ) : (
          <Stack gap="xs">
            <ProductPicker key={values.products.length} label={t`Adicionar produto`} value={null} onChange={(product) => addRef('products', product)} error={form.errors.products} />
            <Group gap="xs">
              {values.products.map((ref) => (
                <Pill key={ref.id} withRemoveButton onRemove={() => removeRef('products', ref.id)} removeButtonProps={{ 'aria-label': t`Remover ${ref.code}` }}>
                  {ref.code}
                </Pill>
              ))}
            </Group>
          </Stack>
        )}
        {users.isSuccess ? (
          <Select
            label={t`Atribuir a`}
            description={t`As tarefas de contagem vão para este operador; sem ninguém, qualquer operador as pega.`}
            clearable
            searchable
            data={users.data.map((user) => ({ value: String(user.id), label: user.username }))}
            {...form.getInputProps('assignee')}
          />
        ) : null}
        <Checkbox label={t`Contagem cega (quem conta não vê a quantidade do sistema)`} {...form.getInputProps('blind', { type: 'checkbox' })} />
        <FormFooter onCancel={onDone} pending={plan.isPending}>
          <Trans>Planejar</Trans>
        </FormFooter>
      </Stack>
    </form>
  )
}
