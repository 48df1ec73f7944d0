import { Anchor, Button, Group, Modal, NumberInput, Paper, Radio, Stack, Table, Text, Title } from '@mantine/core'
import { useForm } from '@mantine/form'
import { IconCircleCheck, IconPlayerPlay } from '@tabler/icons-react'
import type { I18n } from '@lingui/core'
import { msg, plural } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { DEFAULT_RELEASE_TOTES, MAX_RELEASE_TOTES, type ReleaseShortageRule } from '../../../../contracts/shipping/shipping.rules'
import type { WaveReleaseMessage, WaveReleaseRequest } from '../../../../machines/wave-release/wave-release.machine'
import { newCommandId } from '../../../lib/command-id'
import { formatQty } from '../../../lib/format'
import type { useWaveRelease } from '../hooks/use-wave-release'
import type { Wave, WaveReleaseOut } from '../shipping-types'
import { LOCK_REASON_ID } from './document-actions'
import { LinkAnchor } from './link-anchor'
import { CommandFailure } from '../../../components/command-failure'

/** The machine's message in the user's language (the server's reason arrives translated, ADR 0015). */
function messageText(message: WaveReleaseMessage, i18n: I18n): string {
  if (message.id === 'waveRelease.server') return String(message.values?.text ?? '')
  if (message.id === 'waveRelease.offline')
    return i18n._(msg`O servidor não respondeu. Tente novamente: a liberação vai com o mesmo comando e é aplicada uma vez só.`)
  return i18n._(msg`A operação falhou. Tente novamente.`)
}

interface ReleaseValues {
  shortage: ReleaseShortageRule
  totes: number | string
}

const valuesOf = (request: WaveReleaseRequest | null): ReleaseValues => ({ shortage: request?.shortage ?? 'short', totes: request?.totes ?? DEFAULT_RELEASE_TOTES })

/** The dialog's form: what becomes of a short order, and the cart's totes (SPEC 19.3). */
function ReleaseForm({
  code,
  request,
  disabled,
  releasing,
  onSubmit,
  onClose,
}: {
  code: string
  request: WaveReleaseRequest | null
  disabled: boolean
  releasing: boolean
  onSubmit: (request: WaveReleaseRequest) => void
  onClose: () => void
}) {
  const { t } = useLingui()
  const form = useForm<ReleaseValues>({
    mode: 'controlled',
    initialValues: valuesOf(request),
    validate: {
      totes: (v) => {
        const n = Number(v)
        return v === '' || !Number.isInteger(n) || n < 1 || n > MAX_RELEASE_TOTES ? t`Informe de 1 a ${MAX_RELEASE_TOTES} caixas.` : null
      },
    },
  })
  return (
    <form onSubmit={form.onSubmit((v) => onSubmit({ shortage: v.shortage, totes: Number(v.totes) }))} noValidate aria-label={t`Liberar a onda ${code}`}>
      <Stack gap="md">
        <Radio.Group
          label={t`Pedido que não pode ser reservado por inteiro`}
          description={t`A reserva usa só estoque disponível e dentro da validade (FEFO).`}
          {...form.getInputProps('shortage')}
        >
          <Stack gap="xs" mt="xs">
            <Radio
              value="short"
              disabled={disabled}
              label={t`Separar o que houver`}
              description={t`O pedido é liberado com o que foi reservado; a falta aparece na resposta.`}
            />
            <Radio
              value="hold"
              disabled={disabled}
              label={t`Segurar o pedido`}
              description={t`Nada é reservado para ele: sai da onda e continua aberto.`}
            />
          </Stack>
        </Radio.Group>
        <NumberInput
          label={t`Caixas do carrinho`}
          description={t`Um pedido por caixa: os pedidos são divididos em lotes de separação deste tamanho.`}
          min={1}
          max={MAX_RELEASE_TOTES}
          allowDecimal={false}
          allowNegative={false}
          disabled={disabled}
          maw={220}
          {...form.getInputProps('totes')}
        />
        <Group justify="flex-end" gap="xs">
          <Button variant="default" onClick={onClose} disabled={releasing}>
            <Trans>Voltar</Trans>
          </Button>
          <Button type="submit" loading={releasing} disabled={disabled && !releasing}>
            <Trans>Liberar</Trans>
          </Button>
        </Group>
      </Stack>
    </form>
  )
}

