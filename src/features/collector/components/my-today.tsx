import { Paper, Text } from '@mantine/core'
import { useEffect, useState } from 'react'
import { Trans, useLingui } from '@lingui/react/macro'
import { formatNumber } from '../../../lib/format'
import { useSession } from '../../../lib/session'
import { getMyToday, type MyToday as Figures } from '../api/get-my-today'

/** /m/home: the operator's own lines today and their picking rate (docs/requirements.md §21.2); nothing when offline. */
export function MyToday() {
  const { t, i18n } = useLingui()
  const { user } = useSession()
  const [totals, setTotals] = useState<Figures['totals'] | null>(null)
  const userId = user?.id
  useEffect(() => {
    if (!userId) return
    const abort = new AbortController()
    // the figures are a courtesy: offline or refused, the home shows its menu without them
    getMyToday(userId, abort.signal).then(
      (r) => setTotals(r.totals),
      () => undefined,
    )
    return () => abort.abort()
  }, [userId])
  if (!totals) return null
  const picked = formatNumber(totals.picked, i18n.locale)
  const rate = totals.picked_per_hour == null ? '—' : formatNumber(totals.picked_per_hour, i18n.locale)
  const received = formatNumber(totals.received, i18n.locale)
  const putAway = formatNumber(totals.put_away, i18n.locale)
  return (
    <Paper withBorder radius="md" p="sm" mb="md" role="region" aria-label={t`Hoje`} data-testid="my-today">
      <Text fw={700}>
        <Trans>Hoje: {picked} linhas separadas ({rate} por hora)</Trans>
      </Text>
      <Text size="sm" c="dimmed">
        <Trans>{received} recebidas, {putAway} armazenadas</Trans>
      </Text>
    </Paper>
  )
}
