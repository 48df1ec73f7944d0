import { useEffect } from 'react'
import { ActionIcon, Alert, Badge, Button, Checkbox, Group, NumberInput, Paper, Select, SimpleGrid, Stack, Table, Text, TextInput, Title, Tooltip } from '@mantine/core'
import { useForm } from '@mantine/form'
import { IconAlertTriangle, IconCircleCheck, IconPlayerPlay, IconX } from '@tabler/icons-react'
import type { I18n, MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { WAVE_GROUP_KEYS, type WaveGroupKey, type WaveLeftOutReason } from '../../../../contracts/shipping/wave-plan'
import type { PlanProposal, WavePlanMessage } from '../../../../machines/wave-plan/wave-plan.machine'
import { formatDate, formatNumber } from '../../../lib/format'
import { useSession } from '../../../lib/session'
import { warehousesQueryOptions } from '../api/get-warehouses'
import { useWavePlan } from '../hooks/use-wave-plan'
import type { WavePlanOrder, WavePlanRequest } from '../shipping-types'
import { LinkButton } from '../../../components/link-button'
import { LinkAnchor } from './link-anchor'
import { CommandFailure } from '../../../components/command-failure'

const GROUP_LABEL: Record<WaveGroupKey, MessageDescriptor> = {
  carrier: msg`Transportadora`,
  ship_date: msg`Data de expedição`,
  zone: msg`Zona`,
  priority: msg`Prioridade`,
}

const REASON_LABEL: Record<WaveLeftOutReason, MessageDescriptor> = {
  too_big: msg`Grande demais para os limites`,
  nothing_available: msg`Nada disponível para separar`,
}

/** The machine's message in the user's language. */
function messageText(message: WavePlanMessage, i18n: I18n): string {
  if (message.id === 'wavePlan.invalidRules') return i18n._(msg`Revise as regras destacadas.`)
  if (message.id === 'wavePlan.server') return String(message.values?.text ?? '')
  return i18n._(msg`A operação falhou. Tente novamente.`)
}

interface RulesValues {
  warehouse: string | null
  group_by: string[]
  horizon: string
  max_orders: number | string
  max_lines: number | string
  max_weight: number | string
  max_volume: number | string
  totes: number | string
}

const RULE_FIELDS = ['warehouse', 'group_by', 'horizon', 'max_orders', 'max_lines', 'max_weight', 'max_volume', 'totes'] as const

const limit = (v: number | string) => (v === '' ? null : Number(v))

function bodyOf(v: RulesValues): WavePlanRequest {
  return {
    warehouse: Number(v.warehouse),
    group_by: v.group_by as WaveGroupKey[],
    horizon: v.horizon || null,
    max_orders: limit(v.max_orders),
    max_lines: limit(v.max_lines),
    max_weight: limit(v.max_weight),
    max_volume: limit(v.max_volume),
    totes: v.totes === '' ? 8 : Number(v.totes),
  }
}

function valuesOf(rules: WavePlanRequest | null, defaultWarehouse: number | null): RulesValues {
  const n = (x: number | null | undefined) => (x == null ? '' : x)
  return {
    warehouse: rules ? String(rules.warehouse) : defaultWarehouse ? String(defaultWarehouse) : null,
    group_by: rules?.group_by ?? ['carrier'],
    horizon: rules?.horizon ?? '',
    max_orders: n(rules?.max_orders),
    max_lines: n(rules?.max_lines),
    max_weight: n(rules?.max_weight),
    max_volume: n(rules?.max_volume),
    totes: rules?.totes ?? 8,
  }
}

function RulesForm({
  rules,
  planning,
  fieldErrors,
  onPlan,
}: {
  rules: WavePlanRequest | null
  planning: boolean
  fieldErrors: Record<string, string[]>
  onPlan: (rules: WavePlanRequest) => void
}) {
  const { t, i18n } = useLingui()
  const { user } = useSession()
  const warehouses = useQuery(warehousesQueryOptions())
  const form = useForm<RulesValues>({
    mode: 'controlled',
    initialValues: valuesOf(rules, user?.default_warehouse?.id ?? null),
    validate: {
      warehouse: (v) => (v === null ? t`Escolha o armazém.` : null),
      totes: (v) => (v === '' || !Number.isInteger(Number(v)) || Number(v) < 1 || Number(v) > 99 ? t`Informe um número inteiro de 1 a 99.` : null),
    },
  })
  // the user's warehouse once the session has it (or the only one there is)
  const fallbackWarehouse = user?.default_warehouse?.id ?? (warehouses.data?.length === 1 ? warehouses.data[0].id : null)
  useEffect(() => {
    if (form.getValues().warehouse === null && fallbackWarehouse !== null) form.setFieldValue('warehouse', String(fallbackWarehouse))
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only when the fallback becomes known
  }, [fallbackWarehouse])
  // the server's reasons go on their fields (a list's item names the list: group_by.0)
  useEffect(() => {
    const errors: Record<string, string> = {}
    for (const [field, messages] of Object.entries(fieldErrors)) {
      const name = field.split('.')[0]
      if ((RULE_FIELDS as readonly string[]).includes(name)) errors[name] = messages.join(' ')
    }
    form.setErrors(errors)
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only when the machine reports new reasons
  }, [fieldErrors])
  const limitInput = (name: 'max_orders' | 'max_lines' | 'max_weight' | 'max_volume', label: string, decimal: boolean, suffix?: string) => (
    <NumberInput
      label={label}
      placeholder={t`Sem limite`}
      min={decimal ? 0 : 1}
      allowNegative={false}
      allowDecimal={decimal}
      decimalScale={decimal ? 3 : 0}
      suffix={suffix}
      disabled={planning}
      key={form.key(name)}
      {...form.getInputProps(name)}
    />
  )
  return (
    <Paper withBorder p="lg">
      <form onSubmit={form.onSubmit((v) => onPlan(bodyOf(v)))} noValidate aria-label={t`Regras do planejamento`}>
        <Stack gap="md">
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <Select
              label={t`Armazém`}
              required
              allowDeselect={false}
              disabled={planning}
              data={(warehouses.data ?? []).map((w) => ({ value: String(w.id), label: `${w.code} — ${w.name}` }))}
              key={form.key('warehouse')}
              {...form.getInputProps('warehouse')}
            />
            <TextInput
              label={t`Expedir até`}
              description={t`Só pedidos com data de expedição até esse dia (e os sem data).`}
              type="date"
              disabled={planning}
              key={form.key('horizon')}
              {...form.getInputProps('horizon')}
            />
          </SimpleGrid>
          <Checkbox.Group label={t`Agrupar por`} description={t`Cada onda junta pedidos iguais nisto.`} key={form.key('group_by')} {...form.getInputProps('group_by')}>
            <Group mt="xs" gap="lg">
              {WAVE_GROUP_KEYS.map((k) => (
                <Checkbox key={k} value={k} label={i18n._(GROUP_LABEL[k])} disabled={planning} />
              ))}
            </Group>
          </Checkbox.Group>
          <SimpleGrid cols={{ base: 1, xs: 2, md: 5 }}>
            {limitInput('max_orders', t`Máximo de pedidos`, false)}
            {limitInput('max_lines', t`Máximo de linhas`, false)}
            {limitInput('max_weight', t`Peso máximo`, true, ' kg')}
            {limitInput('max_volume', t`Volume máximo`, true, ' m³')}
            <NumberInput
              label={t`Caixas por carrinho`}
              description={t`Um pedido por caixa.`}
              required
              min={1}
              max={99}
              allowDecimal={false}
              allowNegative={false}
              disabled={planning}
              key={form.key('totes')}
              {...form.getInputProps('totes')}
            />
          </SimpleGrid>
          <Group justify="flex-end">
            <Button type="submit" loading={planning}>
              <Trans>Planejar</Trans>
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  )
}

/** The proposal's grouping key in words: the values its orders share. */
function keyText(p: PlanProposal, i18n: I18n): string {
  const parts: string[] = []
  const k = p.key
  if ('carrier' in k) parts.push(k.carrier ? k.carrier.name : i18n._(msg`Sem transportadora`))
  if ('ship_date' in k) parts.push(k.ship_date ? formatDate(k.ship_date, i18n.locale) : i18n._(msg`Sem data de expedição`))
  if ('zone' in k) {
    const zone = k.zone
    parts.push(zone ? i18n._(msg`Zona ${zone}`) : i18n._(msg`Sem zona`))
  }
  if ('priority' in k) {
    const priority = k.priority ?? 0
    parts.push(i18n._(msg`Prioridade ${priority}`))
  }
  return parts.join(' · ')
}

// weight shown to the tenth of a kilogram (the plan keeps grams)
const oneDecimal = (n: number) => Math.round(n * 10) / 10
const NOWRAP = { whiteSpace: 'nowrap' } as const

function Figure({ label, value, testId }: { label: string; value: string; testId?: string }) {
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed" style={NOWRAP}>
        {label}
      </Text>
      <Text fw={600} data-testid={testId} style={{ fontVariantNumeric: 'tabular-nums' }}>
        {value}
      </Text>
    </Stack>
  )
}

