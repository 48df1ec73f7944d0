import { useCallback, useMemo, useRef, useState } from 'react'
import { Alert, Button, Group, SegmentedControl, Stack, Text, TextInput, Title, VisuallyHidden } from '@mantine/core'
import { IconCamera, IconCameraOff, IconKeyboard, IconTrash } from '@tabler/icons-react'
import { Trans, useLingui } from '@lingui/react/macro'
import { useSession } from '../../../app/session'
import { getScanSummary } from '../api/get-scan'
import { useScanner } from '../hooks/use-scanner'
import { readScanHistory, writeScanHistory } from '../scan-history-storage'
import { readStatusText, scannerText } from '../scanner-texts'
import { ScanReadItem, visibleCode } from './scan-read-item'

// SPEC 9: the history keeps the last 50 reads
const HISTORY_CAP = 50

/**
 * /m/scan (SPEC 2.16, issue 6): keyboard mode (a scanner's burst from anywhere on the screen, or a code typed into
 * the box and Enter) and camera mode; each read is looked up, buzzes, and joins the last 50, kept across reloads.
 */
export function ScanScreen() {
  const { t, i18n } = useLingui()
  const { user } = useSession()
  const username = user?.username ?? 'unknown'
  const fieldRef = useRef<HTMLInputElement>(null)
  const [value, setValue] = useState('')
  // read once: the machine owns the history from then on
  const [initialHistory] = useState(() => readScanHistory(username))
  const persist = useCallback((history: Parameters<typeof writeScanHistory>[1]) => writeScanHistory(username, history), [username])
  const clearField = useCallback(() => setValue(''), [])
  const scanner = useScanner({ lookup: getScanSummary, initialHistory, persist, historyCap: HISTORY_CAP, fieldRef, onRead: clearField })
  const { history, notice, cameraState, cameraError, retry } = scanner
  const mode = cameraState === 'off' ? 'keyboard' : 'camera'
  const newest = history[0]
  const announcement = useMemo(() => (newest ? `${visibleCode(newest.code)}: ${readStatusText(i18n, newest.status)}` : ''), [newest, i18n])

  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        <Trans>Scan</Trans>
      </Title>
      <SegmentedControl
        fullWidth
        size="lg"
        value={mode}
        aria-label={t`Modo de leitura`}
        onChange={(next) => (next === 'camera' ? scanner.openCamera() : scanner.closeCamera())}
        data={[
          {
            value: 'keyboard',
            label: (
              <Group gap={6} justify="center" wrap="nowrap">
                <IconKeyboard size={20} aria-hidden />
                <span>{t`Teclado`}</span>
              </Group>
            ),
          },
          {
            value: 'camera',
            label: (
              <Group gap={6} justify="center" wrap="nowrap">
                <IconCamera size={20} aria-hidden />
                <span>{t`Câmera`}</span>
              </Group>
            ),
          },
        ]}
      />

      {mode === 'keyboard' ? (
        <form
          onSubmit={(event) => {
            // the Ler button (Enter is handled by the scanner's key listener)
            event.preventDefault()
            scanner.submit(value)
          }}
        >
          <Group gap="xs" align="flex-end" wrap="nowrap">
            <TextInput
              ref={fieldRef}
              style={{ flex: 1 }}
              size="lg"
              label={t`Código`}
              description={t`Aperte o gatilho do leitor, ou digite o código e tecle Enter.`}
              value={value}
              onChange={(event) => setValue(event.currentTarget.value)}
              autoComplete="off"
              autoCapitalize="characters"
              autoCorrect="off"
              spellCheck={false}
              enterKeyHint="go"
            />
            <Button type="submit" size="lg" color="var(--collector-accent)" disabled={value.trim() === ''}>
              <Trans>Ler</Trans>
            </Button>
          </Group>
        </form>
      ) : null}

      {/* always in the page, so the camera actor finds it the moment the camera opens */}
      <video
        ref={scanner.videoRef}
        muted
        playsInline
        aria-label={t`Imagem da câmera`}
        style={{ display: cameraState === 'active' ? 'block' : 'none', width: '100%', maxHeight: 320, objectFit: 'cover', borderRadius: 8, background: '#000' }}
      />
      {mode === 'camera' ? (
        <Stack gap="xs">
          {cameraError ? (
            <Alert color="red" variant="outline" role="alert" title={scannerText(i18n, cameraError)}>
              <Text size="sm">
                <Trans>Confira se o aparelho tem câmera e se o navegador tem permissão para usá-la.</Trans>
              </Text>
              <Button mt="xs" size="md" color="var(--collector-accent)" onClick={scanner.openCamera}>
                <Trans>Tentar de novo</Trans>
              </Button>
            </Alert>
          ) : (
            <Text size="sm" c="dimmed">
              <Trans>Aponte a câmera traseira para o código de barras.</Trans>
            </Text>
          )}
          <Button size="lg" variant="outline" color="var(--collector-accent-text)" leftSection={<IconCameraOff size={20} aria-hidden />} onClick={scanner.closeCamera}>
            <Trans>Fechar câmera</Trans>
          </Button>
        </Stack>
      ) : null}

      {notice ? (
        <Text role="status" size="sm" fw={600} c="var(--collector-warn)">
          {scannerText(i18n, notice)}
        </Text>
      ) : null}
      <VisuallyHidden role="status" aria-live="polite">
        {announcement}
      </VisuallyHidden>

      <Group justify="space-between" align="center" mt="xs">
        <Title order={2} size="h4">
          <Trans>Últimas leituras</Trans>{' '}
          <Text span c="dimmed" size="sm" fw={400}>
            ({history.length}/{HISTORY_CAP})
          </Text>
        </Title>
        {history.length > 0 ? (
          <Button size="md" variant="subtle" color="var(--collector-accent-text)" leftSection={<IconTrash size={18} aria-hidden />} onClick={scanner.clearHistory}>
            <Trans>Limpar</Trans>
          </Button>
        ) : null}
      </Group>
      {history.length === 0 ? (
        <Text c="dimmed">
          <Trans>Nenhuma leitura ainda.</Trans>
        </Text>
      ) : (
        <Stack gap="xs" component="section" aria-label={t`Últimas leituras`} data-testid="scan-history">
          {history.map((read) => (
            <ScanReadItem key={read.id} read={read} onRetry={retry} />
          ))}
        </Stack>
      )}
    </Stack>
  )
}
