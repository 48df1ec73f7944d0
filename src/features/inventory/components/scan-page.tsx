import { useCallback, useEffect, useRef, useState, type FormEvent, type KeyboardEvent } from 'react'
import { Alert, Button, Checkbox, Group, Loader, Paper, ScrollArea, Stack, Text, TextInput, UnstyledButton } from '@mantine/core'
import { IconAlertTriangle, IconArrowsMove, IconKeyboard, IconScan, IconSearch, IconTrash } from '@tabler/icons-react'
import { Trans, useLingui } from '@lingui/react/macro'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { stripSymbology, GS } from '../../../../contracts/gs1/gs1-form'
import type { ScanRead } from '../../../../machines/scanner/scanner.machine'
import { JsonView } from '../../../components/json-view'
import { apiErrorText } from '../../../lib/api-client'
import { intlLocale } from '../../../lib/format'
import { readSourceText, readStatusText, scannerText } from '../../../lib/scanner-texts'
import { useScannerMachine } from '../../../lib/use-scanner-machine'
import { getScanKindLabel } from '../scan-kind'
import { scanQueryOptions } from '../api/get-scan'
import type { ScanResponse } from '../inventory-types'
import { ScanResultCard } from './scan-result-card'
import { StockActionModal, type StockAction } from './stock-action-modal'

// SPEC 11.1: the desktop keeps its recent reads for the session (the collector keeps 50 across reloads)
const HISTORY_CAP = 20
// SPEC 5: a code has at least 3 characters (the scanner machine's rule)
const MIN_CODE = 3

/** A code as read, for people: no symbology identifier, the invisible GS separator shown (␝). */
const visibleCode = (code: string) => stripSymbology(code).text.split(GS).join('␝')

const asScanResponse = (value: unknown): ScanResponse | null =>
  typeof value === 'object' && value !== null && Array.isArray((value as { results?: unknown }).results) ? (value as ScanResponse) : null

/** One recent read: its code, when and how it came, and what it found; a click looks it up again. */
function ReadButton({ read, current, onPick }: { read: ScanRead; current: boolean; onPick: (read: ScanRead) => void }) {
  const { t, i18n } = useLingui()
  const code = visibleCode(read.code)
  const time = new Intl.DateTimeFormat(intlLocale(i18n.locale), { timeStyle: 'medium' }).format(read.at)
  const answer = read.status === 'done' ? asScanResponse(read.result) : null
  const found = answer?.results.length ?? 0
  const Icon = read.source === 'burst' ? IconScan : IconKeyboard
  return (
    <UnstyledButton
      onClick={() => onPick(read)}
      aria-current={current || undefined}
      aria-label={t`Consultar ${code} de novo`}
      data-read-id={read.id}
      p="xs"
      miw={180}
      maw={260}
      style={{
        flexShrink: 0,
        borderRadius: 'var(--mantine-radius-sm)',
        border: `1px solid ${current ? 'var(--mantine-primary-color-filled)' : 'var(--mantine-color-default-border)'}`,
      }}
    >
      <Text fw={700} ff="monospace" size="sm" style={{ wordBreak: 'break-all' }}>
        {code}
      </Text>
      <Text size="xs" c="dimmed">
        <Icon size={12} aria-hidden style={{ verticalAlign: 'text-bottom' }} /> {readSourceText(i18n, read.source)} · {time} ·{' '}
        {answer ? found === 0 ? <Trans>nada encontrado</Trans> : found === 1 ? <Trans>1 produto</Trans> : <Trans>{found} produtos</Trans> : readStatusText(i18n, read.status)}
      </Text>
    </UnstyledButton>
  )
}

/**
 * SPEC 2.5: look up a product, lot, pallet or location code and show each product's total and where it is. SPEC 11.1:
 * the collector's scanner machine reads a scanner's burst anywhere on the page; after each read the field shows it,
 * selected, so the next burst replaces it; the recent reads stay above the result, each looked up again on a click.
 */
