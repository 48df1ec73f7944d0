import { lazy, memo, Suspense } from 'react'
import { Button, Group, Paper, Stack, Text } from '@mantine/core'
import { IconCamera, IconCheck, IconClock, IconKeyboard, IconRefresh, IconScan, IconWifiOff, IconX } from '@tabler/icons-react'
import { Trans, useLingui } from '@lingui/react/macro'
import { GS, mightBeGs1, stripSymbology } from '../../../../contracts/gs1/gs1-form'
import type { ReadStatus, ScanRead } from '../../../../machines/scanner/scanner.machine'
import { formatQty, intlLocale } from '../../../lib/format'
import { asScanSummary } from '../scan-history-storage'
import { readSourceText, readStatusText, scanKindText } from '../scanner-texts'

// the budget of SPEC 11.13: the GS1 parser, its words and the details list load with the first read that may hold GS1 data
const Gs1Details = lazy(() => import('./gs1-details'))

const STATUS_ICON: Record<ReadStatus, typeof IconCheck> = { pending: IconClock, done: IconCheck, failed: IconX, offline: IconWifiOff }
const STATUS_COLOR: Record<ReadStatus, string> = {
  pending: 'var(--collector-muted)',
  done: 'var(--collector-ok)',
  failed: 'var(--collector-bad)',
  offline: 'var(--collector-warn)',
}
const SOURCE_ICON = { burst: IconScan, typed: IconKeyboard, camera: IconCamera } as const

/**
 * A code as read, for people: without the scanner's symbology identifier (a camera or a scanner set to send it
 * puts `]C1` before a GS1-128 code), with the invisible GS separator shown (␝). The history keeps the raw code.
 */
export const visibleCode = (code: string) => stripSymbology(code).text.split(GS).join('␝')

/** A read answered that its code names nothing (docs/requirements.md §2.16): a refusal, said in red like a failure. */
export const isNotFound = (read: ScanRead) => read.status === 'done' && asScanSummary(read.result)?.kind === null

/** One read of the history: code, source and time, status, a short result, its GS1 data, and a retry when it failed. */
export const ScanReadItem = memo(function ScanReadItem({ read, onRetry }: { read: ScanRead; onRetry: (id: number) => void }) {
  const { t, i18n } = useLingui()
  const summary = read.status === 'done' ? asScanSummary(read.result) : null
  const notFound = isNotFound(read)
  const StatusIcon = notFound ? IconX : STATUS_ICON[read.status]
  const statusColor = notFound ? 'var(--collector-bad)' : STATUS_COLOR[read.status]
  const SourceIcon = SOURCE_ICON[read.source]
  const time = new Intl.DateTimeFormat(intlLocale(i18n.locale), { timeStyle: 'medium' }).format(read.at)
  const code = visibleCode(read.code)
  return (
    <Paper
      component="article"
      withBorder
      p="sm"
      radius="md"
      aria-label={t`Leitura ${code}`}
      data-status={read.status}
      data-result={notFound ? 'not-found' : undefined}
      data-read-id={read.id}
      style={notFound ? { borderColor: 'var(--collector-bad)' } : undefined}
    >
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
        <Text fw={700} ff="monospace" size="lg" style={{ wordBreak: 'break-all' }}>
          {code}
        </Text>
        <Text size="sm" c="dimmed" style={{ flexShrink: 0, whiteSpace: 'nowrap' }}>
          <SourceIcon size={16} aria-hidden style={{ verticalAlign: 'text-bottom' }} /> {readSourceText(i18n, read.source)} · {time}
        </Text>
      </Group>
      {mightBeGs1(read.code) ? (
        <Suspense fallback={null}>
          <Gs1Details code={read.code} />
        </Suspense>
      ) : null}
      <Group gap={6} mt={6} wrap="nowrap" align="center">
        <StatusIcon size={20} aria-hidden color={statusColor} style={{ flexShrink: 0 }} />
        <Text size="sm" fw={600} c={statusColor} data-testid="read-status">
          {notFound ? t`Não encontrado` : readStatusText(i18n, read.status)}
        </Text>
      </Group>
      {summary ? (
        summary.products.length === 0 ? (
          <Text size="md" mt={4} fw={notFound ? 600 : undefined} c={notFound ? 'var(--collector-bad)' : undefined}>
            <Trans>Nada encontrado com este código.</Trans>
          </Text>
        ) : (
          <Stack gap={4} mt={4} data-testid="read-result">
            {summary.kind ? (
              <Text size="sm" c="dimmed">
                {scanKindText(i18n, summary.kind)}
              </Text>
            ) : null}
            {summary.products.map((p) => (
              <Group key={p.code} justify="space-between" wrap="nowrap" gap="xs" align="baseline">
                <Text size="md" style={{ minWidth: 0 }} truncate>
                  <Text span fw={700} ff="monospace">
                    {p.code}
                  </Text>{' '}
                  {p.name}
                </Text>
                <Text size="lg" fw={700} style={{ flexShrink: 0, fontVariantNumeric: 'tabular-nums' }}>
                  {formatQty(p.qty, i18n.locale)} {p.uom}
                </Text>
              </Group>
            ))}
            {summary.more > 0 ? (
              <Text size="sm" c="dimmed">
                <Trans>e mais {summary.more} produtos</Trans>
              </Text>
            ) : null}
          </Stack>
        )
      ) : null}
      {read.status === 'failed' || read.status === 'offline' ? (
        <Button mt="xs" size="md" variant="outline" color="var(--collector-accent-text)" leftSection={<IconRefresh size={18} aria-hidden />} onClick={() => onRetry(read.id)}>
          <Trans>Tentar de novo</Trans>
        </Button>
      ) : null}
    </Paper>
  )
})
