import { Fragment, useState } from 'react'
import { Alert, Badge, Button, Checkbox, Group, Modal, Paper, Select, SimpleGrid, Stack, Table, Text, Textarea, Title } from '@mantine/core'
import { notifications } from '@mantine/notifications'
import { IconAlertTriangle } from '@tabler/icons-react'
import { Trans, useLingui } from '@lingui/react/macro'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { LoadFailure } from '../../../components/load-failure'
import { apiErrorText } from '../../../lib/api-client'
import { formatDate, formatQty } from '../../../lib/format'
import { useSession } from '../../../lib/session'
import { countQueryOptions } from '../api/get-counts'
import { userOptionsQueryOptions } from '../api/get-user-options'
import { postCountLines, postCountReview } from '../api/post-count'
import { COUNT_LOCATION_STATUS_COLORS, COUNT_LOCATION_STATUS_LABELS, labelOf } from '../inventory-labels'
import { inventoryKeys } from '../inventory-query-keys'
import type { CountLocation } from '../inventory-types'
import { reasonText } from '../move-columns'
import { canReviewCounts } from '../stock-permissions'
import { CountEntryForm } from './count-entry-form'
import { CountPlanStatusBadge, CountProgress } from './counts-table'

function LocationStatusBadge({ status }: { status: CountLocation['status'] }) {
  const { i18n } = useLingui()
  return (
    <Badge variant="dot" color={COUNT_LOCATION_STATUS_COLORS[status] ?? 'gray'} data-status={status} style={{ minWidth: 'max-content' }}>
      {labelOf(COUNT_LOCATION_STATUS_LABELS, status, (d) => i18n._(d))}
    </Badge>
  )
}

const signed = (qty: string, locale: string) => (qty.startsWith('-') ? `−${formatQty(qty.slice(1), locale)}` : `+${formatQty(qty, locale)}`)

/**
 * SPEC 10.10: the review of one counted location: each variance (the stock at count time, the moves since, what was
 * expected, what was counted) and the moves since the count started, then approve (posts the variance), reject
 * (posts nothing) or send to recount (another operator).
 */
