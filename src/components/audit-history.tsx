import { List, Loader, Text, Title } from '@mantine/core'
import { Trans, useLingui } from '@lingui/react/macro'
import { msg } from '@lingui/core/macro'
import { useQuery } from '@tanstack/react-query'
import { api } from '../lib/api-client'
import { formatDate } from '../lib/format'

type AuditEntry = { id: number; action: string; changes: Record<string, unknown>; note: string; user: string | null; created_at: string }

const ACTIONS: Record<string, ReturnType<typeof msg>> = {
  create: msg`criou`,
  update: msg`alterou`,
  deactivate: msg`desativou`,
  reactivate: msg`reativou`,
  cancel: msg`cancelou`,
  import: msg`importou`,
}

/** A record's audit trail (SPEC 12.9): who created or changed it and when, newest first. */
export function AuditHistory({ entity, id }: { entity: string; id: number }) {
  const { t, i18n } = useLingui()
  const history = useQuery({
    queryKey: ['audit', entity, id],
    queryFn: () => api.get<{ results: AuditEntry[] }>('/audit/', { query: { entity, entity_id: id, page_size: 20 } }),
  })
  return (
    <section aria-label={t`Histórico`}>
      <Title order={4} size="sm" mb="xs">
        <Trans>Histórico</Trans>
      </Title>
      {history.isPending ? <Loader size="xs" role="status" aria-label={t`Carregando`} /> : null}
      {history.data?.results.length === 0 ? (
        <Text size="sm" c="dimmed">
          <Trans>Sem alterações registradas.</Trans>
        </Text>
      ) : null}
      <List size="sm" spacing={4}>
        {(history.data?.results ?? []).map((e) => {
          const who = e.user ?? '—'
          const what = ACTIONS[e.action] ? i18n._(ACTIONS[e.action]) : e.action
          const when = formatDate(e.created_at, i18n.locale)
          const fields = Object.keys(e.changes)
            .filter((k) => k !== 'revision')
            .join(', ')
          // a versioned document (a bill of materials, ADR 0016) names the revision the entry made
          const rev = e.changes.revision
          const revision = Array.isArray(rev) && typeof rev[1] === 'number' ? rev[1] : typeof rev === 'number' ? rev : null
          return (
            <List.Item key={e.id}>
              <Text size="sm" span>
                {t`${when}: ${who} ${what}`}
                {e.action === 'update' && fields ? ` (${fields})` : ''}
                {revision !== null ? ` — ${t`revisão ${revision}`}` : ''}
                {e.note ? ` — ${e.note}` : ''}
              </Text>
            </List.Item>
          )
        })}
      </List>
    </section>
  )
}
