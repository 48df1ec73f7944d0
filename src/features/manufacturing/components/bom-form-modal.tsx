import { useState } from 'react'
import { ActionIcon, Alert, Button, Divider, Group, Loader, Modal, NumberInput, Stack, Switch, Text, Title, Tooltip } from '@mantine/core'
import { useForm } from '@mantine/form'
import { IconAlertTriangle, IconPlus, IconTrash } from '@tabler/icons-react'
import { Trans, useLingui } from '@lingui/react/macro'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { AuditHistory } from '../../../components/audit-history'
import { placeDrfErrors } from '../../../components/resource-form'
import { BOM_DEACTIVATE_BLOCKING, MAX_BOM_COMPONENTS } from '../../../../contracts/copack/bom.rules'
import { bomQueryOptions } from '../api/get-bom'
import { saveBom } from '../api/save-bom'
import { manufacturingKeys } from '../manufacturing-query-keys'
import type { BomDetail, BomInput } from '../bom-types'
import type { ProductOption } from '../copack-types'
import { useCanWriteCopack } from './copack-permission'
import { ProductPicker } from '../../../components/product-picker'

interface ComponentRow {
  /** a stable React key for the row (rows are added and removed) */
  key: string
  product: ProductOption | null
  qty_per_unit: string | number
}
interface BomFormValues {
  product: ProductOption | null
  components: ComponentRow[]
  is_active: boolean
}

let rowSeq = 0
const newRow = (product: ProductOption | null = null, qty: string | number = ''): ComponentRow => ({ key: `row-${++rowSeq}`, product, qty_per_unit: qty })
const QTY = /^\d+(\.\d{1,3})?$/

function initialValues(bom: BomDetail | null): BomFormValues {
  return {
    product: bom ? bom.product : null,
    components: bom ? bom.components.map((c) => newRow(c.product, Number(c.qty_per_unit))) : [newRow()],
    is_active: bom?.is_active ?? true,
  }
}

const toInput = (v: BomFormValues): BomInput => ({
  product: v.product?.id ?? 0,
  components: v.components.map((c) => ({ product: c.product?.id ?? 0, qty_per_unit: String(c.qty_per_unit).trim() })),
  is_active: v.is_active,
})

/**
 * A bill of materials (SPEC 12.7; ADR 0016): the product made and, per unit of it, each component's quantity.
 * Opened with an id it loads the bill and shows its history; admins and supervisors edit, everyone else reads it
 * with the reason. Each change of the components is the next revision: the form shows the current one, and says which
 * copack orders keep an older one (they reserved by it; ADR 0016).
 */
export function BomFormModal({ bomId, onClose }: { bomId: number | null; onClose: () => void }) {
  const { t } = useLingui()
  const bom = useQuery({ ...bomQueryOptions(bomId ?? 0), enabled: bomId !== null })
  const title = bomId === null ? t`Nova lista de materiais` : bom.data ? t`Lista de materiais de ${bom.data.product.code}` : t`Lista de materiais`
  return (
    <Modal opened onClose={onClose} title={title} size="xl" closeButtonProps={{ 'aria-label': t`Fechar` }}>
      {bomId !== null && !bom.data ? (
        bom.isError ? (
          <Alert color="red" role="alert">
            <Trans>Não foi possível carregar a lista de materiais.</Trans>
          </Alert>
        ) : (
          <Loader size="sm" role="status" aria-label={t`Carregando`} />
        )
      ) : (
        <BomForm bom={bom.data ?? null} title={title} onClose={onClose} />
      )}
    </Modal>
  )
}

