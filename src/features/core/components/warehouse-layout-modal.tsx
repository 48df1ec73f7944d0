import { useState } from 'react'
import { Alert, Button, Group, Modal, NumberInput, SegmentedControl, Select, SimpleGrid, Stack, Switch, Text, TextInput } from '@mantine/core'
import { useForm } from '@mantine/form'
import { notifications } from '@mantine/notifications'
import { IconAlertTriangle } from '@tabler/icons-react'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { placeDrfErrors } from '../../../components/resource-form'
import { api } from '../../../lib/api-client'
import { formatNumber } from '../../../lib/format'
import { type LayoutRule, type LayoutSegmentRole, LAYOUT_SEGMENT_ROLES, layoutPatternError, parseLocationPlace, placePosition } from '../../../../contracts/layout/layout-rule.rules'
import type { LayoutApplyResult } from '../../../../contracts/layout/layout.contract'
import { coreKeys } from '../core-query-keys'
import type { Warehouse } from '../core-types'

const ROLE: Record<LayoutSegmentRole, MessageDescriptor> = {
  zone: msg`Zona`,
  aisle: msg`Rua`,
  bay: msg`Prédio`,
  level: msg`Nível`,
  ignore: msg`Ignorar`,
}

type Values = LayoutRule & { sample: string }

/**
 * A warehouse's layout rule (SPEC 18.1): how its location codes name aisle, bay and level, and the walk geometry.
 * The admin types a sample code, gives each of its segments a role (or writes a regular expression with named groups),
 * sees the place it reads; saving stores the rule, "Salvar e aplicar" also fills every location without a manual layout.
 */
