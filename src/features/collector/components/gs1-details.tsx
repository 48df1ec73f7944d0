import { Box, Text } from '@mantine/core'
import { IconAlertTriangle } from '@tabler/icons-react'
import { useLingui } from '@lingui/react/macro'
import { readGs1, type Gs1FieldName } from '../../../../contracts/gs1/gs1'
import { formatDate, formatNumber } from '../../../lib/format'
import { gs1FieldText, gs1ProblemText } from '../gs1-texts'

// the AIs behind each field, so a flagged check digit (reported by AI) lands on its field
const FIELD_AIS: Record<Gs1FieldName, (ai: string) => boolean> = {
  sscc: (ai) => ai === '00',
  gtin: (ai) => ai === '01',
  content: (ai) => ai === '02',
  lot: (ai) => ai === '10',
  productionDate: (ai) => ai === '11',
  bestBefore: (ai) => ai === '15',
  expiryDate: (ai) => ai === '17',
  serial: (ai) => ai === '21',
  count: (ai) => ai === '30',
  itemCount: (ai) => ai === '37',
  netWeightKg: (ai) => ai.startsWith('310'),
}
const DATES = new Set<Gs1FieldName>(['productionDate', 'bestBefore', 'expiryDate'])
const NUMBERS = new Set<Gs1FieldName>(['count', 'itemCount', 'netWeightKg'])

/**
 * SPEC 2.16: a GS1-128 read shown as its AIs (SSCC, GTIN, lot, expiry, quantity…), a wrong check digit flagged;
 * nothing when the code holds no GS1 data. Loaded lazily (the default export) with the parser and its words, only
 * for a read that gs1-form.ts mightBeGs1 lets through: the scan screen's first load carries neither.
 */
export default function Gs1Details({ code }: { code: string }) {
  const { t, i18n } = useLingui()
  const parsed = readGs1(code)
  if (!parsed) return null
  if (!parsed.ok) {
    return (
      <Text size="sm" c="var(--collector-bad)" fw={600}>
        <IconAlertTriangle size={16} aria-hidden style={{ verticalAlign: 'text-bottom' }} /> {t`GS1 inválido`}: {gs1ProblemText(i18n, parsed.problem)}
      </Text>
    )
  }
  const { data } = parsed
  const fields = (Object.keys(FIELD_AIS) as Gs1FieldName[]).filter((name) => data[name] !== undefined)
  return (
    <Box component="ul" m={0} p={0} fz="sm" style={{ listStyle: 'none' }} aria-label={t`Dados GS1`}>
      {fields.map((name) => {
        const ai = Object.keys(data.ais).find(FIELD_AIS[name]) ?? ''
        const value = data[name] ?? ''
        const shown = DATES.has(name) ? formatDate(value, i18n.locale) : NUMBERS.has(name) ? formatNumber(Number(value), i18n.locale) : value
        const bad = data.badCheckDigits?.includes(ai) ?? false
        return (
          <Box component="li" key={name} mt={2}>
            <Text span size="sm" c="dimmed">
              ({ai}) {gs1FieldText(i18n, name)}:{' '}
            </Text>
            <Text span size="sm" fw={600} ff={DATES.has(name) || NUMBERS.has(name) ? undefined : 'monospace'}>
              {shown}
            </Text>
            {bad ? (
              <Text span size="sm" fw={700} c="var(--collector-bad)">
                {' '}
                <IconAlertTriangle size={16} aria-hidden style={{ verticalAlign: 'text-bottom' }} /> {t`dígito verificador inválido`}
              </Text>
            ) : null}
          </Box>
        )
      })}
    </Box>
  )
}
