import { Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core'
import { Trans, useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { carriersQueryOptions } from '../api/get-carriers'

export interface ShipStepProps {
  carrier: number | null
  onCarrierChange: (carrier: number | null) => void
  tracking: string
  onTrackingChange: (tracking: string) => void
  summary: { picks: number; packages: number }
}

/** Step 4 (SPEC 2.9): the carrier and its tracking reference; Finish ships. */
export function ShipStep({ carrier, onCarrierChange, tracking, onTrackingChange, summary }: ShipStepProps) {
  const { t } = useLingui()
  const carriers = useQuery(carriersQueryOptions())
  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed">
        <Trans>
          {summary.picks} separação(ões) em {summary.packages} volume(s). Ao concluir, o estoque sai pelo razão de estoque e o pedido é fechado.
        </Trans>
      </Text>
      <SimpleGrid cols={{ base: 1, sm: 2 }} maw={720}>
        <Select
          label={t`Transportadora`}
          required
          searchable
          placeholder={carriers.isLoading ? t`Carregando...` : t`Escolha a transportadora`}
          data={(carriers.data ?? []).map((c) => ({ value: String(c.id), label: `${c.code} — ${c.name}` }))}
          value={carrier === null ? null : String(carrier)}
          onChange={(v) => onCarrierChange(v === null ? null : Number(v))}
        />
        <TextInput label={t`Código de rastreio`} value={tracking} maxLength={100} onChange={(e) => onTrackingChange(e.currentTarget.value)} />
      </SimpleGrid>
    </Stack>
  )
}