export function WarehouseLayoutModal({ warehouse, onClose }: { warehouse: Warehouse; onClose: () => void }) {
  const { t, i18n } = useLingui()
  const queryClient = useQueryClient()
  const [formError, setFormError] = useState<string | null>(null)
  const form = useForm<Values>({
    mode: 'controlled',
    initialValues: { ...warehouse.layout_rule, sample: 'A07-03-02' },
    validate: {
      pattern: (v, all) => (all.kind === 'regex' ? (layoutPatternError(v) === null ? null : t`A expressão precisa dos grupos nomeados aisle e bay.`) : null),
    },
  })
  const values = form.getValues()
  const segmentsOfSample = values.kind === 'segments' && values.separator ? values.sample.split(values.separator).length : 0
  const roles = Array.from({ length: Math.max(segmentsOfSample, values.segments.length) }, (_, i) => values.segments[i] ?? 'ignore')
  const rule: LayoutRule = { ...values, segments: roles }
  const place = parseLocationPlace(rule, values.sample.trim())
  const position = place ? placePosition(rule, place) : null
  const save = useMutation({
    mutationFn: async ({ apply }: { apply: boolean }) => {
      const { sample: _sample, ...body } = { ...form.getValues(), segments: roles }
      await api.patch(`/core/warehouses/${warehouse.id}/`, { layout_rule: body })
      return apply ? api.post<LayoutApplyResult>(`/core/warehouses/${warehouse.id}/layout/apply/`) : null
    },
    onMutate: () => setFormError(null),
    onSuccess: (applied) => {
      void queryClient.invalidateQueries({ queryKey: coreKeys.all })
      const code = warehouse.code
      if (applied) {
        const [placed, unplaced, manual] = [applied.placed, applied.unplaced, applied.manual]
        notifications.show({ color: 'green', message: t`Layout de ${code} aplicado: ${placed} posições lidas do código, ${unplaced} sem layout, ${manual} definidas à mão mantidas.` })
      } else notifications.show({ color: 'green', message: t`Regra de layout de ${code} salva.` })
      onClose()
    },
    onError: (error) => {
      const fields = ['kind', 'separator', 'segments', 'pattern', 'bay_width_m', 'aisle_pitch_m', 'cross_aisle_m', 'one_way']
      setFormError(placeDrfErrors(error, (f, m) => form.setFieldError(f.replace(/^layout_rule\./, ''), m), fields.map((f) => `layout_rule.${f}`), t`Não foi possível salvar.`))
    },
  })
  const metres = (label: string, name: 'bay_width_m' | 'aisle_pitch_m' | 'cross_aisle_m', description?: string) => (
    <NumberInput label={label} description={description} min={0.1} max={100} step={0.1} decimalScale={2} suffix=" m" key={form.key(name)} {...form.getInputProps(name)} />
  )
  const title = t`Layout do armazém ${warehouse.code}`
  return (
    <Modal opened onClose={onClose} title={title} size="lg" closeButtonProps={{ 'aria-label': t`Fechar` }}>
      <form onSubmit={form.onSubmit(() => save.mutate({ apply: false }))} noValidate aria-label={title}>
        <Stack gap="md">
          {formError ? (
            <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} aria-hidden />} role="alert" title={t`Não foi possível salvar.`}>
              {formError}
            </Alert>
          ) : null}
          <SegmentedControl
            aria-label={t`Como ler o código`}
            data={[
              { value: 'segments', label: t`Segmentos` },
              { value: 'regex', label: t`Expressão regular` },
            ]}
            key={form.key('kind')}
            {...form.getInputProps('kind')}
          />
          <TextInput label={t`Código de exemplo`} maxLength={64} key={form.key('sample')} {...form.getInputProps('sample')} />
          {values.kind === 'segments' ? (
            <>
              <TextInput label={t`Separador`} maxLength={5} key={form.key('separator')} {...form.getInputProps('separator')} maw={160} />
              <SimpleGrid cols={{ base: 2, sm: 4 }}>
                {roles.map((role, i) => (
                  <Select
                    key={i}
                    label={t`Segmento ${i + 1}`}
                    allowDeselect={false}
                    data={LAYOUT_SEGMENT_ROLES.map((r) => ({ value: r, label: i18n._(ROLE[r]) }))}
                    value={role}
                    onChange={(v) => form.setFieldValue('segments', roles.map((r, k) => (k === i ? ((v ?? 'ignore') as LayoutSegmentRole) : r)))}
                  />
                ))}
              </SimpleGrid>
              {form.errors.segments ? (
                <Text size="sm" c="red">
                  {form.errors.segments}
                </Text>
              ) : null}
            </>
          ) : (
            <TextInput
              label={t`Expressão regular`}
              description={t`Com os grupos nomeados aisle e bay (zone e level opcionais).`}
              maxLength={300}
              key={form.key('pattern')}
              {...form.getInputProps('pattern')}
            />
          )}
          <Text size="sm" aria-live="polite" data-testid="layout-preview">
            {position ? (
              <Trans>
                Lê rua {position.aisle}, prédio {position.bay}, nível {position.level ?? '—'}: x {formatNumber(position.x, i18n.locale)} m, y {formatNumber(position.y, i18n.locale)} m.
              </Trans>
            ) : (
              <Trans>O exemplo não segue a regra: uma posição assim fica sem layout.</Trans>
            )}
          </Text>
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            {metres(t`Largura do prédio`, 'bay_width_m')}
            {metres(t`Distância entre ruas`, 'aisle_pitch_m', t`De centro a centro.`)}
            {metres(t`Corredores transversais`, 'cross_aisle_m', t`Na frente e no fundo.`)}
          </SimpleGrid>
          <Switch
            label={t`Ruas de mão única`}
            description={t`Ruas ímpares para o fundo, pares para a frente.`}
            key={form.key('one_way')}
            {...form.getInputProps('one_way', { type: 'checkbox' })}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              <Trans>Cancelar</Trans>
            </Button>
            <Button type="submit" variant="light" loading={save.isPending && !save.variables?.apply}>
              <Trans>Salvar</Trans>
            </Button>
            <Button loading={save.isPending && Boolean(save.variables?.apply)} onClick={() => form.validate().hasErrors || save.mutate({ apply: true })}>
              <Trans>Salvar e aplicar</Trans>
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  )
}