function VarianceReview({ planId, location }: { planId: number; location: CountLocation }) {
  const { t, i18n } = useLingui()
  const queryClient = useQueryClient()
  const { user } = useSession()
  const canReview = canReviewCounts(user?.role)
  const [note, setNote] = useState('')
  const [assignee, setAssignee] = useState<string | null>(null)
  const [error, setError] = useState<string | null>(null)
  const users = useQuery({ ...userOptionsQueryOptions(), enabled: canReview && location.status === 'review' })
  // a line-by-line review: the variances ticked are approved, the others go to recount
  const selectable = canReview && location.status === 'review' && location.variances.length > 1
  const [chosen, setChosen] = useState<ReadonlySet<number>>(() => new Set())
  const lines = useMutation({
    mutationFn: () =>
      postCountLines(planId, location.location.id, { approve: [...chosen], note: note.trim(), command_id: crypto.randomUUID(), ...(assignee ? { assignee: Number(assignee) } : {}) }),
    onMutate: () => setError(null),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: inventoryKeys.all })
      const code = location.location.code
      const n = chosen.size
      notifications.show({ color: 'green', message: t`${code}: ${n} diferença(s) aprovada(s) e lançada(s); as demais vão para recontagem.`, closeButtonProps: { 'aria-label': t`Fechar` } })
      setChosen(new Set())
    },
    onError: (failure) => setError(apiErrorText(failure) || t`A operação falhou. Tente novamente.`),
  })
  const review = useMutation({
    mutationFn: (action: 'approve' | 'reject' | 'recount') =>
      postCountReview(planId, location.location.id, action, { note: note.trim(), ...(action === 'recount' && assignee ? { assignee: Number(assignee) } : {}) }),
    onMutate: () => setError(null),
    onSuccess: (_, action) => {
      void queryClient.invalidateQueries({ queryKey: inventoryKeys.all })
      const code = location.location.code
      notifications.show({
        color: 'green',
        message: action === 'approve' ? t`${code}: diferença aprovada e lançada.` : action === 'reject' ? t`${code}: contagem rejeitada, nada lançado.` : t`${code}: enviada para recontagem.`,
        closeButtonProps: { 'aria-label': t`Fechar` },
      })
    },
    onError: (failure) => setError(apiErrorText(failure) || t`A operação falhou. Tente novamente.`),
  })
  const busy = review.isPending || lines.isPending
  const locale = i18n.locale
  return (
    <Stack gap="sm">
      {location.variances.length === 0 ? (
        <Text size="sm" c="dimmed">
          <Trans>Sem diferenças.</Trans>
        </Text>
      ) : (
        <Table withTableBorder striped aria-label={t`Diferenças de ${location.location.code}`}>
          <Table.Thead>
            <Table.Tr>
              {selectable ? (
                <Table.Th>
                  <Trans>Aprovar</Trans>
                </Table.Th>
              ) : null}
              <Table.Th><Trans>Produto</Trans></Table.Th>
              <Table.Th><Trans>Lote</Trans></Table.Th>
              <Table.Th><Trans>Palete</Trans></Table.Th>
              <Table.Th ta="right"><Trans>No início</Trans></Table.Th>
              <Table.Th ta="right"><Trans>Movido desde</Trans></Table.Th>
              <Table.Th ta="right"><Trans>Esperado</Trans></Table.Th>
              <Table.Th ta="right"><Trans>Contado</Trans></Table.Th>
              <Table.Th ta="right"><Trans>Diferença</Trans></Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {location.variances.map((v, i) => (
              <Table.Tr key={i}>
                {selectable ? (
                  <Table.Td>
                    <Checkbox
                      aria-label={t`Aprovar a diferença de ${v.product.code} ${v.lot ?? ''}`}
                      checked={chosen.has(v.entry)}
                      onChange={(e) => {
                        const on = e.currentTarget.checked
                        setChosen((was) => {
                          const next = new Set(was)
                          if (on) next.add(v.entry)
                          else next.delete(v.entry)
                          return next
                        })
                      }}
                    />
                  </Table.Td>
                ) : null}
                <Table.Td>{v.product.code}</Table.Td>
                <Table.Td>{v.lot ?? '—'}</Table.Td>
                <Table.Td>{v.pallet_code ?? v.sscc ?? '—'}</Table.Td>
                <Table.Td ta="right">{formatQty(v.snapshot_qty, locale)}</Table.Td>
                <Table.Td ta="right">{v.moved_qty === '0.000' ? '—' : signed(v.moved_qty, locale)}</Table.Td>
                <Table.Td ta="right">{formatQty(v.expected_qty, locale)}</Table.Td>
                <Table.Td ta="right">{formatQty(v.counted_qty, locale)}</Table.Td>
                <Table.Td ta="right" fw={700} c={v.beyond_tolerance ? 'red.9' : undefined} data-testid="variance">
                  {signed(v.variance, locale)}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      {location.moves_since.length > 0 ? (
        <Stack gap={4}>
          <Text size="sm" fw={600}>
            <Trans>Movimentações desde o início da contagem (não são sobrescritas)</Trans>
          </Text>
          {location.moves_since.map((move) => (
            <Text size="sm" key={move.id}>
              {formatDate(move.created_at, locale)} · {reasonText(move, i18n)} · {move.product.code} · {formatQty(move.qty, locale)} · {move.from_location?.code ?? '—'} → {move.to_location?.code ?? '—'} · {move.user?.username ?? ''}
            </Text>
          ))}
        </Stack>
      ) : null}
      {location.status === 'review' ? (
        canReview ? (
          <Stack gap="xs">
            {error ? (
              <Alert color="red" variant="light" role="alert" icon={<IconAlertTriangle size={18} aria-hidden />}>
                {error}
              </Alert>
            ) : null}
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <Textarea label={t`Observação da revisão`} rows={2} maxLength={500} value={note} onChange={(e) => setNote(e.currentTarget.value)} />
              {users.isSuccess ? (
                <Select
                  label={t`Recontagem por`}
                  description={t`Outro operador, não quem contou.`}
                  clearable
                  data={users.data.filter((u) => u.id !== location.counted_by?.id).map((u) => ({ value: String(u.id), label: u.username }))}
                  value={assignee}
                  onChange={setAssignee}
                />
              ) : null}
            </SimpleGrid>
            <Group gap="sm">
              <Button loading={review.isPending && review.variables === 'approve'} disabled={busy} onClick={() => review.mutate('approve')}>
                <Trans>Aprovar e lançar</Trans>
              </Button>
              {selectable ? (
                <Button variant="light" loading={lines.isPending} disabled={busy || chosen.size === 0 || chosen.size === location.variances.length} onClick={() => lines.mutate()}>
                  <Trans>Aprovar as marcadas e recontar as demais</Trans>
                </Button>
              ) : null}
              <Button color="red" variant="light" loading={review.isPending && review.variables === 'reject'} disabled={busy} onClick={() => review.mutate('reject')}>
                <Trans>Rejeitar</Trans>
              </Button>
              <Button variant="default" loading={review.isPending && review.variables === 'recount'} disabled={busy} onClick={() => review.mutate('recount')}>
                <Trans>Enviar para recontagem</Trans>
              </Button>
            </Group>
          </Stack>
        ) : (
          <Text size="sm" c="dimmed">
            <Trans>Requer supervisor</Trans>
          </Text>
        )
      ) : null}
    </Stack>
  )
}

/** SPEC 10.9: one count plan: progress, each location's state, counting on the desktop and the variance review. */
export function CountDetailView({ planId }: { planId: number }) {
  const { t, i18n } = useLingui()
  const count = useQuery(countQueryOptions(planId))
  const [entering, setEntering] = useState<CountLocation | null>(null)
  const [open, setOpen] = useState<number | null>(null)
  if (count.isPending) return <Text c="dimmed"><Trans>Carregando...</Trans></Text>
  if (count.isError) return <LoadFailure error={count.error} onRetry={() => void count.refetch()} />
  const plan = count.data
  const locale = i18n.locale
  return (
    <Stack gap="md">
      <Paper withBorder p="md" radius="md">
        <Group justify="space-between" wrap="wrap">
          <Stack gap={4}>
            <Group gap="sm">
              <Title order={2} size="h3">
                {plan.code}
              </Title>
              <CountPlanStatusBadge status={plan.status} />
              {plan.blind ? (
                <Badge variant="outline" color="gray">
                  <Trans>Cega</Trans>
                </Badge>
              ) : null}
            </Group>
            {plan.name ? <Text size="sm">{plan.name}</Text> : null}
            <Text size="sm" c="dimmed">
              <Trans>
                Criada em {formatDate(plan.created_at, locale)} por {plan.created_by?.username ?? '—'}
              </Trans>
            </Text>
            {plan.products.length > 0 ? (
              <Text size="sm">
                <Trans>Produtos: {plan.products.map((p) => p.code).join(', ')}</Trans>
              </Text>
            ) : null}
          </Stack>
          <CountProgress plan={plan} />
        </Group>
      </Paper>

      <Table withTableBorder striped aria-label={t`Localizações da contagem`}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th><Trans>Localização</Trans></Table.Th>
            <Table.Th><Trans>Situação</Trans></Table.Th>
            <Table.Th><Trans>Rodada</Trans></Table.Th>
            <Table.Th><Trans>Contado por</Trans></Table.Th>
            <Table.Th ta="right"><Trans>Diferenças</Trans></Table.Th>
            <Table.Th><Trans>Ações</Trans></Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {plan.locations.map((loc) => {
            const code = loc.location.code
            const expanded = open === loc.location.id
            return (
              <Fragment key={loc.location.id}>
                <Table.Tr>
                  <Table.Td ff="monospace">{code}</Table.Td>
                  <Table.Td>
                    <LocationStatusBadge status={loc.status} />
                  </Table.Td>
                  <Table.Td>{loc.round}</Table.Td>
                  <Table.Td>{loc.counted_by?.username ?? '—'}</Table.Td>
                  <Table.Td ta="right">{loc.variances.length}</Table.Td>
                  <Table.Td>
                    <Group gap="xs" wrap="nowrap">
                      {loc.status === 'pending' || loc.status === 'recount' ? (
                        <Button size="compact-sm" variant="light" onClick={() => setEntering(loc)} aria-label={t`Lançar contagem de ${code}`}>
                          <Trans>Lançar contagem</Trans>
                        </Button>
                      ) : null}
                      {loc.round > 0 ? (
                        <Button size="compact-sm" variant={loc.status === 'review' ? 'filled' : 'subtle'} onClick={() => setOpen(expanded ? null : loc.location.id)} aria-expanded={expanded} aria-label={loc.status === 'review' ? t`Revisar ${code}` : t`Detalhes de ${code}`}>
                          {loc.status === 'review' ? <Trans>Revisar</Trans> : <Trans>Detalhes</Trans>}
                        </Button>
                      ) : null}
                    </Group>
                  </Table.Td>
                </Table.Tr>
                {expanded ? (
                  <Table.Tr>
                    <Table.Td colSpan={6}>
                      <VarianceReview planId={plan.id} location={loc} />
                    </Table.Td>
                  </Table.Tr>
                ) : null}
              </Fragment>
            )
          })}
        </Table.Tbody>
      </Table>

      <Modal opened={entering !== null} onClose={() => setEntering(null)} title={entering ? t`Lançar contagem de ${entering.location.code}` : ''} size="xl" closeButtonProps={{ 'aria-label': t`Fechar` }}>
        {entering ? <CountEntryForm key={entering.location.id} planId={plan.id} locationId={entering.location.id} onDone={() => setEntering(null)} /> : null}
      </Modal>
    </Stack>
  )
}
