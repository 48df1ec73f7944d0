import { useState } from 'react'
import { Alert, Button, Group, NumberInput, Paper, Stack, TextInput } from '@mantine/core'
import { Trans, useLingui } from '@lingui/react/macro'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { LinkButton } from '../../../components/link-button'
import { apiErrorText, readDrfError } from '../../../lib/api-client'
import { createCopackOrder } from '../api/create-copack-order'
import { bomCountQueryOptions } from '../api/get-bom-count'
import { manufacturingKeys } from '../manufacturing-query-keys'
import type { CopackOrderDetail, ProductOption } from '../copack-types'
import { ProductPicker } from '../../../components/product-picker'
import { RequiresSupervisor, useCanWriteCopack } from './copack-permission'

export interface CopackOrderFormProps {
  onCreated: (order: CopackOrderDetail) => void
  onCancel: () => void
}

/** SPEC 2.12, 5: order code, final product and quantity (default 1); Create is disabled without code and product. */
export function CopackOrderForm({ onCreated, onCancel }: CopackOrderFormProps) {
  const { t } = useLingui()
  const queryClient = useQueryClient()
  const [code, setCode] = useState('')
  const [product, setProduct] = useState<ProductOption | null>(null)
  const [qty, setQty] = useState<string | number>(1)
  const create = useMutation({
    mutationFn: () => createCopackOrder({ code: code.trim(), result_product: product!.id, result_qty: String(qty) }),
    onSuccess: (order) => {
      queryClient.setQueryData(manufacturingKeys.copackOrder(order.id), order)
      void queryClient.invalidateQueries({ queryKey: manufacturingKeys.copackLists() })
      onCreated(order)
    },
  })
  // SPEC 12.7: an order for a product without a bill of materials would fail only at reservation; say so now
  const bom = useQuery({ ...bomCountQueryOptions(product?.id ?? 0), enabled: product !== null })
  const noBom = product !== null && bom.data === 0
  const drf = create.error ? readDrfError(create.error) : null
  const fieldError = (name: string) => drf?.fieldErrors[name]?.[0]
  const known = ['code', 'result_product', 'result_qty']
  const otherError = drf && !known.some((name) => fieldError(name)) ? apiErrorText(create.error) : null
  const qtyValid = typeof qty === 'number' ? qty > 0 : Number(qty) > 0
  // SPEC 13.2: operators reach this page by its address only; Create is disabled for them, with the reason
  const canWrite = useCanWriteCopack()
  const canCreate = canWrite && code.trim() !== '' && product !== null && !noBom && qtyValid && !create.isPending

  return (
    <Paper withBorder p="lg" maw={640}>
      <form
        onSubmit={(event) => {
          event.preventDefault()
          if (canCreate) create.mutate()
        }}
      >
        <Stack>
          {otherError ? (
            <Alert color="red" role="alert">
              {otherError}
            </Alert>
          ) : null}
          <TextInput label={t`Código da ordem`} required value={code} onChange={(e) => setCode(e.currentTarget.value)} error={fieldError('code')} maxLength={64} />
          <ProductPicker
            label={t`Produto final`}
            required
            value={product}
            onChange={setProduct}
            error={noBom ? t`Este produto não tem lista de materiais: cadastre os seus componentes antes de criar a ordem.` : fieldError('result_product')}
          />
          {noBom && product ? (
            // SPEC 12.7: where the missing bill of materials is made
            <Group>
              <LinkButton to="/manufacturing/boms" search={{ search: product.code }} size="xs" variant="light">
                <Trans>Cadastrar a lista de materiais de {product.code}</Trans>
              </LinkButton>
            </Group>
          ) : null}
          <NumberInput label={t`Quantidade`} required min={0.001} decimalScale={3} value={qty} onChange={setQty} error={fieldError('result_qty')} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onCancel}>
              <Trans>Cancelar</Trans>
            </Button>
            {canWrite ? null : <RequiresSupervisor id="copack-create-reason" />}
            <Button type="submit" disabled={!canCreate} loading={create.isPending} aria-describedby={canWrite ? undefined : 'copack-create-reason'}>
              <Trans>Criar</Trans>
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  )
}