/** The release's answer in words: the batches with their orders and totes, the shortages and the held orders. */
export function ReleaseAnswer({ result }: { result: WaveReleaseOut }) {
  const { t, i18n } = useLingui()
  const qty = (v: string) => formatQty(v, i18n.locale)
  const batches = result.batches.length
  const tasks = result.tasks
  const orders = result.batches.reduce((n, b) => n + b.orders.length, 0)
  return (
    <Stack gap="md">
      <Text data-testid="release-summary">
        {i18n._(
          msg`${plural(orders, { one: '# pedido liberado', other: '# pedidos liberados' })} em ${plural(batches, { one: '# lote de separação', other: '# lotes de separação' })}, com ${plural(tasks, { one: '# tarefa de separação', other: '# tarefas de separação' })}.`,
        )}
      </Text>
      {batches ? (
        <Table aria-label={t`Lotes de separação`}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>
                <Trans>Lote de separação</Trans>
              </Table.Th>
              <Table.Th>
                <Trans>Pedidos e caixas</Trans>
              </Table.Th>
              <Table.Th ta="right">
                <Trans>Tarefas</Trans>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {result.batches.map((b) => (
              <Table.Tr key={b.id}>
                <Table.Td>{b.code}</Table.Td>
                <Table.Td>{b.orders.map((o) => t`${o.code} na caixa ${o.tote}`).join(', ')}</Table.Td>
                <Table.Td ta="right">{b.tasks}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      ) : null}
      {result.shortages.length ? (
        <Stack gap="xs">
          <Text size="sm" fw={600}>
            <Trans>Faltas: estes pedidos foram liberados com menos do que pedem e separam só o que foi reservado.</Trans>
          </Text>
          <Table aria-label={t`Faltas`}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>
                  <Trans>Pedido</Trans>
                </Table.Th>
                <Table.Th>
                  <Trans>Produto</Trans>
                </Table.Th>
                <Table.Th ta="right">
                  <Trans>Quantidade pedida</Trans>
                </Table.Th>
                <Table.Th ta="right">
                  <Trans>Quantidade reservada</Trans>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {result.shortages.map((s) => (
                <Table.Tr key={s.line}>
                  <Table.Td>
                    <LinkAnchor to="/shipping/orders/$id" params={{ id: String(s.order) }} size="sm">
                      {s.code}
                    </LinkAnchor>
                  </Table.Td>
                  <Table.Td>{s.product.code}</Table.Td>
                  <Table.Td ta="right">{qty(s.wanted)}</Table.Td>
                  <Table.Td ta="right">{qty(s.reserved)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Stack>
      ) : null}
      {result.held.length ? (
        <Text size="sm" data-testid="release-held">
          <Trans>Pedidos segurados (sem reserva; saíram da onda e continuam abertos):</Trans>{' '}
          {result.held.map((h, i) => (
            <span key={h.order}>
              {i > 0 ? ', ' : null}
              <LinkAnchor to="/shipping/orders/$id" params={{ id: String(h.order) }} size="sm">
                {h.code}
              </LinkAnchor>
            </span>
          ))}
        </Text>
      ) : null}
      {!result.shortages.length && !result.held.length ? (
        <Text size="sm">
          <Trans>Todos os pedidos foram reservados por inteiro.</Trans>
        </Text>
      ) : null}
      {result.replenishments?.length ? (
        <Text size="sm" data-testid="release-replenishments">
          {i18n._(
            msg`${plural(result.replenishments.length, {
              one: 'Reabastecimento antes da separação, com prioridade máxima: # ponto de separação',
              other: 'Reabastecimentos antes da separação, com prioridade máxima: # pontos de separação',
            })} (${result.replenishments.map((r) => `${r.source.code} → ${r.location.code}`).join(', ')}).`,
          )}
        </Text>
      ) : null}
    </Stack>
  )
}

export type WaveReleaseFlow = ReturnType<typeof useWaveRelease>

/**
 * "Liberar para separação" on an open wave's page (SPEC 19.3) and its dialog: admins and supervisors choose what
 * becomes of an order that cannot be fully reserved and the cart's totes; one command_id per opening of the dialog, so
 * a double click or a retry releases once. The flow is the wave-release machine's (ADR 0007, `useWaveRelease`).
 */
export function WaveReleaseButton({ flow, wave, lock }: { flow: WaveReleaseFlow; wave: Pick<Wave, 'id' | 'code' | 'status'>; lock: string | null }) {
  const { t, i18n } = useLingui()
  const { view, send } = flow
  const open = () => send({ type: 'OPEN', wave: { id: wave.id, code: wave.code }, commandId: newCommandId() })
  const code = view.wave?.code ?? wave.code
  return (
    <>
      {wave.status === 'open' ? (
        <Button
          leftSection={<IconPlayerPlay size={16} aria-hidden />}
          disabled={lock !== null}
          aria-describedby={lock ? LOCK_REASON_ID : undefined}
          onClick={open}
        >
          <Trans>Liberar para separação</Trans>
        </Button>
      ) : null}
      <Modal
        opened={view.dialogOpen}
        onClose={() => send({ type: 'CLOSE' })}
        title={t`Liberar a onda ${code} para separação`}
        closeButtonProps={{ 'aria-label': t`Fechar` }}
        closeOnClickOutside={!view.releasing}
        closeOnEscape={!view.releasing}
        withCloseButton={!view.releasing}
        size="lg"
      >
        <Stack gap="md">
          <Text size="sm">
            <Trans>A liberação reserva o estoque dos pedidos da onda e cria as tarefas de separação, em lotes na ordem do caminho.</Trans>
          </Text>
          {view.failed && view.error ? (
            <CommandFailure
              title={t`A onda não foi liberada.`}
              message={messageText(view.error, i18n)}
              onRetry={() => send({ type: 'RETRY' })}
              back={{ label: <Trans>Alterar escolhas</Trans>, onClick: () => send({ type: 'EDIT' }) }}
            />
          ) : null}
          <ReleaseForm
            key={`${view.wave?.id ?? 0}-${view.failed}`}
            code={code}
            request={view.request}
            disabled={!view.canSubmit}
            releasing={view.releasing}
            onSubmit={(request) => send({ type: 'SUBMIT', request })}
            onClose={() => send({ type: 'CLOSE' })}
          />
        </Stack>
      </Modal>
    </>
  )
}

/** The release's answer on the wave's page, once released, until closed. */
export function WaveReleaseResult({ flow }: { flow: WaveReleaseFlow }) {
  const { t } = useLingui()
  const { view, send } = flow
  if (!view.released || !view.result) return null
  return (
    <Paper withBorder p="lg" role="region" aria-label={t`Liberação da onda`}>
      <Stack gap="sm">
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Group gap="xs" wrap="nowrap">
            <IconCircleCheck size={20} color="var(--mantine-color-green-7)" aria-hidden />
            <Title order={3} size="h5">
              <Trans>Onda {view.result.wave.code} liberada para separação</Trans>
            </Title>
          </Group>
          <Anchor component="button" type="button" size="sm" onClick={() => send({ type: 'CLOSE' })}>
            <Trans>Fechar o resultado</Trans>
          </Anchor>
        </Group>
        <ReleaseAnswer result={view.result} />
      </Stack>
    </Paper>
  )
}
