import { useState } from 'react'
import { Alert, Badge, Group, Loader, Select, Stack, Table, Text } from '@mantine/core'
import { useDebouncedValue } from '@mantine/hooks'
import { Trans, useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { apiErrorText } from '../../../lib/api-client'
import { storageClassLabel } from '../../../lib/type-labels'
import { SEARCH_DEBOUNCE_MS } from '../../../components/data-table'
import { locationSearchQueryOptions } from '../api/search-locations'
import type { LocationOption, LocationSuggestion, PutawaySuggestion } from '../receiving-types'

/** Why a putaway rule's location was passed over (§20.3), in the user's language. */
function SkippedLocations({ skipped }: { skipped: PutawaySuggestion['skipped'] }) {
  const { t } = useLingui()
  const label = (reason: PutawaySuggestion['skipped'][number]['reasons'][number]) => {
    switch (reason) {
      case 'full':
        return t`cheia`
      case 'too_heavy':
        return t`peso acima do limite`
      case 'class_not_allowed':
        return t`classe não aceita`
      case 'mixes_products':
        return t`misturaria produtos`
      case 'mixes_lots':
        return t`misturaria lotes`
      case 'not_storage':
        return t`não é de armazenagem desta classe`
      case 'taken':
        return t`sugerida para outro palete`
    }
  }
  if (!skipped.length) return null
  return (
    <Text size="xs" c="dimmed" mt={2} data-testid="putaway-skipped">
      {skipped
        .map((s) => {
          const why = s.reasons.map(label).join(', ')
          return t`${s.code} pulada: ${why}`
        })
        .join(' · ')}
    </Text>
  )
}

/** Why the server suggests a location (its reason codes, SPEC 10.6, §20.3), in the user's language. */
function SuggestionReasons({ location }: { location: LocationSuggestion }) {
  const { t } = useLingui()
  const label = (reason: LocationSuggestion['reasons'][number]) => {
    switch (reason) {
      case 'storage_class':
        return t`mesma classe de armazenagem`
      case 'empty':
        return t`vazio`
      case 'same_product_nearby':
        return t`mesmo produto no corredor`
      case 'has_room':
        return t`cabe: ${location.pallets} de ${location.capacity_pallets} paletes`
      case 'rule_location':
        return t`regra de armazenagem`
      case 'rule_zone':
        return t`zona da regra de armazenagem`
      case 'fits_category':
        return t`dentro dos limites da categoria`
    }
  }
  return (
    <Group gap={4} mt={2} data-testid="putaway-reasons">
      {location.reasons.map((r) => (
        <Badge key={r} size="xs" variant="dot" color={r === 'empty' ? 'green' : r === 'same_product_nearby' ? 'blue' : 'gray'} data-reason={r}>
          {label(r)}
        </Badge>
      ))}
    </Group>
  )
}

function DestinationPicker({
  label,
  warehouse,
  suggestion,
  value,
  onChange,
}: {
  label: string
  warehouse: number
  suggestion: PutawaySuggestion
  value: LocationOption | null
  onChange: (location: LocationOption | null) => void
}) {
  const { t } = useLingui()
  const [search, setSearch] = useState('')
  const typed = value && search === value.code ? '' : search.trim()
  const [debounced] = useDebouncedValue(typed, SEARCH_DEBOUNCE_MS)
  const found = useQuery(locationSearchQueryOptions(warehouse, debounced))
  const suggested = [suggestion.location, ...suggestion.alternatives].filter((l) => l !== null)
  const all: LocationOption[] = [...suggested, ...(debounced.length >= 2 ? (found.data ?? []) : [])]
  if (value && !all.some((l) => l.id === value.id)) all.unshift(value)
  const unique = all.filter((l, i) => all.findIndex((o) => o.id === l.id) === i)
  return (
    <Select
      aria-label={label}
      searchable
      data={unique.map((l) => ({ value: String(l.id), label: l.code }))}
      value={value ? String(value.id) : null}
      searchValue={search}
      onSearchChange={setSearch}
      onChange={(id) => onChange(unique.find((l) => String(l.id) === id) ?? null)}
      placeholder={t`Escolha o local`}
      nothingFoundMessage={t`Nenhum local encontrado`}
      rightSection={found.isFetching ? <Loader size="xs" role="status" aria-label={t`Carregando`} /> : undefined}
      w={220}
    />
  )
}

export interface PutawayStepProps {
  warehouse: number
  suggestions: PutawaySuggestion[] | undefined
  error: Error | null
  destinations: Record<string, LocationOption | null>
  onChange: (palletCode: string, location: LocationOption | null) => void
}

/** Step 4 (SPEC 2.8): a destination per pallet, suggested by storage class and free locations, editable. */
export function PutawayStep({ warehouse, suggestions, error, destinations, onChange }: PutawayStepProps) {
  const { t, i18n } = useLingui()
  if (error) {
    return (
      <Alert color="red" role="alert">
        {apiErrorText(error) ?? t`Erro ao carregar dados.`}
      </Alert>
    )
  }
  if (!suggestions) return <Loader role="status" aria-label={t`Carregando`} />
  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed">
        <Trans>Confirme o destino de cada palete. Ao concluir, o estoque entra no destino e uma tarefa de armazenagem é criada por palete.</Trans>
      </Text>
      <Table withTableBorder striped aria-label={t`Armazenagem`}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>
              <Trans>Palete</Trans>
            </Table.Th>
            <Table.Th>
              <Trans>Produtos</Trans>
            </Table.Th>
            <Table.Th>
              <Trans>Classe de armazenagem</Trans>
            </Table.Th>
            <Table.Th>
              <Trans>Sugestão</Trans>
            </Table.Th>
            <Table.Th>
              <Trans>Destino</Trans>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {suggestions.map((s) => {
            const code = s.pallet_code ?? ''
            return (
              <Table.Tr key={code} data-testid="putaway-pallet">
                <Table.Td ff="monospace">{code}</Table.Td>
                <Table.Td>{s.products.map((p) => p.code).join(', ')}</Table.Td>
                <Table.Td>{storageClassLabel(i18n, s.storage_class)}</Table.Td>
                <Table.Td>
                  {s.location ? (
                    <>
                      <Text size="sm" ff="monospace">
                        {s.location.code}
                      </Text>
                      <SuggestionReasons location={s.location} />
                    </>
                  ) : (
                    <Text size="sm" c="orange">
                      <Trans>Nenhum local livre sugerido</Trans>
                    </Text>
                  )}
                  <SkippedLocations skipped={s.skipped ?? []} />
                </Table.Td>
                <Table.Td>
                  <DestinationPicker label={t`Destino de ${code}`} warehouse={warehouse} suggestion={s} value={destinations[code] ?? null} onChange={(l) => onChange(code, l)} />
                </Table.Td>
              </Table.Tr>
            )
          })}
        </Table.Tbody>
      </Table>
    </Stack>
  )
}
