import { useState } from 'react'
import { Alert, Modal, NumberInput, Select, SimpleGrid, Stack, Switch, TagsInput, TextInput } from '@mantine/core'
import { useForm } from '@mantine/form'
import { IconAlertTriangle } from '@tabler/icons-react'
import { useLingui } from '@lingui/react/macro'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { FormFooter, placeDrfErrors } from '../../../components/resource-form'
import { toPaged } from '../../../lib/list-query'
import { api } from '../../../lib/api-client'
import { storageClassLabel } from '../../../lib/type-labels'
import { isValidGtin } from '../../../../contracts/gs1/gs1'
import { MAX_PRODUCT_GTINS, STORAGE_CLASSES } from '../../../../contracts/master-data/master-data.rules'
import { saveProduct } from '../api/save-product'
import { catalogKeys } from '../catalog-query-keys'
import { type PackRow, ProductPacksFields, newPackRow, packErrorFields, packRules, packsInput } from './product-packs-fields'
import type { Product, ProductInput, Uom } from '../catalog-types'
import classes from './error-contrast.module.css'

interface ProductFormValues {
  code: string
  variant: string
  name1: string
  name2: string
  uom: string | null
  storage_class: string
  gtins: string[]
  shelf_life_days: number | string
  lot_tracked: boolean
  expiry_tracked: boolean
  is_active: boolean
  packs: PackRow[]
}
const FIELDS = ['code', 'variant', 'name1', 'name2', 'uom', 'storage_class', 'gtins', 'shelf_life_days', 'lot_tracked', 'expiry_tracked', 'is_active'] as const

function initialValues(p: Product | null): ProductFormValues {
  return {
    code: p?.code ?? '',
    variant: p?.variant ?? '',
    name1: p?.name1 ?? '',
    name2: p?.name2 ?? '',
    uom: p ? String(p.uom.id) : null,
    storage_class: p?.storage_class ?? 'ambient',
    gtins: p?.gtins ?? [],
    shelf_life_days: p?.shelf_life_days ?? '',
    lot_tracked: p?.lot_tracked ?? false,
    expiry_tracked: p?.expiry_tracked ?? false,
    is_active: p?.is_active ?? true,
    packs: (p?.packs ?? []).map((pack) => newPackRow(pack)),
  }
}

function toInput(v: ProductFormValues): ProductInput {
  return {
    code: v.code.trim(),
    variant: v.variant.trim(),
    name1: v.name1.trim(),
    name2: v.name2.trim(),
    uom: Number(v.uom),
    storage_class: v.storage_class as ProductInput['storage_class'],
    gtins: v.gtins.map((g) => g.trim()),
    shelf_life_days: v.shelf_life_days === '' ? null : Number(v.shelf_life_days),
    lot_tracked: v.lot_tracked,
    expiry_tracked: v.expiry_tracked,
    is_active: v.is_active,
    packs: packsInput(v.packs),
  }
}

/** The company's units, for the product's unit. */
const uomOptions = () => ({
  queryKey: [...catalogKeys.all, 'uom-options'] as const,
  queryFn: async () => toPaged<Uom>(await api.get<unknown>('/product/uoms/', { query: { page_size: 100, ordering: 'code' } })).results,
})

/**
 * Create or edit a product (SPEC 12.2): GTINs with their check digit verified here and by the server; what the server
 * refuses shows on its field and the form keeps what was typed; deactivating is the "Ativo" switch. Its packs (units
 * per pack, per pallet, their GTINs) are edited here too and saved with the product, in one request.
 */