function ProposalCard({ index, proposal, canEdit, onRemove, onDrop }: { index: number; proposal: PlanProposal; canEdit: boolean; onRemove: (order: number) => void; onDrop: () => void }) {
  const { t, i18n } = useLingui()
  const n = index + 1
  const num = (v: number) => formatNumber(v, i18n.locale)
  const keyLabel = keyText(proposal, i18n)
  const orders = proposal.orders.length
  const batches = proposal.batches.length
  return (
    <Paper withBorder p="lg" component="section" aria-label={t`Proposta ${n}`}>
      <Group justify="space-between" align="flex-start" wrap="nowrap" mb="sm">
        <Stack gap={2}>
          <Title order={3} size="h5">
            <Trans>Proposta {n}</Trans>
          </Title>
          {keyLabel ? (
            <Text size="sm" c="dimmed">
              {keyLabel}
            </Text>
          ) : null}
        </Stack>
        <Group gap="xs" wrap="nowrap">
          {proposal.changed ? (
            <Badge variant="light" color="yellow">
              <Trans>Alterada</Trans>
            </Badge>
          ) : null}
          <Button variant="default" size="xs" disabled={!canEdit} onClick={onDrop}>
            <Trans>Descartar proposta</Trans>
          </Button>
        </Group>
      </Group>
      <Group gap="xl" mb="sm" align="flex-start">
        <Figure label={t`Pedidos`} value={num(orders)} />
        <Figure label={t`Linhas`} value={num(proposal.lines)} />
        <Figure label={t`Unidades`} value={num(proposal.units)} />
        <Figure label={t`Peso`} value={`${num(oneDecimal(proposal.weight))} kg`} />
        <Figure label={t`Volume`} value={`${num(proposal.volume)} m³`} />
        <Figure label={t`Lotes de separação`} value={num(batches)} />
        <Figure label={t`Caminhada estimada`} value={proposal.metres === null ? '—' : `${num(Math.round(proposal.metres))} m`} testId="proposal-metres" />
      </Group>
      {proposal.metres === null ? (
        <Text size="xs" c="dimmed" mb="xs">
          <Trans>Alterada: a caminhada é planejada na página da onda depois de criada.</Trans>
        </Text>
      ) : null}
      <Table aria-label={t`Pedidos da proposta ${n}`} striped>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>
              <Trans>Pedido</Trans>
            </Table.Th>
            <Table.Th>
              <Trans>Cliente</Trans>
            </Table.Th>
            <Table.Th ta="right">
              <Trans>Prioridade</Trans>
            </Table.Th>
            <Table.Th>
              <Trans>Vence em</Trans>
            </Table.Th>
            <Table.Th ta="right">
              <Trans>Linhas</Trans>
            </Table.Th>
            <Table.Th ta="right">
              <Trans>Unidades</Trans>
            </Table.Th>
            <Table.Th ta="right">
              <Trans>Peso</Trans>
            </Table.Th>
            <Table.Th ta="right">
              <Trans>Lote</Trans>
            </Table.Th>
            <Table.Th />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {proposal.orders.map((o) => {
            const batch = proposal.batches.findIndex((b) => b.orders.includes(o.id)) + 1
            const code = o.code
            return (
              <Table.Tr key={o.id}>
                <Table.Td style={NOWRAP}>{o.code}</Table.Td>
                <Table.Td>{o.customer.name}</Table.Td>
                <Table.Td ta="right">{o.priority}</Table.Td>
                <Table.Td style={NOWRAP}>{dueText(o, i18n)}</Table.Td>
                <Table.Td ta="right">{num(o.lines)}</Table.Td>
                <Table.Td ta="right">{num(o.units)}</Table.Td>
                <Table.Td ta="right" style={NOWRAP}>{`${num(oneDecimal(o.weight))} kg`}</Table.Td>
                <Table.Td ta="right">{batch}</Table.Td>
                <Table.Td ta="right" w={48}>
                  <Tooltip label={t`Tirar da proposta`}>
                    <ActionIcon variant="subtle" color="red" disabled={!canEdit} aria-label={t`Tirar ${code} da proposta`} onClick={() => onRemove(o.id)}>
                      <IconX size={16} aria-hidden />
                    </ActionIcon>
                  </Tooltip>
                </Table.Td>
              </Table.Tr>
            )
          })}
        </Table.Tbody>
      </Table>
    </Paper>
  )
}