export function ScanPage() {
  const { t, i18n } = useLingui()
  const queryClient = useQueryClient()
  const fieldRef = useRef<HTMLInputElement>(null)
  const [text, setText] = useState('')
  const [auto, setAuto] = useState(true)
  const [shownId, setShownId] = useState<number | null>(null)
  const [tooShort, setTooShort] = useState(false)
  const [action, setAction] = useState<StockAction | null>(null)
  // bumped after each read: the field is focused and its text selected once React has rendered it
  const [selectTick, setSelectTick] = useState(0)

  const lookup = useCallback((code: string) => queryClient.fetchQuery(scanQueryOptions(code)), [queryClient])
  const onRead = useCallback((read: ScanRead) => {
    setText(visibleCode(read.code))
    setShownId(read.id)
    setTooShort(false)
    setSelectTick((tick) => tick + 1)
  }, [])
  // SPEC 2.5 'Auto (Enter)': on, Enter (the scanner's or a person's) looks the code up; off, only 'Buscar' does
  const scanner = useScannerMachine({ lookup, historyCap: HISTORY_CAP, fieldRef, onRead, listen: auto })
  const { history, notice } = scanner

  useEffect(() => {
    if (selectTick === 0) return
    fieldRef.current?.focus()
    fieldRef.current?.select()
  }, [selectTick])

  const shown = history.find((read) => read.id === shownId) ?? history[0]
  const code = shown?.code ?? ''
  // the query the lookup filled: its error (in the user's language, ADR 0015); the machine does the fetching
  const scan = useQuery({ ...scanQueryOptions(code), enabled: false })

  const trimmed = text.trim()
  const submit = (event?: FormEvent) => {
    event?.preventDefault()
    if (!trimmed) return
    if (trimmed.length < MIN_CODE) setTooShort(true)
    else scanner.submit(trimmed)
  }
  // with 'Auto (Enter)' off the scanner machine is not listening: Enter in the field must not submit the form
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter' && !auto) event.preventDefault()
  }
  const lookAgain = useCallback((read: ScanRead) => scanner.submit(read.code), [scanner])

  const data = shown?.status === 'done' ? asScanResponse(shown.result) : null
  const results = data?.results ?? []
  const maxQty = results.reduce((max, result) => Math.max(max, Number(result.total_qty) || 0), 0)
  const searched = data?.code ?? code
  const found = results.length
  // SPEC 10.2: a pallet found by its code (or SSCC) can be moved from here, whole
  const palletLine = data?.kind === 'pallet' ? results.flatMap((result) => result.lines).find((line) => line.pallet_code ?? line.sscc) : undefined
  const palletCode = palletLine ? (palletLine.pallet_code ?? palletLine.sscc) : null
  const noticeText = tooShort ? scannerText(i18n, { id: 'scanner.tooShort' }) : notice ? scannerText(i18n, notice) : null

  return (
    <Stack gap="md">
      <form onSubmit={submit} role="search" aria-label={t`Scan`}>
        <Group align="flex-end" gap="sm" wrap="wrap">
          <TextInput
            ref={fieldRef}
            label={t`Produto, lote ou palete`}
            description={t`Leia com o leitor em qualquer lugar da página, ou digite o código.`}
            placeholder={t`Leia ou digite um código`}
            value={text}
            onChange={(event) => {
              setText(event.currentTarget.value)
              setTooShort(false)
            }}
            onKeyDown={onKeyDown}
            leftSection={<IconScan size={16} aria-hidden />}
            autoFocus
            autoComplete="off"
            spellCheck={false}
            maxLength={128}
            w={{ base: '100%', sm: 380 }}
          />
          <Button type="submit" disabled={!trimmed} leftSection={<IconSearch size={16} aria-hidden />} loading={shown?.status === 'pending'}>
            <Trans>Buscar</Trans>
          </Button>
          <Checkbox label={t`Auto (Enter)`} checked={auto} onChange={(event) => setAuto(event.currentTarget.checked)} mb={8} />
        </Group>
      </form>

      <Paper withBorder p="xs" radius="md" component="section" aria-labelledby="scan-history-title">
        <Group justify="space-between" align="center" mb={history.length > 0 ? 6 : 0} wrap="nowrap" gap="xs">
          <Text fw={700} id="scan-history-title" component="h2" size="sm" m={0}>
            <Trans>Últimas leituras</Trans>{' '}
            <Text span c="dimmed" size="sm" fw={400}>
              ({history.length}/{HISTORY_CAP})
            </Text>
          </Text>
          {history.length > 0 ? (
            <Button size="compact-sm" variant="subtle" leftSection={<IconTrash size={14} aria-hidden />} onClick={scanner.clearHistory}>
              <Trans>Limpar</Trans>
            </Button>
          ) : (
            <Text size="sm" c="dimmed">
              <Trans>Nenhuma leitura ainda.</Trans>
            </Text>
          )}
        </Group>
        {history.length > 0 ? (
          // newest first, in one row that scrolls sideways: the result stays right under the field
          <ScrollArea type="auto" offsetScrollbars scrollbarSize={6}>
            <Group gap={6} wrap="nowrap" data-testid="scan-history" align="stretch">
              {history.map((read) => (
                <ReadButton key={read.id} read={read} current={read.id === shown?.id} onPick={lookAgain} />
              ))}
            </Group>
          </ScrollArea>
        ) : null}
      </Paper>

      {noticeText ? (
        <Text role="status" size="sm" fw={600} c="orange.8">
          {noticeText}
        </Text>
      ) : null}

      {shown?.status === 'failed' ? (
        <Alert color="red" icon={<IconAlertTriangle size={18} aria-hidden />} role="alert">
          {apiErrorText(scan.error) ?? <Trans>Erro ao consultar.</Trans>}
        </Alert>
      ) : null}
      {shown?.status === 'offline' ? (
        <Alert color="yellow" icon={<IconAlertTriangle size={18} aria-hidden />} role="status">
          {readStatusText(i18n, 'offline')}
        </Alert>
      ) : null}

      {shown?.status === 'pending' ? (
        <Group gap="xs">
          <Loader size="sm" aria-hidden />
          <Text size="sm" c="dimmed">
            <Trans>Consultando...</Trans>
          </Text>
        </Group>
      ) : null}

      {data ? (
        <Stack gap="sm" aria-live="polite">
          {results.length === 0 ? (
            <Text c="dimmed">
              <Trans>Nada encontrado para {searched}.</Trans>
            </Text>
          ) : (
            <>
              <Text size="sm" c="dimmed" data-testid="scan-summary">
                {searched}
                {' · '}
                {data.kind ? getScanKindLabel(data.kind, i18n) : null}
                {data.kind ? ' · ' : null}
                {found === 1 ? <Trans>1 produto</Trans> : <Trans>{found} produtos</Trans>}
              </Text>
              {palletLine ? (
                <Group>
                  <Button leftSection={<IconArrowsMove size={16} aria-hidden />} onClick={() => setAction({ kind: 'move-pallet', line: palletLine })}>
                    <Trans>Mover palete {palletCode}</Trans>
                  </Button>
                  <Text size="sm" c="dimmed">
                    <Trans>Em {palletLine.location.code}</Trans>
                  </Text>
                </Group>
              ) : null}
              {data.truncated ? (
                <Alert color="yellow" variant="light">
                  <Trans>Muitas linhas: a lista de linhas foi cortada, mas os totais contam todas.</Trans>
                </Alert>
              ) : null}
              {results.map((result) => (
                <ScanResultCard key={result.product.id} result={result} maxQty={maxQty} />
              ))}
            </>
          )}
          <JsonView data={data} />
        </Stack>
      ) : null}
      <StockActionModal action={action} onClose={() => setAction(null)} />
    </Stack>
  )
}
