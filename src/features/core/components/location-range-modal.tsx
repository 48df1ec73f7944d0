import { Alert, Text } from '@mantine/core'
import { useQuery } from '@tanstack/react-query'
import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { notifications } from '@mantine/notifications'
import { ResourceFormModal, type FormValues, type ResourceConfig } from '../../../components/resource-form'
import { locationRangeEnds, parseLocationRange } from '../../../../contracts/master-data/location-range.rules'
import type { LocationRangeResult } from '../../../../contracts/master-data/core.contract'
import { parseLocationPlace, placePosition } from '../../../../contracts/layout/layout-rule.rules'
import { warehouseQueryOptions } from '../api/get-warehouses'
import { coreKeys } from '../core-query-keys'
import { locationAttributeFields } from '../core-resources'
import type { Location } from '../core-types'

/** The most locations one range may create (contracts/master-data MAX_LOCATION_RANGE; the app takes no zod value). */
const MAX_RANGE = 100_000
const EXAMPLE = 'A{01-12}-{01-20}-{01-05}-{01-05}'
const RUN = '{01-12}'

const rangeResource: ResourceConfig<Location> = {
  endpoint: '/core/locations/range/',
  entity: 'locations',
  invalidate: coreKeys.all,
  deactivates: false,
  newLabel: msg`Criar faixa de localizações`,
  editTitle: () => msg`Criar faixa de localizações`,
  fields: [
    { name: 'warehouse', kind: 'ref', endpoint: '/core/warehouses/', required: true, label: msg`Armazém` },
    { name: 'pattern', kind: 'text', required: true, maxLength: 200, label: msg`Padrão dos códigos`, description: msg`Cada sequência entre chaves, como ${RUN}, vai do primeiro ao último número, com zeros à esquerda.` },
    ...locationAttributeFields,
  ],
}

/** What the pattern typed names: how many locations, the first and the last code, or why it names none (SPEC 12.3). */
function RangePreview({ values }: { values: FormValues }) {
  const { t, i18n } = useLingui()
  const pattern = String(values.pattern ?? '').trim()
  if (pattern === '') {
    return (
      <Text size="sm" c="dimmed">
        <Trans>Por exemplo {EXAMPLE}</Trans>
      </Text>
    )
  }
  const parsed = parseLocationRange(pattern)
  if (!parsed.ok) {
    return (
      <Alert color="yellow" variant="light" title={t`O padrão ainda não descreve uma faixa.`} role="status">
        {parsed.error}
      </Alert>
    )
  }
  const [first, last] = locationRangeEnds(parsed.parts)
  const count = i18n.number(parsed.count)
  const max = i18n.number(MAX_RANGE)
  return (
    <Alert color={parsed.count > MAX_RANGE ? 'red' : 'blue'} variant="light" role="status" aria-label={t`Prévia da faixa`}>
      {parsed.count > MAX_RANGE ? (
        <Trans>
          {count} localizações: no máximo {max} por faixa.
        </Trans>
      ) : (
        <Trans>
          {count} localizações, de {first} a {last}.
        </Trans>
      )}
      {values.warehouse ? <RangePlaces warehouseId={Number(values.warehouse)} codes={[first, last]} /> : null}
    </Alert>
  )
}

/** SPEC 18.1: where the warehouse's layout rule puts the range's first and last codes, or that it cannot read them. */
function RangePlaces({ warehouseId, codes }: { warehouseId: number; codes: string[] }) {
  const { i18n } = useLingui()
  const warehouse = useQuery(warehouseQueryOptions(warehouseId))
  const rule = warehouse.data?.layout_rule
  if (!rule) return null
  const places = codes.map((code) => {
    const place = parseLocationPlace(rule, code)
    return place ? { code, ...placePosition(rule, place) } : null
  })
  if (places.some((p) => p === null))
    return (
      <Text size="sm" mt={4}>
        <Trans>Estes códigos não seguem a regra de layout do armazém: ficam sem layout até que a regra ou a posição seja definida.</Trans>
      </Text>
    )
  return (
    <Text size="sm" mt={4}>
      {places.map((p) =>
        p ? (
          <span key={p.code}>
            <Trans>
              {p.code}: rua {p.aisle}, prédio {p.bay}, nível {p.level ?? '—'} (x {i18n.number(p.x)} m, y {i18n.number(p.y)} m).
            </Trans>{' '}
          </span>
        ) : null,
      )}
    </Text>
  )
}

/** A range of locations in one go (SPEC 12.3): the pattern previewed with the same rules the server refuses with. */
export function LocationRangeModal({ onClose }: { onClose: () => void }) {
  const { t, i18n } = useLingui()
  return (
    <ResourceFormModal
      config={rangeResource}
      row={null}
      title={t`Criar faixa de localizações`}
      onClose={onClose}
      extra={(values) => <RangePreview values={values} />}
      onSaved={(result) => {
        const { created, first, last } = result as LocationRangeResult
        const count = i18n.number(created)
        notifications.show({ color: 'green', message: t`${count} localizações criadas, de ${first} a ${last}.`, closeButtonProps: { 'aria-label': t`Fechar` } })
      }}
    />
  )
}
