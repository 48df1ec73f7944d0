import { ActionIcon, Button, NumberInput, Select, Table, Text, TextInput, Title, VisuallyHidden } from '@mantine/core'
import type { UseFormReturnType } from '@mantine/form'
import { IconPlus, IconTrash } from '@tabler/icons-react'
import type { I18n } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { formatQty } from '../../../lib/format'
import { isValidGtin } from '../../../../contracts/gs1/gs1'
import { MAX_PRODUCT_PACKS } from '../../../../contracts/master-data/master-data.rules'
import type { ProductPackItem, ProductPackItemInput, Uom } from '../catalog-types'

/** One pack row of the product form: `id` when the pack exists (edited), none when added. */
export interface PackRow {
  /** a stable React key for the row (rows are added and removed) */
  key: string
  id?: number
  uom: string | null
  qty_per_pack: number | string
  gtin: string
  packs_per_pallet: number | string
}

let rowSeq = 0
export const newPackRow = (pack?: ProductPackItem): PackRow => ({
  key: `pack-${++rowSeq}`,
  id: pack?.id,
  uom: pack ? String(pack.uom.id) : null,
  qty_per_pack: pack ? Number(pack.qty_per_pack) : '',
  gtin: pack?.gtin ?? '',
  packs_per_pallet: pack?.packs_per_pallet ?? '',
})

/** The body's `packs`: the list replaces the product's packs (dimensions and weight of a kept pack stay as they are). */
export const packsInput = (rows: PackRow[]): ProductPackItemInput[] =>
  rows.map((r) => ({
    ...(r.id !== undefined ? { id: r.id } : {}),
    uom: Number(r.uom),
    qty_per_pack: String(r.qty_per_pack).trim(),
    gtin: r.gtin.trim() === '' ? null : r.gtin.trim(),
    packs_per_pallet: r.packs_per_pallet === '' ? null : Number(r.packs_per_pallet),
  }))

/** Where the server's and the form's errors of the packs land: the section and each row's fields. */
export const packErrorFields = (rows: PackRow[]) => ['packs', ...rows.flatMap((_, i) => ['id', 'uom', 'qty_per_pack', 'gtin', 'packs_per_pallet'].map((f) => `packs.${i}.${f}`))]

const QTY = /^\d{1,11}(\.\d{1,3})?$/

/** The rules of a pack row, as the contract's (the server checks again, and what needs the database). */
export function packRules(i18n: I18n) {
  return {
    uom: (v: string | null) => (v ? null : i18n._(msg`Escolha a unidade.`)),
    qty_per_pack: (v: number | string) => (v !== '' && QTY.test(String(v)) && Number(v) > 0 ? null : i18n._(msg`Informe uma quantidade maior que zero, com até 3 casas decimais.`)),
    gtin: (v: string) => {
      const gtin = v.trim()
      return gtin === '' || isValidGtin(gtin) ? null : i18n._(msg`GTIN inválido (dígito verificador): ${gtin}`)
    },
    packs_per_pallet: (v: number | string) => (v === '' || (typeof v === 'number' && Number.isInteger(v) && v >= 1 && v <= 100_000) ? null : i18n._(msg`Informe um número inteiro de 1 a 100000.`)),
  }
}

type FormWithPacks = UseFormReturnType<{ packs: PackRow[]; uom: string | null }>

/**
 * A product's packs on its form (SPEC 12.2): per row its unit, units of the product per pack, the pack's GTIN and
 * packs per pallet, with the units per pallet they make. Rows are added and removed; the server refuses, on the row,
 * a GTIN another product owns, a unit twice, or changing a pack whose unit holds stock.
 */
