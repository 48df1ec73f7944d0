import { Button, Card, Group, Stack, Text, Title } from '@mantine/core'
import { IconSend, IconTrash } from '@tabler/icons-react'
import { Trans, useLingui } from '@lingui/react/macro'
import { formatDate } from '../../../lib/format'
import type { OutboxCommand } from '../outbox/outbox-db'
import { useOutbox } from '../outbox/outbox-context'
import { commandKindText } from '../outbox/command-texts'

function CommandCard({ command, children }: { command: OutboxCommand; children?: React.ReactNode }) {
  const { i18n } = useLingui()
  return (
    <Card component="article" withBorder padding="sm" aria-label={command.summary ?? command.kind}>
      <Text fw={700}>{commandKindText(i18n, command.kind)}</Text>
      {command.summary ? <Text size="lg">{command.summary}</Text> : null}
      <Text size="sm" c="var(--collector-muted)">
        {formatDate(command.created_at, i18n.locale)} · #{command.seq}
      </Text>
      {children}
    </Card>
  )
}

/** What the sender is doing (the outbox machine's state): connected, sending, without network, or waiting to try again. */
function SenderStatus({ status, attempt }: { status: string; attempt: number }) {
  let text: React.ReactNode
  let warn = false
  switch (status) {
    case 'idle':
      text = <Trans>Conectado.</Trans>
      break
    case 'sending':
      text = <Trans>Enviando…</Trans>
      break
    case 'offline':
      text = <Trans>Sem rede: os comandos ficam no aparelho e são enviados quando a rede voltar.</Trans>
      warn = true
      break
    case 'backingOff':
      text = <Trans>O envio falhou (tentativa {attempt}); nova tentativa automática em instantes.</Trans>
      warn = true
      break
    default:
      return null
  }
  return (
    <Text role="status" data-testid="outbox-status" data-status={status} fw={warn ? 600 : undefined} c={warn ? 'var(--collector-warn)' : 'var(--collector-muted)'}>
      {text}
    </Text>
  )
}

/** /m/pending, 'Pendências' (SPEC 11.11): what waits to be sent, and what the server refused with its reason. */
export function PendingScreen() {
  const { t } = useLingui()
  const { pending, refused, sendNow, dismiss, status, attempt } = useOutbox()
  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        <Trans>Pendências</Trans>
      </Title>
      <SenderStatus status={status} attempt={attempt} />
      <section aria-labelledby="refused-heading">
        <Title order={2} size="h3" id="refused-heading" mb="xs">
          <Trans>Recusados pelo servidor</Trans>
        </Title>
        {refused.length === 0 ? (
          <Text c="var(--collector-muted)">
            <Trans>Nenhum comando recusado.</Trans>
          </Text>
        ) : (
          <Stack gap="xs" data-testid="refused-list">
            {refused.map((command) => (
              <CommandCard key={command.command_id} command={command}>
                <Text fw={600} c="var(--collector-bad)" mt={4}>
                  {command.last_error}
                </Text>
                <Text size="sm" c="var(--collector-muted)">
                  <Trans>Um supervisor foi avisado.</Trans>
                </Text>
                <Button mt="xs" size="md" h={48} variant="outline" color="var(--collector-accent-text)" leftSection={<IconTrash size={18} aria-hidden />} onClick={() => void dismiss(command.command_id)} aria-label={t`Dispensar ${command.summary ?? command.kind}`}>
                  <Trans>Dispensar</Trans>
                </Button>
              </CommandCard>
            ))}
          </Stack>
        )}
      </section>
      <section aria-labelledby="pending-heading">
        <Group justify="space-between" align="center" mb="xs">
          <Title order={2} size="h3" id="pending-heading">
            <Trans>Aguardando envio</Trans>
          </Title>
          {pending.length > 0 ? (
            <Button size="md" h={48} color="var(--collector-accent)" leftSection={<IconSend size={18} aria-hidden />} onClick={sendNow} loading={status === 'sending'}>
              <Trans>Enviar agora</Trans>
            </Button>
          ) : null}
        </Group>
        {pending.length === 0 ? (
          <Text c="var(--collector-muted)">
            <Trans>Tudo enviado.</Trans>
          </Text>
        ) : (
          <Stack gap="xs" data-testid="pending-list">
            {pending.map((command) => (
              <CommandCard key={command.command_id} command={command}>
                {command.attempts > 0 ? (
                  <Text size="sm" c="var(--collector-warn)">
                    <Trans>Tentativas: {command.attempts}</Trans>
                  </Text>
                ) : null}
              </CommandCard>
            ))}
          </Stack>
        )}
      </section>
    </Stack>
  )
}
