import type { ReactNode } from 'react'
import { Alert, Button, Group, Loader, Paper, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core'
import { IconAlertTriangle } from '@tabler/icons-react'
import { Plural, Trans, useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { LoadFailure } from '../../../components/load-failure'
import { PageHeader } from '../../../components/page-header'
import { formatDate, formatQty } from '../../../lib/format'
import { copackOrderQueryOptions } from '../api/get-copack-order'
import { copackMessage, taskStatusLabel, taskTypeLabel } from '../copack-status'
import { useCopackOrder } from '../hooks/use-copack-order'
import type { CopackOrderDetail } from '../copack-types'
import { CopackStatusBadge } from './copack-status-badge'
import { RequiresSupervisor, useCanWriteCopack } from './copack-permission'

function Field({ label, value }: { label: ReactNode; value: ReactNode }) {
  return (
    <Stack gap={2}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600} component="dt">
        {label}
      </Text>
      <Text component="dd" m={0}>
        {value}
      </Text>
    </Stack>
  )
}

function Section({ title, children }: { title: ReactNode; children: ReactNode }) {
  return (
    <Paper withBorder p="md">
      <Title order={2} size="h4" mb="sm">
        {title}
      </Title>
      {children}
    </Paper>
  )
}

function Empty({ children }: { children: ReactNode }) {
  return (
    <Text c="dimmed" size="sm">
      {children}
    </Text>
  )
}

/** The order's page (SPEC 2.10): header, components (needed, reserved, missing), reservations, tasks and the actions its status allows. */
export function CopackOrderDetailView({ orderId }: { orderId: number }) {
  const { t, i18n } = useLingui()
  const num = (value: string | null) => (value === null ? '—' : formatQty(value, i18n.locale))
  const { send, view } = useCopackOrder(orderId)
  const canWrite = useCanWriteCopack()
  const query = useQuery(copackOrderQueryOptions(orderId))
  const order: CopackOrderDetail | undefined = query.data

  if (!order) {
    // the machine's load decides (the route loader's failure is not the machine's: a retry may be running)
    if (view.loadFailed) {
      return (
        <LoadFailure
          error={query.error ?? undefined}
          reason={view.error ? copackMessage(view.error, (d) => i18n._(d)) : t`Não foi possível carregar a ordem.`}
          onRetry={() => send({ type: 'RETRY' })}
        />
      )
    }
    return <Loader role="status" aria-label={t`Carregando`} />
  }

  // SPEC 13.2: an operator sees the actions disabled with the reason; the server still refuses them (403)
  const describedBy = canWrite ? undefined : 'copack-actions-reason'
  // the server completes an order only when its pick tasks are done (409 otherwise): say so before the click
  const openPicks = order.tasks.filter((task) => task.status !== 'done').length
  const completeBlocked = canWrite && view.canComplete && openPicks > 0
  const actions = (
    <Group gap="xs">
      <Button onClick={() => send({ type: 'RESERVE' })} disabled={!canWrite || !view.canReserve} aria-describedby={describedBy} loading={view.running === 'reserve'}>
        <Trans>Reservar e gerar tarefas</Trans>
      </Button>
      <Button
        variant="default"
        onClick={() => send({ type: 'COMPLETE' })}
        disabled={!canWrite || !view.canComplete || completeBlocked}
        aria-describedby={completeBlocked ? 'copack-complete-reason' : describedBy}
        loading={view.running === 'complete'}
      >
        <Trans>Concluir ordem</Trans>
      </Button>
      <Button variant="default" onClick={() => send({ type: 'CANCEL' })} disabled={!canWrite || !view.canCancel} aria-describedby={describedBy} loading={view.running === 'cancel'}>
        <Trans>Cancelar ordem</Trans>
      </Button>
      <Button variant="default" onClick={() => send({ type: 'REFRESH' })} disabled={view.busy}>
        <Trans>Atualizar</Trans>
      </Button>
      {canWrite ? null : <RequiresSupervisor id="copack-actions-reason" />}
      {completeBlocked ? (
        <Text id="copack-complete-reason" size="xs" c="dimmed" span>
          <Plural value={openPicks} one="Falta concluir # tarefa de separação" other="Falta concluir # tarefas de separação" />
        </Text>
      ) : null}
    </Group>
  )

  return (
    <Stack gap="md">
      <PageHeader
        title={
          <Group gap="sm" component="span">
            <Trans>Ordem de copack {order.code}</Trans>
            <CopackStatusBadge status={order.status} />
          </Group>
        }
        description={`${order.result_product_code} — ${order.result_product_name}`}
      />
      <Paper withBorder p="md">
        <SimpleGrid cols={{ base: 2, sm: 4, lg: 7 }} component="dl" m={0}>
          <Field label={<Trans>Situação</Trans>} value={<CopackStatusBadge status={order.status} />} />
          <Field label={<Trans>Produto final</Trans>} value={order.result_product_code} />
          <Field label={<Trans>Quantidade</Trans>} value={num(order.result_qty)} />
          <Field label={<Trans>Lista de materiais</Trans>} value={order.bom_revision === null ? '—' : t`Revisão ${order.bom_revision}`} />
          <Field label={<Trans>Armazém</Trans>} value={order.warehouse_code} />
          <Field label={<Trans>Criada em</Trans>} value={formatDate(order.created_at, i18n.locale)} />
          <Field label={<Trans>Criada por</Trans>} value={order.created_by ?? '—'} />
        </SimpleGrid>
      </Paper>

      {actions}

      {view.error ? (
        <Alert color={view.failed ? 'orange' : 'red'} role="alert" icon={<IconAlertTriangle size={18} aria-hidden />} title={view.failed ? t`Reserva não realizada` : undefined} styles={{ title: { color: 'var(--mantine-color-text)' } }}>
          <Stack gap="xs">
            <Text size="sm">{copackMessage(view.error, (d) => i18n._(d))}</Text>
            {view.loadFailed ? (
              // the order shown is the last one loaded; loading it again is the machine's RETRY
              <Button size="xs" variant="light" onClick={() => send({ type: 'RETRY' })} style={{ alignSelf: 'flex-start' }}>
                <Trans>Tentar novamente</Trans>
              </Button>
            ) : null}
            {view.missing.length > 0 ? (
              <Table withTableBorder aria-label={t`Componentes em falta`}>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>
                      <Trans>Componente</Trans>
                    </Table.Th>
                    <Table.Th ta="right">
                      <Trans>Necessário</Trans>
                    </Table.Th>
                    <Table.Th ta="right">
                      <Trans>Disponível</Trans>
                    </Table.Th>
                    <Table.Th ta="right">
                      <Trans>Em falta</Trans>
                    </Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {view.missing.map((m) => (
                    <Table.Tr key={m.product}>
                      <Table.Td>{m.code}</Table.Td>
                      <Table.Td ta="right">{num(m.needed)}</Table.Td>
                      <Table.Td ta="right">{num(m.available)}</Table.Td>
                      <Table.Td ta="right" fw={700}>
                        {num(m.missing)}
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            ) : null}
          </Stack>
        </Alert>
      ) : null}

      <Section title={<Trans>Componentes</Trans>}>
        {order.components.length === 0 ? (
          <Empty>
            <Trans>O produto final não tem lista de materiais.</Trans>
          </Empty>
        ) : (
          <Table.ScrollContainer minWidth={560}>
            <Table striped withTableBorder aria-label={t`Componentes`}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>
                    <Trans>Produto</Trans>
                  </Table.Th>
                  <Table.Th ta="right">
                    <Trans>Por unidade</Trans>
                  </Table.Th>
                  <Table.Th ta="right">
                    <Trans>Necessário</Trans>
                  </Table.Th>
                  <Table.Th ta="right">
                    <Trans>Disponível</Trans>
                  </Table.Th>
                  <Table.Th ta="right">
                    <Trans>Reservado</Trans>
                  </Table.Th>
                  <Table.Th ta="right">
                    <Trans>Em falta</Trans>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {order.components.map((c) => (
                  <Table.Tr key={c.product.id}>
                    <Table.Td>
                      {c.product.code} — {c.product.name1} <Text span c="dimmed" size="xs">({c.product.uom})</Text>
                    </Table.Td>
                    <Table.Td ta="right">{num(c.qty_per_unit)}</Table.Td>
                    <Table.Td ta="right">{num(c.needed)}</Table.Td>
                    <Table.Td ta="right">{num(c.available)}</Table.Td>
                    <Table.Td ta="right">{num(c.reserved)}</Table.Td>
                    <Table.Td ta="right" c={Number(c.missing) > 0 ? 'red' : undefined} fw={Number(c.missing) > 0 ? 700 : undefined}>
                      {num(c.missing)}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Section>

      <Section title={<Trans>Reservas</Trans>}>
        {order.reservations.length === 0 ? (
          <Empty>
            <Trans>Nenhuma reserva.</Trans>
          </Empty>
        ) : (
          <Table.ScrollContainer minWidth={560}>
            <Table striped withTableBorder aria-label={t`Reservas`}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>
                    <Trans>Produto</Trans>
                  </Table.Th>
                  <Table.Th>
                    <Trans>Local</Trans>
                  </Table.Th>
                  <Table.Th>
                    <Trans>Lote</Trans>
                  </Table.Th>
                  <Table.Th>
                    <Trans>Palete</Trans>
                  </Table.Th>
                  <Table.Th>
                    <Trans>Validade</Trans>
                  </Table.Th>
                  <Table.Th ta="right">
                    <Trans>Quantidade</Trans>
                  </Table.Th>
                  <Table.Th>
                    <Trans>Situação</Trans>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {order.reservations.map((r) => (
                  <Table.Tr key={r.id}>
                    <Table.Td>{r.product.code}</Table.Td>
                    <Table.Td>{r.location.code}</Table.Td>
                    <Table.Td>{r.lot ?? '—'}</Table.Td>
                    <Table.Td>{r.pallet_code ?? '—'}</Table.Td>
                    <Table.Td>{r.expiry_date ? formatDate(r.expiry_date, i18n.locale) : '—'}</Table.Td>
                    <Table.Td ta="right">{num(r.qty)}</Table.Td>
                    <Table.Td>{{ active: t`Ativa`, released: t`Liberada`, consumed: t`Consumida` }[r.status] ?? r.status}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Section>

      <Section title={<Trans>Tarefas geradas</Trans>}>
        {order.tasks.length === 0 ? (
          <Empty>
            <Trans>Nenhuma tarefa: as tarefas de separação são geradas na reserva.</Trans>
          </Empty>
        ) : (
          <Table.ScrollContainer minWidth={560}>
            <Table striped withTableBorder aria-label={t`Tarefas geradas`}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>#</Table.Th>
                  <Table.Th>
                    <Trans>Tipo</Trans>
                  </Table.Th>
                  <Table.Th>
                    <Trans>Situação</Trans>
                  </Table.Th>
                  <Table.Th>
                    <Trans>Local</Trans>
                  </Table.Th>
                  <Table.Th>
                    <Trans>Produto</Trans>
                  </Table.Th>
                  <Table.Th ta="right">
                    <Trans>Quantidade</Trans>
                  </Table.Th>
                  <Table.Th>
                    <Trans>Responsável</Trans>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {order.tasks.map((task) => (
                  <Table.Tr key={task.id} data-testid="copack-task">
                    <Table.Td>{task.id}</Table.Td>
                    <Table.Td>{taskTypeLabel(task.type, (d) => i18n._(d))}</Table.Td>
                    <Table.Td>{taskStatusLabel(task.status, (d) => i18n._(d))}</Table.Td>
                    <Table.Td>{task.location?.code ?? '—'}</Table.Td>
                    <Table.Td>{task.product ? `${task.product.code} — ${task.product.name1}` : '—'}</Table.Td>
                    <Table.Td ta="right">{num(task.qty)}</Table.Td>
                    <Table.Td>{task.assignee?.username ?? '—'}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Section>
    </Stack>
  )
}
