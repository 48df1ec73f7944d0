import { useState } from 'react'
import { Alert, Modal, Select, SimpleGrid, Stack, Switch, TextInput } from '@mantine/core'
import { useForm } from '@mantine/form'
import { IconAlertTriangle } from '@tabler/icons-react'
import type { I18n } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { useLingui } from '@lingui/react/macro'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { FormFooter, placeDrfErrors } from '../../../components/resource-form'
import { fromMilli, toMilli } from '../../../lib/format'
import { REPLENISH_UNITS, type ReplenishUnit } from '../../../../contracts/inventory/pick-faces.rules'
import type { PickFace } from '../../../../contracts/inventory/pick-faces.contract'
import { savePickFace } from '../api/save-pick-face'
import { inventoryKeys } from '../inventory-query-keys'
import { LocationPicker } from './location-picker'
import { ProductPicker } from './product-picker'

const UNIT_LABELS = { unit: msg`Unidade`, pack: msg`Embalagem`, layer: msg`Camada`, pallet: msg`Palete` } as const

/** A replenishment unit in the user's language (§20.1). */
export const replenishUnitLabel = (i18n: I18n, unit: string) => (unit in UNIT_LABELS ? i18n._(UNIT_LABELS[unit as ReplenishUnit]) : unit)

interface FaceValues {
  location: number | null
  product: number | null
  min_qty: string
  max_qty: string
  replenish_unit: ReplenishUnit
  replenish_qty: string
  is_active: boolean
}

const FIELDS = ['location', 'product', 'min_qty', 'max_qty', 'replenish_unit', 'replenish_qty', 'is_active']

/** "12.500" as a person types it: "12.5". */
const plain = (qty: string) => {
  const milli = toMilli(qty)
  return milli === null ? qty : fromMilli(milli)
}

/**
 * Create or edit a pick face (§20.1, SPEC 12.1): its location and product, its minimum and maximum in the product's
 * unit, and the unit a refill moves in. What the server refuses shows on its field, in the user's language; an
 * edited face shows its audit trail.
 */
export function PickFaceFormModal({ face, onClose }: { face: PickFace | null; onClose: () => void }) {
  const { t, i18n } = useLingui()
  const queryClient = useQueryClient()
  const [general, setGeneral] = useState<string | null>(null)
  const qtyError = (v: string) => (v.trim() === '' ? t`Preencha este campo.` : toMilli(v) === null ? t`Informe um número com até 3 casas decimais.` : null)
  const form = useForm<FaceValues>({
    mode: 'controlled',
    initialValues: {
      location: face?.location.id ?? null,
      product: face?.product.id ?? null,
      min_qty: face ? plain(face.min_qty) : '',
      max_qty: face ? plain(face.max_qty) : '',
      replenish_unit: face?.replenish_unit ?? 'unit',
      replenish_qty: face ? plain(face.replenish_qty) : '1',
      is_active: face?.is_active ?? true,
    },
    validate: {
      location: (v) => (v === null ? t`Preencha este campo.` : null),
      product: (v) => (v === null ? t`Preencha este campo.` : null),
      min_qty: (v, all) => qtyError(v) ?? (toMilli(all.max_qty) !== null && (toMilli(v) as bigint) > (toMilli(all.max_qty) as bigint) ? t`O mínimo não pode ser maior que o máximo.` : null),
      max_qty: (v) => qtyError(v) ?? (toMilli(v) === 0n ? t`Informe um número maior que 0.` : null),
      replenish_qty: (v) => qtyError(v) ?? (toMilli(v) === 0n ? t`Informe um número maior que 0.` : null),
    },
  })
  const save = useMutation({
    mutationFn: (v: FaceValues) =>
      savePickFace(face?.id ?? null, {
        location: v.location as number,
        product: v.product as number,
        min_qty: v.min_qty.trim(),
        max_qty: v.max_qty.trim(),
        replenish_unit: v.replenish_unit,
        replenish_qty: v.replenish_qty.trim(),
        is_active: v.is_active,
      }),
    onMutate: () => setGeneral(null),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: inventoryKeys.pickFaces() })
      onClose()
    },
    onError: (error) => setGeneral(placeDrfErrors(error, form.setFieldError, FIELDS, t`Não foi possível salvar.`)),
  })
  const title = face ? t`Editar ponto de separação ${face.location.code} · ${face.product.code}` : t`Novo ponto de separação`
  return (
    <Modal opened onClose={onClose} title={title} size="lg" closeButtonProps={{ 'aria-label': t`Fechar` }}>
      <form onSubmit={form.onSubmit((v) => save.mutate(v))} noValidate aria-label={title}>
        <Stack gap="md">
          {general ? (
            <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} aria-hidden />} role="alert" title={t`Não foi possível salvar.`}>
              {general}
            </Alert>
          ) : null}
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <LocationPicker
              label={t`Localização`}
              required
              value={form.getValues().location}
              known={face?.location ?? null}
              onChange={(id) => form.setFieldValue('location', id)}
              error={form.errors.location}
            />
            <ProductPicker
              label={t`Produto`}
              required
              value={form.getValues().product}
              known={face?.product ?? null}
              onChange={(p) => form.setFieldValue('product', p?.id ?? null)}
              error={form.errors.product}
            />
            <TextInput
              label={t`Mínimo`}
              description={t`Abaixo dele, o ponto pede reabastecimento.`}
              inputMode="decimal"
              autoComplete="off"
              required
              {...form.getInputProps('min_qty')}
            />
            <TextInput
              label={t`Máximo`}
              description={t`O que o ponto comporta.`}
              inputMode="decimal"
              autoComplete="off"
              required
              {...form.getInputProps('max_qty')}
            />
            <Select
              label={t`Unidade de reabastecimento`}
              description={t`Um reabastecimento move unidades inteiras.`}
              allowDeselect={false}
              data={REPLENISH_UNITS.map((u) => ({ value: u, label: replenishUnitLabel(i18n, u) }))}
              {...form.getInputProps('replenish_unit')}
            />
            <TextInput
              label={t`Quantidade por unidade`}
              description={t`Unidades do produto em cada uma.`}
              inputMode="decimal"
              autoComplete="off"
              required
              {...form.getInputProps('replenish_qty')}
            />
          </SimpleGrid>
          <Switch label={t`Ativo`} {...form.getInputProps('is_active', { type: 'checkbox' })} />
          <FormFooter onCancel={onClose} saving={save.isPending} audit={face ? { entity: 'pick_faces', id: face.id } : null} />
        </Stack>
      </form>
    </Modal>
  )
}