function BomForm({ bom, title, onClose }: { bom: BomDetail | null; title: string; onClose: () => void }) {
  const { t } = useLingui()
  const queryClient = useQueryClient()
  const canWrite = useCanWriteCopack()
  const [formError, setFormError] = useState<string | null>(null)
  const reason = t`Somente administradores e supervisores alteram listas de materiais.`
  // orders that reserved keep their own copy of the revision they reserved by; drafts follow the bill
  const keeping = (bom?.open_orders ?? []).filter((o) => o.status !== 'DRAFT')
  const drafts = (bom?.open_orders ?? []).filter((o) => BOM_DEACTIVATE_BLOCKING.includes(o.status))
  const draftCodes = drafts.map((o) => o.code).join(', ')
  const componentsLocked = !canWrite
  const form = useForm<BomFormValues>({
    mode: 'controlled',
    initialValues: initialValues(bom),
    validate: {
      product: (v) => (v ? null : t`Escolha o produto.`),
      components: {
        product: (v) => (v ? null : t`Escolha o componente.`),
        qty_per_unit: (v) => {
          const text = String(v).trim()
          return QTY.test(text) && Number(text) > 0 ? null : t`Informe uma quantidade maior que zero, com até 3 casas decimais.`
        },
      },
    },
  })
  const save = useMutation({
    mutationFn: (input: BomInput) => saveBom(bom?.id ?? null, input),
    onMutate: () => setFormError(null),
    onSuccess: (saved) => {
      queryClient.setQueryData(manufacturingKeys.bom(saved.id), saved)
      void queryClient.invalidateQueries({ queryKey: manufacturingKeys.bomLists() })
      void queryClient.invalidateQueries({ queryKey: [...manufacturingKeys.all, 'bom-count'] })
      void queryClient.invalidateQueries({ queryKey: ['audit', 'boms', saved.id] })
      onClose()
    },
    onError: (error) => {
      const fields = ['product', 'components', 'is_active', ...form.getValues().components.flatMap((_, i) => [`components.${i}.product`, `components.${i}.qty_per_unit`])]
      setFormError(placeDrfErrors(error, form.setFieldError, fields, t`Não foi possível salvar a lista de materiais.`))
    },
  })
  const values = form.getValues()
  const componentsError = form.errors.components
  return (
    <form onSubmit={form.onSubmit((v) => save.mutate(toInput(v)))} noValidate aria-label={title}>
      <Stack gap="md">
        {formError ? (
          <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} aria-hidden />} role="alert" title={t`Não foi possível salvar a lista de materiais.`}>
            {formError}
          </Alert>
        ) : null}
        {!canWrite ? (
          <Alert color="gray" variant="light">
            {reason}
          </Alert>
        ) : keeping.length && bom ? (
          <Alert color="blue" variant="light" title={t`Ordens em andamento mantêm a sua revisão`}>
            {keeping.map((o) => (
              <Text key={o.id} size="sm">
                <Trans>
                  A ordem de copack {o.code} continua com a revisão {o.bom_revision ?? '—'}, com a qual reservou.
                </Trans>
              </Text>
            ))}
            <Text size="sm">
              <Trans>Alterar os componentes cria a revisão {bom.revision + 1}, usada pelas novas ordens e pelos rascunhos.</Trans>
            </Text>
          </Alert>
        ) : null}
        {bom ? (
          <Group gap="xl">
            <Text size="sm">
              <Trans>Produto:</Trans> <strong>{`${bom.product.code} — ${bom.product.name1}`}</strong>
            </Text>
            <Text size="sm" data-testid="bom-revision">
              <Trans>Revisão:</Trans> <strong>{bom.revision}</strong>
            </Text>
          </Group>
        ) : (
          <ProductPicker
            label={t`Produto final`}
            required
            value={values.product}
            onChange={(p) => form.setFieldValue('product', p)}
            error={typeof form.errors.product === 'string' ? form.errors.product : undefined}
          />
        )}
        <div role="group" aria-labelledby="bom-components-title">
          <Title order={3} size="h5" id="bom-components-title" mb={4}>
            <Trans>Componentes (quantidade por unidade produzida)</Trans>
          </Title>
          {typeof componentsError === 'string' ? (
            <Text size="sm" c="red" role="alert" mb="xs">
              {componentsError}
            </Text>
          ) : null}
          <Stack gap="xs">
            {values.components.map((row, i) => {
              const n = i + 1
              const productError = form.errors[`components.${i}.product`]
              return (
                <Group key={row.key} align="flex-start" wrap="nowrap" gap="sm">
                  <div style={{ flex: 1, minWidth: 0 }}>
                    {componentsLocked ? (
                      <Text size="sm" pt={4}>
                        <Text span size="xs" c="dimmed" display="block">
                          <Trans>Componente {n}</Trans>
                        </Text>
                        {row.product ? `${row.product.code} — ${row.product.name1}` : '—'}
                      </Text>
                    ) : (
                      <ProductPicker
                        label={t`Componente ${n}`}
                        required
                        value={row.product}
                        onChange={(p) => form.setFieldValue(`components.${i}.product`, p)}
                        error={typeof productError === 'string' ? productError : undefined}
                      />
                    )}
                  </div>
                  <NumberInput
                    w={180}
                    label={t`Quantidade`}
                    // the visible label starts the accessible name (WCAG 2.5.3); the row's number tells rows apart
                    aria-label={t`Quantidade do componente ${n}`}
                    required
                    min={0}
                    decimalScale={3}
                    allowNegative={false}
                    disabled={componentsLocked}
                    key={form.key(`components.${i}.qty_per_unit`)}
                    {...form.getInputProps(`components.${i}.qty_per_unit`)}
                  />
                  {componentsLocked ? null : (
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      mt={26}
                      aria-label={t`Remover componente ${n}`}
                      disabled={values.components.length === 1}
                      onClick={() => form.removeListItem('components', i)}
                    >
                      <IconTrash size={16} aria-hidden />
                    </ActionIcon>
                  )}
                </Group>
              )
            })}
          </Stack>
          {componentsLocked ? null : (
            <Button
              mt="sm"
              size="xs"
              variant="light"
              leftSection={<IconPlus size={14} aria-hidden />}
              disabled={values.components.length >= MAX_BOM_COMPONENTS}
              onClick={() => form.insertListItem('components', newRow())}
            >
              <Trans>Adicionar componente</Trans>
            </Button>
          )}
        </div>
        {bom ? (
          <Switch
            label={t`Ativa`}
            description={
              drafts.length && bom.is_active
                ? t`Não pode ser desativada enquanto a ordem de copack ${draftCodes} não for reservada ou cancelada.`
                : t`Desative em vez de excluir: sem lista ativa, o produto não pode ser reservado no copack.`
            }
            disabled={!canWrite || (bom.is_active && drafts.length > 0)}
            key={form.key('is_active')}
            {...form.getInputProps('is_active', { type: 'checkbox' })}
          />
        ) : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            <Trans>Cancelar</Trans>
          </Button>
          <Tooltip label={reason} disabled={canWrite}>
            <Button type="submit" loading={save.isPending} disabled={!canWrite} title={canWrite ? undefined : reason}>
              <Trans>Salvar</Trans>
            </Button>
          </Tooltip>
        </Group>
        {bom ? (
          <>
            <Divider />
            <AuditHistory entity="boms" id={bom.id} />
          </>
        ) : null}
      </Stack>
    </form>
  )
}