export function ProductFormModal({ product, onClose }: { product: Product | null; onClose: () => void }) {
  const { t, i18n } = useLingui()
  const queryClient = useQueryClient()
  const uoms = useQuery(uomOptions())
  const [formError, setFormError] = useState<string | null>(null)
  const form = useForm<ProductFormValues>({
    mode: 'controlled',
    initialValues: initialValues(product),
    validate: {
      code: (v) => (v.trim() === '' ? t`Informe o código.` : /^[A-Za-z0-9._\-/]+$/.test(v.trim()) ? null : t`Use letras, dígitos, ponto, sublinhado, hífen ou barra.`),
      name1: (v) => (v.trim() === '' ? t`Informe o nome.` : null),
      uom: (v) => (v ? null : t`Escolha a unidade.`),
      gtins: (list) => {
        const bad = list.filter((g) => !isValidGtin(g.trim()))
        if (bad.length) return t`GTIN inválido (dígito verificador): ${bad.join(', ')}`
        return list.length > MAX_PRODUCT_GTINS ? t`No máximo ${MAX_PRODUCT_GTINS} GTINs.` : null
      },
      packs: packRules(i18n),
      shelf_life_days: (v) => (v === '' || (typeof v === 'number' && Number.isInteger(v) && v >= 0 && v <= 36500) ? null : t`Informe de 0 a 36500 dias.`),
    },
  })
  const save = useMutation({
    mutationFn: (input: ProductInput) => saveProduct(product?.id ?? null, input),
    onMutate: () => setFormError(null),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: catalogKeys.all })
      onClose()
    },
    onError: (error) => setFormError(placeDrfErrors(error, form.setFieldError, [...FIELDS, ...packErrorFields(form.getValues().packs)], t`Não foi possível salvar o produto.`)),
  })
  const title = product ? t`Editar produto ${product.code}` : t`Novo produto`
  return (
    <Modal opened onClose={onClose} title={title} size="xl" closeButtonProps={{ 'aria-label': t`Fechar` }}>
      <form onSubmit={form.onSubmit((v) => save.mutate(toInput(v)))} noValidate aria-label={title} className={classes.root}>
        <Stack gap="md">
          {formError ? (
            <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} aria-hidden />} role="alert" title={t`Não foi possível salvar o produto.`}>
              {formError}
            </Alert>
          ) : null}
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput label={t`Código`} required maxLength={64} data-autofocus key={form.key('code')} {...form.getInputProps('code')} />
            <TextInput label={t`Variante`} maxLength={64} key={form.key('variant')} {...form.getInputProps('variant')} />
            <TextInput label={t`Nome`} required maxLength={200} key={form.key('name1')} {...form.getInputProps('name1')} />
            <TextInput label={t`Nome (2ª linha)`} maxLength={200} key={form.key('name2')} {...form.getInputProps('name2')} />
            <Select
              label={t`Unidade`}
              required
              allowDeselect={false}
              data={(uoms.data ?? []).map((u) => ({ value: String(u.id), label: `${u.code} — ${u.name}` }))}
              key={form.key('uom')}
              {...form.getInputProps('uom')}
            />
            <Select
              label={t`Classe de armazenagem`}
              allowDeselect={false}
              data={STORAGE_CLASSES.map((c) => ({ value: c, label: storageClassLabel(i18n, c) }))}
              key={form.key('storage_class')}
              {...form.getInputProps('storage_class')}
            />
          </SimpleGrid>
          <TagsInput
            label={t`GTINs`}
            description={t`Digite ou escaneie cada GTIN e tecle Enter.`}
            splitChars={[',', ' ', '|']}
            maxTags={MAX_PRODUCT_GTINS}
            key={form.key('gtins')}
            {...form.getInputProps('gtins')}
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <NumberInput label={t`Validade (dias)`} min={0} max={36500} allowDecimal={false} key={form.key('shelf_life_days')} {...form.getInputProps('shelf_life_days')} />
            <Stack gap="xs" justify="flex-end">
              <Switch label={t`Controla lote`} key={form.key('lot_tracked')} {...form.getInputProps('lot_tracked', { type: 'checkbox' })} />
              <Switch label={t`Controla validade`} key={form.key('expiry_tracked')} {...form.getInputProps('expiry_tracked', { type: 'checkbox' })} />
            </Stack>
          </SimpleGrid>
          <ProductPacksFields form={form as unknown as Parameters<typeof ProductPacksFields>[0]['form']} uoms={uoms.data ?? []} />
          <Switch label={t`Ativo`} description={t`Desative em vez de excluir: o histórico continua referindo-se ao produto.`} key={form.key('is_active')} {...form.getInputProps('is_active', { type: 'checkbox' })} />
          <FormFooter onCancel={onClose} saving={save.isPending} audit={product ? { entity: 'products', id: product.id } : null} />
        </Stack>
      </form>
    </Modal>
  )
}
