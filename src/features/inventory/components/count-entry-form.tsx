import { useState } from 'react'
import { Alert, Button, Checkbox, Group, Loader, Stack, Table, Text, TextInput } from '@mantine/core'
import { IconAlertTriangle, IconPlus, IconTrash } from '@tabler/icons-react'
import { notifications } from '@mantine/notifications'
import { Trans, useLingui } from '@lingui/react/macro'
import { useMutation, useQuery } from '@tanstack/react-query'
import { ActionIcon } from '@mantine/core'
import { apiErrorText, readDrfError } from '../../../lib/api-client'
import { formatQty, toMilli } from '../../../lib/format'
import { countSheetQueryOptions } from '../api/get-counts'
import { postCountSubmit } from '../api/post-count'
import { useCommandId } from '../hooks/use-command-id'
import { useStockCommandDone } from '../hooks/use-stock-command-done'
import type { CountSubmitBody } from '../inventory-types'
import { ProductPicker } from './product-picker'
import classes from './error-contrast.module.css'

interface EntryRow {
  key: number
  product: { id: number; code: string; name1: string } | null
  lot: string
  pallet_code: string
  expiry_date: string
  qty: string
}

let nextKey = 1
const blankRow = (): EntryRow => ({ key: nextKey++, product: null, lot: '', pallet_code: '', expiry_date: '', qty: '' })

/**
 * SPEC 10.9: what one location holds, typed in from a paper
 * count. Blind unless the plan says otherwise: the system quantities are not shown. Things the system did not expect
 * there are entered the same way. Errors per row show on their cells (`entries.N.field`).
 */