export function ProductPacksFields({ form, uoms }: { form: FormWithPacks; uoms: Uom[] }) {
  const { t, i18n } = useLingui()
  const values = form.getValues()
  const baseUnit = uoms.find((u) => String(u.id) === values.uom)?.code ?? t`unidades`
  const sectionError = form.errors.packs
  const options = uoms.map((u) => ({ value: String(u.id), label: `${u.code} — ${u.name}` }))
  return (
    <div role="group" aria-labelledby="product-packs-title">
      <Title order={3} size="h5" id="product-packs-title" mb={4}>
        <Trans>Embalagens</Trans>
      </Title>
      <Text size="xs" c="dimmed" mb="xs">
        <Trans>Quantas unidades do produto cada embalagem contém e quantas embalagens formam um palete.</Trans>
      </Text>
      {typeof sectionError === 'string' ? (
        <Text size="sm" c="red" role="alert" mb="xs">
          {sectionError}
        </Text>
      ) : null}
      {values.packs.length === 0 ? (
        <Text size="sm" c="dimmed">
          <Trans>Nenhuma embalagem cadastrada.</Trans>
        </Text>
      ) : (
        <Table layout="fixed" verticalSpacing={4} horizontalSpacing="xs" withRowBorders={false} aria-labelledby="product-packs-title">
          <Table.Thead>
            <Table.Tr>
              <Table.Th w={150}>
                <Trans>Unidade</Trans>
              </Table.Th>
              <Table.Th w={110}>
                <Trans>Unidades por embalagem</Trans>
              </Table.Th>
              <Table.Th>
                <Trans>GTIN da embalagem</Trans>
              </Table.Th>
              <Table.Th w={120}>
                <Trans>Embalagens por palete</Trans>
              </Table.Th>
              <Table.Th w={100} ta="right">
                <Trans>Unidades por palete</Trans>
              </Table.Th>
              <Table.Th w={44}>
                <VisuallyHidden>
                  <Trans>Remover</Trans>
                </VisuallyHidden>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {values.packs.map((row, i) => {
              const n = i + 1
              const qty = Number(row.qty_per_pack)
              const pallet = Number(row.packs_per_pallet)
              const perPallet = row.qty_per_pack !== '' && row.packs_per_pallet !== '' && qty > 0 && pallet > 0 ? `${formatQty((qty * pallet).toFixed(3), i18n.locale)} ${baseUnit}` : '—'
              return (
                <Table.Tr key={row.key} style={{ verticalAlign: 'top' }}>
                  <Table.Td>
                    <Select
                      // the column's header starts the accessible name (WCAG 2.5.3); the row's number tells rows apart
                      aria-label={t`Unidade da embalagem ${n}`}
                      required
                      allowDeselect={false}
                      data={options}
                      key={form.key(`packs.${i}.uom`)}
                      {...form.getInputProps(`packs.${i}.uom`)}
                    />
                  </Table.Td>
                  <Table.Td>
                    <NumberInput
                      aria-label={t`Unidades por embalagem ${n}`}
                      required
                      min={0}
                      decimalScale={3}
                      allowNegative={false}
                      hideControls
                      key={form.key(`packs.${i}.qty_per_pack`)}
                      {...form.getInputProps(`packs.${i}.qty_per_pack`)}
                    />
                  </Table.Td>
                  <Table.Td>
                    <TextInput aria-label={t`GTIN da embalagem ${n}`} inputMode="numeric" maxLength={14} key={form.key(`packs.${i}.gtin`)} {...form.getInputProps(`packs.${i}.gtin`)} />
                  </Table.Td>
                  <Table.Td>
                    <NumberInput
                      aria-label={t`Embalagens por palete ${n}`}
                      min={1}
                      max={100_000}
                      allowDecimal={false}
                      allowNegative={false}
                      hideControls
                      key={form.key(`packs.${i}.packs_per_pallet`)}
                      {...form.getInputProps(`packs.${i}.packs_per_pallet`)}
                    />
                  </Table.Td>
                  <Table.Td ta="right" pt={10}>
                    <Text size="sm">{perPallet}</Text>
                  </Table.Td>
                  <Table.Td pt={6}>
                    <ActionIcon variant="subtle" color="red" aria-label={t`Remover embalagem ${n}`} onClick={() => form.removeListItem('packs', i)}>
                      <IconTrash size={16} aria-hidden />
                    </ActionIcon>
                  </Table.Td>
                </Table.Tr>
              )
            })}
          </Table.Tbody>
        </Table>
      )}
      <Button
        mt="sm"
        size="xs"
        variant="light"
        leftSection={<IconPlus size={14} aria-hidden />}
        disabled={values.packs.length >= MAX_PRODUCT_PACKS}
        onClick={() => form.insertListItem('packs', newPackRow())}
      >
        <Trans>Adicionar embalagem</Trans>
      </Button>
    </div>
  )
}
