import { useState } from 'react'
import { ActionIcon, Alert, Button, Divider, Group, NumberInput, Paper, Select, SimpleGrid, Stack, Text, TextInput, Title, Tooltip } from '@mantine/core'
import { useForm } from '@mantine/form'
import { notifications } from '@mantine/notifications'
import { IconAlertTriangle, IconPlus, IconTrash } from '@tabler/icons-react'
import { Trans, useLingui } from '@lingui/react/macro'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { AuditHistory } from '../../../components/audit-history'
import { ApiError, readDrfError } from '../../../lib/api-client'
import { carriersQueryOptions } from '../api/get-carriers'
import { warehousesQueryOptions } from '../api/get-warehouses'
import { useSession } from '../../../lib/session'
import { saveSalesOrder } from '../api/save-documents'
import { shippingKeys } from '../shipping-query-keys'
import type { CustomerOption, SalesOrder, SalesOrderRequest } from '../shipping-types'
import { ProductPicker, type ProductOption } from '../../../components/product-picker'
import { CustomerPicker } from './document-pickers'
import { DocumentActions, LOCK_REASON_ID, LockNotice, useDocumentLock } from './document-actions'

interface LineValues {
  /** a row's identity while rows are added and removed */
  key: string
  product: ProductOption | null
  qty: number | string
}

export interface OrderValues {
  code: string
  customer: CustomerOption | null
  carrier: string | null
  warehouse: string | null
  ship_date: string
  /** SPEC 19.1: 0 normal, up to 9 (most urgent) */
  priority: number | string
  lines: LineValues[]
}

let nextKey = 0
const newLine = (): LineValues => ({ key: `line-${++nextKey}`, product: null, qty: '' })

function valuesOf(order: SalesOrder | null, defaultWarehouse: number | null): OrderValues {
  if (!order) return { code: '', customer: null, carrier: null, warehouse: defaultWarehouse ? String(defaultWarehouse) : null, ship_date: '', priority: 0, lines: [newLine()] }
  return {
    code: order.code,
    warehouse: String(order.warehouse.id),
    customer: order.customer,
    carrier: order.carrier ? String(order.carrier.id) : null,
    ship_date: order.ship_date ?? '',
    priority: order.priority,
    lines: order.lines.map((l) => ({ key: `line-${l.id}`, product: { id: l.product.id, code: l.product.code, name1: l.product.name1 }, qty: Number(l.qty) })),
  }
}

function bodyOf(values: OrderValues): SalesOrderRequest {
  return {
    code: values.code.trim(),
    customer: values.customer?.id ?? 0,
    carrier: values.carrier ? Number(values.carrier) : null,
    warehouse: values.warehouse ? Number(values.warehouse) : null,
    ship_date: values.ship_date || null,
    priority: values.priority === '' ? 0 : Number(values.priority),
    lines: values.lines.map((l) => ({ product: l.product?.id ?? 0, qty: String(l.qty) })),
  }
}

const HEADER_FIELDS = ['code', 'customer', 'carrier', 'warehouse', 'ship_date', 'priority'] as const
const ROW_FIELD = /^lines\.(\d+)\.(product|qty)$/

/**
 * Puts a refusal where it belongs (SPEC 12.1): header fields on their fields, a row's field on that row (`lines.1.qty`),
 * a "Line 2: …" message on line 2's product; the rest is returned for the form's alert.
 */
export function placeOrderErrors(error: unknown, setFieldError: (path: string, message: string) => void, fallback: string): string | null {
  const drf = readDrfError(error)
  const raw = error instanceof ApiError && typeof error.data === 'object' && error.data !== null ? (error.data as { codes?: Record<string, unknown> }) : {}
  const lineCodes = Array.isArray(raw.codes?.lines) ? (raw.codes.lines as ({ params?: { n?: string } } | null)[]) : []
  const general: string[] = []
  for (const [field, messages] of Object.entries(drf.fieldErrors)) {
    if ((HEADER_FIELDS as readonly string[]).includes(field) || ROW_FIELD.test(field)) setFieldError(field, messages.join(' '))
    else if (field === 'lines') {
      messages.forEach((message, i) => {
        const n = Number(lineCodes[i]?.params?.n)
        if (Number.isInteger(n) && n > 0) setFieldError(`lines.${n - 1}.product`, message)
        else setFieldError('lines', message)
      })
    } else general.push(messages.join(' '))
  }
  const rest = [drf.detail, ...drf.nonFieldErrors, ...general].filter((m): m is string => Boolean(m))
  if (rest.length) return rest.join(' ')
  return Object.keys(drf.fieldErrors).length === 0 ? fallback : null
}