export function CountEntryForm({ planId, locationId, onDone }: { planId: number; locationId: number; onDone: () => void }) {
  const { t, i18n } = useLingui()
  const sheet = useQuery(countSheetQueryOptions(planId, locationId))
  const [rows, setRows] = useState<EntryRow[]>(() => [blankRow()])
  const [empty, setEmpty] = useState(false)
  const [errors, setErrors] = useState<Record<string, string>>({})
  const [general, setGeneral] = useState<string | null>(null)
  const commandId = useCommandId()
  const done = useStockCommandDone()

  const set = (key: number, patch: Partial<EntryRow>) => setRows((all) => all.map((row) => (row.key === key ? { ...row, ...patch } : row)))

  const validate = (): Record<string, string> => {
    const found: Record<string, string> = {}
    if (empty) return found
    rows.forEach((row, i) => {
      if (!row.product) found[`entries.${i}.product`] = t`Escolha o produto.`
      const milli = toMilli(row.qty)
      if (row.qty.trim() === '' || milli === null) found[`entries.${i}.qty`] = t`Informe um número com até 3 casas decimais.`
    })
    if (rows.length === 0) found.entries = t`Lance ao menos um item, ou marque a localização como vazia.`
    return found
  }

  const submit = useMutation({
    mutationFn: () => {
      const body: CountSubmitBody = {
        command_id: commandId.current(),
        empty,
        entries: empty
          ? []
          : rows.map((row) => ({
              product: row.product?.id ?? 0,
              lot: row.lot.trim() || null,
              pallet_code: row.pallet_code.trim() || null,
              expiry_date: row.expiry_date || null,
              qty: row.qty.trim(),
            })),
      }
      return postCountSubmit(planId, locationId, body)
    },
    onMutate: () => {
      setGeneral(null)
      setErrors({})
    },
    onSuccess: (result) => {
      commandId.settle()
      done()
      const location = result.location.code
      notifications.show({
        color: result.recount ? 'yellow' : 'green',
        message: result.recount ? t`Contagem de ${location} registrada; a diferença passou da tolerância e vai para recontagem.` : t`Contagem de ${location} registrada.`,
        closeButtonProps: { 'aria-label': t`Fechar` },
      })
      onDone()
    },
    onError: (error) => {
      commandId.settle(error)
      const drf = readDrfError(error)
      const fields: Record<string, string> = {}
      const rest: string[] = []
      for (const [field, messages] of Object.entries(drf.fieldErrors)) {
        const text = messages.join(' ')
        if (/^entries(\.\d+\.(product|qty|lot|pallet_code|expiry_date))?$/.test(field)) fields[field] = text
        else rest.push(text)
      }
      setErrors(fields)
      const text = [drf.detail, ...drf.nonFieldErrors, ...rest].filter((m): m is string => Boolean(m))
      setGeneral(text.length > 0 ? text.join(' ') : Object.keys(fields).length === 0 ? apiErrorText(error) : null)
    },
  })

  if (sheet.isPending) return <Loader size="sm" role="status" aria-label={t`Carregando`} />
  if (sheet.isError)
    return (
      <Alert color="red" role="alert">
        {apiErrorText(sheet.error) ?? t`Erro ao carregar dados.`}
      </Alert>
    )
  const data = sheet.data
  const err = (i: number, field: string) => errors[`entries.${i}.${field}`]

  return (
    <form
      aria-label={t`Lançar contagem de ${data.location.code}`}
      noValidate
      className={classes.root}
      onSubmit={(event) => {
        event.preventDefault()
        const found = validate()
        setErrors(found)
        if (Object.keys(found).length === 0) submit.mutate()
      }}
    >
      <Stack gap="md">
        <Text size="sm">
          {data.blind ? (
            <Trans>Contagem cega: lance tudo o que está na localização {data.location.code}, inclusive o que não era esperado.</Trans>
          ) : (
            <Trans>Lance tudo o que está na localização {data.location.code}; as quantidades do sistema aparecem abaixo.</Trans>
          )}
        </Text>
        {data.round > 0 ? (
          <Text size="sm" c="dimmed">
            <Trans>Recontagem (rodada {data.round}).</Trans>
          </Text>
        ) : null}
        {!data.blind && data.expected ? (
          <Table withTableBorder aria-label={t`Quantidades do sistema`}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th><Trans>Produto</Trans></Table.Th>
                <Table.Th><Trans>Lote</Trans></Table.Th>
                <Table.Th><Trans>Palete</Trans></Table.Th>
                <Table.Th ta="right"><Trans>Quantidade</Trans></Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {data.expected.map((entry, i) => (
                <Table.Tr key={i}>
                  <Table.Td>{entry.product.code}</Table.Td>
                  <Table.Td>{entry.lot ?? '—'}</Table.Td>
                  <Table.Td>{entry.pallet_code ?? entry.sscc ?? '—'}</Table.Td>
                  <Table.Td ta="right">{formatQty(entry.qty, i18n.locale)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        ) : null}
        {general ? (
          <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} aria-hidden />} role="alert" title={t`O servidor recusou a contagem.`}>
            {general}
          </Alert>
        ) : null}
        <Checkbox label={t`A localização está vazia`} checked={empty} onChange={(event) => setEmpty(event.currentTarget.checked)} />
        {empty ? null : (
          <Stack gap="sm">
            {rows.map((row, i) => (
              <Group key={row.key} align="flex-start" gap="xs" wrap="nowrap" role="group" aria-label={t`Item ${i + 1}`}>
                <div style={{ flex: 3, minWidth: 0 }}>
                  <ProductPicker label={t`Produto`} size="xs" required value={row.product?.id ?? null} known={row.product} onChange={(product) => set(row.key, { product })} error={err(i, 'product')} />
                </div>
                <TextInput style={{ flex: 2 }} size="xs" label={t`Lote`} value={row.lot} maxLength={100} onChange={(e) => set(row.key, { lot: e.currentTarget.value })} error={err(i, 'lot')} />
                <TextInput style={{ flex: 2 }} size="xs" label={t`Palete`} value={row.pallet_code} maxLength={100} onChange={(e) => set(row.key, { pallet_code: e.currentTarget.value })} error={err(i, 'pallet_code')} />
                <TextInput style={{ flex: 2 }} size="xs" type="date" label={t`Validade`} value={row.expiry_date} onChange={(e) => set(row.key, { expiry_date: e.currentTarget.value })} error={err(i, 'expiry_date')} />
                <TextInput style={{ flex: 1.5 }} size="xs" label={t`Quantidade`} required inputMode="decimal" autoComplete="off" value={row.qty} onChange={(e) => set(row.key, { qty: e.currentTarget.value })} error={err(i, 'qty')} />
                <ActionIcon variant="subtle" color="red" mt={22} aria-label={t`Remover item ${i + 1}`} onClick={() => setRows((all) => all.filter((r) => r.key !== row.key))}>
                  <IconTrash size={16} aria-hidden />
                </ActionIcon>
              </Group>
            ))}
            {errors.entries ? (
              <Text size="sm" c="var(--mantine-color-error)">
                {errors.entries}
              </Text>
            ) : null}
            <Group>
              <Button size="compact-sm" variant="light" leftSection={<IconPlus size={14} aria-hidden />} onClick={() => setRows((all) => [...all, blankRow()])}>
                <Trans>Adicionar item</Trans>
              </Button>
            </Group>
          </Stack>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onDone} disabled={submit.isPending}>
            <Trans>Cancelar</Trans>
          </Button>
          <Button type="submit" loading={submit.isPending}>
            <Trans>Registrar contagem</Trans>
          </Button>
        </Group>
      </Stack>
    </form>
  )
}