function dueText(o: WavePlanOrder, i18n: I18n): string {
  if (!o.due_at) return '—'
  const [date, time] = o.due_at.split('T')
  return `${formatDate(date, i18n.locale)} ${time}`
}

function LeftOut({ rows }: { rows: { order: WavePlanOrder; reason: string }[] }) {
  const { t, i18n } = useLingui()
  if (!rows.length) return null
  return (
    <Paper withBorder p="lg" component="section" aria-label={t`Pedidos fora das propostas`}>
      <Title order={3} size="h5" mb="xs">
        <Trans>Pedidos fora das propostas</Trans>
      </Title>
      <Table aria-label={t`Pedidos fora das propostas`}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>
              <Trans>Pedido</Trans>
            </Table.Th>
            <Table.Th>
              <Trans>Cliente</Trans>
            </Table.Th>
            <Table.Th ta="right">
              <Trans>Linhas</Trans>
            </Table.Th>
            <Table.Th>
              <Trans>Motivo</Trans>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((r) => (
            <Table.Tr key={r.order.id}>
              <Table.Td style={NOWRAP}>{r.order.code}</Table.Td>
              <Table.Td>{r.order.customer.name}</Table.Td>
              <Table.Td ta="right">{r.order.lines}</Table.Td>
              <Table.Td>{REASON_LABEL[r.reason as WaveLeftOutReason] ? i18n._(REASON_LABEL[r.reason as WaveLeftOutReason]) : r.reason}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Paper>
  )
}

function CreatedWaves({ waves }: { waves: { id: number; code: string }[] }) {
  const { t } = useLingui()
  if (!waves.length) return null
  return (
    <Paper withBorder p="lg" component="section" aria-label={t`Ondas criadas`}>
      <Title order={3} size="h5" mb="xs">
        <Trans>Ondas criadas</Trans>
      </Title>
      <Group gap="md">
        {waves.map((w) => (
          <LinkAnchor key={w.id} to="/shipping/waves/$id" params={{ id: String(w.id) }} size="sm">
            {w.code}
          </LinkAnchor>
        ))}
      </Group>
    </Paper>
  )
}

/**
 * Expedição → Ondas → Planejar (SPEC 19.2): the rules, the proposed waves with their size and walk, orders taken out
 * or proposals dropped, then each kept proposal created as a wave. The flow is the wave-plan machine's (ADR 0007).
 */
export function WavePlanner() {
  const { t, i18n } = useLingui()
  const { view, send, snapshot } = useWavePlan()
  const kept = view.proposals.length
  const ordersKept = view.proposals.reduce((s, p) => s + p.orders.length, 0)
  const candidates = view.candidates
  return (
    <Stack gap="md">
      {view.step === 'rules' ? (
        <>
          {view.error ? (
            <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} aria-hidden />} role="alert" title={t`Não foi possível planejar.`}>
              {messageText(view.error, i18n)}
            </Alert>
          ) : null}
          <RulesForm rules={snapshot.context.rules} planning={view.planning} fieldErrors={view.fieldErrors} onPlan={(rules) => send({ type: 'PLAN', rules })} />
        </>
      ) : null}
      {view.step === 'proposals' ? (
        <>
          <Paper withBorder p="md">
            <Group justify="space-between" wrap="wrap" gap="sm">
              <Text data-testid="plan-summary">
                {kept === 0 ? (
                  <Trans>Nenhuma proposta de onda para {candidates} pedidos candidatos.</Trans>
                ) : (
                  <Trans>
                    {kept} propostas com {ordersKept} pedidos, de {candidates} pedidos candidatos.
                  </Trans>
                )}
              </Text>
              <Group gap="xs">
                <Button variant="default" disabled={!view.canEdit} onClick={() => send({ type: 'EDIT_RULES' })}>
                  <Trans>Alterar regras</Trans>
                </Button>
                <Button disabled={!view.canCreate} loading={view.creating} onClick={() => send({ type: 'CREATE' })}>
                  <Trans>Criar ondas</Trans>
                </Button>
              </Group>
            </Group>
          </Paper>
          {view.failed && view.error ? (
            <CommandFailure
              title={t`Uma onda não foi criada.`}
              message={messageText(view.error, i18n)}
              onRetry={() => send({ type: 'RETRY' })}
              back={{ label: <Trans>Voltar às propostas</Trans>, onClick: () => send({ type: 'BACK' }) }}
            />
          ) : null}
          <CreatedWaves waves={view.created} />
          {view.proposals.map((p, i) => (
            <ProposalCard
              key={p.orders.map((o) => o.id).join('-')}
              index={i}
              proposal={p}
              canEdit={view.canEdit}
              onRemove={(order) => send({ type: 'REMOVE_ORDER', proposal: i, order })}
              onDrop={() => send({ type: 'DROP', proposal: i })}
            />
          ))}
          <LeftOut rows={view.leftOut} />
        </>
      ) : null}
      {view.step === 'done' ? (
        <>
          <Alert color="green" variant="light" icon={<IconCircleCheck size={18} aria-hidden />} title={t`Ondas criadas`}>
            <Stack gap="xs">
              <Text size="sm">
                <Trans>As ondas foram criadas; cada uma abre na sua página, com o caminho de separação.</Trans>
              </Text>
              <Group gap="md">
                {view.created.map((w) => (
                  <LinkAnchor key={w.id} to="/shipping/waves/$id" params={{ id: String(w.id) }} size="sm">
                    {w.code}
                  </LinkAnchor>
                ))}
              </Group>
              <Text size="sm">
                <Trans>Libere cada onda para separação: a liberação reserva o estoque e cria as tarefas.</Trans>
              </Text>
              <Group gap="xs" data-testid="release-created">
                {view.created.map((w) => (
                  <LinkButton
                    key={w.id}
                    to="/shipping/waves/$id"
                    params={{ id: String(w.id) }}
                    search={{ release: true }}
                    size="xs"
                    variant="light"
                    leftSection={<IconPlayerPlay size={14} aria-hidden />}
                  >
                    <Trans>Liberar {w.code}</Trans>
                  </LinkButton>
                ))}
              </Group>
              <Group>
                <Button size="xs" variant="default" onClick={() => send({ type: 'NEW_PLAN' })}>
                  <Trans>Novo planejamento</Trans>
                </Button>
              </Group>
            </Stack>
          </Alert>
        </>
      ) : null}
    </Stack>
  )
}