/**
 * A sales order (SPEC 12.6): customer, carrier, ship date and lines with product and quantity; created and edited while
 * picking has not started; the server's refusals on their fields and rows; cancel with a reason; its audit trail.
 */
export function SalesOrderForm({ order, onSaved, onClose }: { order: SalesOrder | null; onSaved: (order: SalesOrder) => void; onClose: () => void }) {
  const { t } = useLingui()
  const queryClient = useQueryClient()
  const lock = useDocumentLock(order, 'order')
  const readOnly = lock !== null
  const [formError, setFormError] = useState<string | null>(null)
  const carriers = useQuery(carriersQueryOptions())
  const warehouses = useQuery(warehousesQueryOptions())
  const { user } = useSession()
  const defaultWarehouse = user?.default_warehouse?.id ?? null
  const form = useForm<OrderValues>({
    mode: 'controlled',
    initialValues: valuesOf(order, defaultWarehouse),
    validate: {
      code: (v) => (v.trim() === '' ? t`Preencha este campo.` : null),
      customer: (v) => (v === null ? t`Escolha o cliente.` : null),
      warehouse: (v) => (v === null ? t`Escolha o armazém.` : null),
      priority: (v) => (v === '' || (Number.isInteger(Number(v)) && Number(v) >= 0 && Number(v) <= 9) ? null : t`Informe um número inteiro de 0 a 9.`),
      lines: {
        product: (v) => (v === null ? t`Escolha o produto.` : null),
        qty: (v) => (v === '' || !(Number(v) > 0) ? t`Informe uma quantidade maior que zero.` : null),
      },
    },
  })
  const save = useMutation({
    mutationFn: (values: OrderValues) => saveSalesOrder(order?.id ?? null, bodyOf(values)),
    onMutate: () => setFormError(null),
    onSuccess: (saved) => {
      queryClient.setQueryData(shippingKeys.orderDocument(saved.id), saved)
      void queryClient.invalidateQueries({ queryKey: shippingKeys.all })
      void queryClient.invalidateQueries({ queryKey: ['audit', 'sales_orders', saved.id] })
      form.setInitialValues(valuesOf(saved, defaultWarehouse))
      form.setValues(valuesOf(saved, defaultWarehouse))
      notifications.show({ color: 'green', message: t`Pedido ${saved.code} salvo.`, closeButtonProps: { 'aria-label': t`Fechar` } })
      onSaved(saved)
    },
    // what was typed stays; each refusal shows on its field or row
    onError: (error) => setFormError(placeOrderErrors(error, form.setFieldError, t`Não foi possível salvar.`)),
  })
  const values = form.getValues()
  const shelfLife = values.customer?.min_shelf_life_days
  const linesError = form.errors.lines
  return (
    <Stack gap="md" maw={960}>
      {order ? <DocumentActions kind="order" document={order} lock={lock} /> : null}
      <LockNotice lock={lock} />
      <Paper withBorder p="lg">
        <form onSubmit={form.onSubmit((v) => save.mutate(v))} noValidate aria-label={order ? t`Pedido ${order.code}` : t`Novo pedido de venda`}>
          <Stack gap="md">
            {formError ? (
              <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} aria-hidden />} role="alert" title={t`Não foi possível salvar.`}>
                {formError}
              </Alert>
            ) : null}
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <TextInput label={t`Código`} required maxLength={64} disabled={readOnly} key={form.key('code')} {...form.getInputProps('code')} />
              <CustomerPicker
                label={t`Cliente`}
                required
                disabled={readOnly}
                value={values.customer}
                onChange={(c) => form.setFieldValue('customer', c)}
                error={form.errors.customer as string | undefined}
                // the wizard picks nothing expiring sooner than this (SPEC 2.9, FEFO)
                description={shelfLife ? t`Validade mínima exigida pelo cliente: ${shelfLife} dias` : undefined}
              />
              <Select
                label={t`Transportadora`}
                clearable
                searchable
                disabled={readOnly}
                data={(carriers.data ?? []).map((c) => ({ value: String(c.id), label: `${c.code} — ${c.name}` }))}
                key={form.key('carrier')}
                {...form.getInputProps('carrier')}
              />
              <Select
                label={t`Armazém`}
                required
                allowDeselect={false}
                // an order in a wave stays in the wave's warehouse (the server says so otherwise)
                disabled={readOnly || Boolean(order?.wave)}
                data={(warehouses.data ?? []).map((w) => ({ value: String(w.id), label: `${w.code} — ${w.name}` }))}
                key={form.key('warehouse')}
                {...form.getInputProps('warehouse')}
              />
              <TextInput label={t`Data de expedição`} type="date" disabled={readOnly} key={form.key('ship_date')} {...form.getInputProps('ship_date')} />
              <NumberInput
                label={t`Prioridade`}
                description={t`0 normal; quanto maior, mais urgente (até 9). As ondas levam primeiro os urgentes.`}
                min={0}
                max={9}
                allowDecimal={false}
                allowNegative={false}
                clampBehavior="none"
                disabled={readOnly}
                key={form.key('priority')}
                {...form.getInputProps('priority')}
              />
            </SimpleGrid>
            <Divider />
            <Title order={3} size="h5">
              <Trans>Linhas</Trans>
            </Title>
            {values.lines.map((line, i) => {
              const n = i + 1
              return (
                <Group key={line.key} role="group" aria-label={t`Linha ${n}`} align="flex-start" wrap="nowrap" gap="sm">
                  <Text size="sm" c="dimmed" w={24} pt={30} ta="right" aria-hidden>
                    {n}
                  </Text>
                  <div style={{ flex: 3 }}>
                    <ProductPicker
                      label={t`Produto`}
                      required
                      disabled={readOnly}
                      value={line.product}
                      onChange={(p) => form.setFieldValue(`lines.${i}.product`, p)}
                      error={form.errors[`lines.${i}.product`] as string | undefined}
                    />
                  </div>
                  <NumberInput
                    style={{ flex: 1 }}
                    label={t`Quantidade`}
                    required
                    min={0}
                    decimalScale={3}
                    disabled={readOnly}
                    key={form.key(`lines.${i}.qty`)}
                    {...form.getInputProps(`lines.${i}.qty`)}
                  />
                  <Tooltip label={t`Remover linha ${n}`}>
                    <ActionIcon
                      mt={26}
                      variant="subtle"
                      color="red"
                      size="lg"
                      aria-label={t`Remover linha ${n}`}
                      disabled={readOnly || values.lines.length === 1}
                      onClick={() => form.removeListItem('lines', i)}
                    >
                      <IconTrash size={16} aria-hidden />
                    </ActionIcon>
                  </Tooltip>
                </Group>
              )
            })}
            {linesError ? (
              <Text size="sm" c="red" role="alert">
                {linesError}
              </Text>
            ) : null}
            <Group justify="space-between">
              <Button variant="light" leftSection={<IconPlus size={14} aria-hidden />} disabled={readOnly} onClick={() => form.insertListItem('lines', newLine())}>
                <Trans>Adicionar linha</Trans>
              </Button>
              <Group gap="xs">
                <Button variant="default" onClick={onClose}>
                  <Trans>Voltar à lista</Trans>
                </Button>
                <Button type="submit" loading={save.isPending} disabled={readOnly} aria-describedby={readOnly ? LOCK_REASON_ID : undefined}>
                  <Trans>Salvar</Trans>
                </Button>
              </Group>
            </Group>
          </Stack>
        </form>
      </Paper>
      {order ? (
        <Paper withBorder p="lg">
          <AuditHistory entity="sales_orders" id={order.id} />
        </Paper>
      ) : null}
    </Stack>
  )
}
