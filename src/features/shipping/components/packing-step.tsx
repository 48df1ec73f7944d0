import { ActionIcon, Badge, Button, Group, NumberInput, Paper, Stack, Table, Text, TextInput } from '@mantine/core'
import { IconPlus, IconTrash } from '@tabler/icons-react'
import { Trans, useLingui } from '@lingui/react/macro'
import { formatQty, fromMilli } from '../../../lib/format'
import { packedByLine, pickedByLine, type PackageForm, type Qty } from '../shipping-form'
import type { PickSuggestionLine } from '../shipping-types'

export interface PackingStepProps {
  lines: PickSuggestionLine[]
  picks: Record<string, Qty>
  packages: PackageForm[]
  onChange: (packages: PackageForm[]) => void
}

/** Step 3 (SPEC 2.9): packages and what each one holds; every picked quantity is packed exactly. */
export function PackingStep({ lines, picks, packages, onChange }: PackingStepProps) {
  const { t, i18n } = useLingui()
  const num = (milli: bigint) => formatQty(fromMilli(milli), i18n.locale)
  const picked = pickedByLine(picks)
  const packed = packedByLine(packages)
  const pickedLines = lines.filter((l) => (picked.get(l.line) ?? 0n) > 0n)
  const update = (index: number, patch: Partial<PackageForm>) => onChange(packages.map((p, i) => (i === index ? { ...p, ...patch } : p)))
  return (
    <Stack gap="md">
      <Table withTableBorder aria-label={t`Conferência da embalagem`}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>
              <Trans>Produto</Trans>
            </Table.Th>
            <Table.Th ta="right">
              <Trans>Separado</Trans>
            </Table.Th>
            <Table.Th ta="right">
              <Trans>Embalado</Trans>
            </Table.Th>
            <Table.Th />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {pickedLines.map((l) => {
            const a = picked.get(l.line) ?? 0n
            const b = packed.get(l.line) ?? 0n
            return (
              <Table.Tr key={l.line}>
                <Table.Td>
                  {l.order_code} · {l.product.code} — {l.product.name1}
                </Table.Td>
                <Table.Td ta="right">{num(a)}</Table.Td>
                <Table.Td ta="right">{num(b)}</Table.Td>
                <Table.Td>
                  {a === b ? (
                    <Badge color="green" variant="dot" style={{ minWidth: 'max-content' }}>
                      <Trans>Ok</Trans>
                    </Badge>
                  ) : (
                    <Badge color="orange" variant="dot" style={{ minWidth: 'max-content' }}>
                      <Trans>Diferença {num(a - b)}</Trans>
                    </Badge>
                  )}
                </Table.Td>
              </Table.Tr>
            )
          })}
        </Table.Tbody>
      </Table>
      {packages.map((p, index) => (
        <Paper key={index} withBorder p="sm" data-testid="package">
          <Group justify="space-between" mb="xs">
            <TextInput label={t`Código do volume`} value={p.code} onChange={(e) => update(index, { code: e.currentTarget.value })} maxLength={64} w={220} />
            <ActionIcon variant="subtle" color="red" aria-label={t`Remover ${p.code}`} disabled={packages.length === 1} onClick={() => onChange(packages.filter((_, i) => i !== index))}>
              <IconTrash size={16} aria-hidden />
            </ActionIcon>
          </Group>
          <Stack gap={6}>
            {pickedLines.map((l) => (
              <Group key={l.line} gap="sm">
                <Text size="sm" w={320}>
                  {l.order_code} · {l.product.code} — {l.product.name1}
                </Text>
                <NumberInput
                  aria-label={t`Quantidade de ${l.product.code} em ${p.code}`}
                  min={0}
                  decimalScale={3}
                  w={120}
                  value={p.contents[l.line] ?? 0}
                  onChange={(v) => update(index, { contents: { ...p.contents, [l.line]: v } })}
                />
              </Group>
            ))}
          </Stack>
        </Paper>
      ))}
      <Group>
        <Button variant="light" leftSection={<IconPlus size={16} aria-hidden />} onClick={() => onChange([...packages, { code: `PKG-${packages.length + 1}`, contents: {} }])}>
          <Trans>Adicionar volume</Trans>
        </Button>
      </Group>
    </Stack>
  )
}
