import { lazy, Suspense, useCallback, useId, useMemo, useRef, useState } from 'react'
import { Button, Group, Stack, Text } from '@mantine/core'
import { IconCamera, IconKeyboard, IconTrash } from '@tabler/icons-react'
import { Trans, useLingui } from '@lingui/react/macro'
import { useSession } from '../../../lib/session'
import { getScanSummary } from '../api/get-scan'
import { useScanner } from '../hooks/use-scanner'
import { readScanHistory, writeScanHistory } from '../scan-history-storage'
import { readStatusText, scannerText } from '../scanner-texts'
import { isNotFound, ScanReadItem, visibleCode } from './scan-read-item'
import classes from './scan-screen.module.css'

// the budget of SPEC 11.13: the camera mode's texts and buttons load when it opens (with @zxing/browser, camera-reader.ts)
const CameraPanel = lazy(() => import('./camera-panel'))

// an unknown code names nothing: the error feedback when its answer arrives (SPEC 11.2)
const isUnknownCode = (result: unknown) => (result as { kind?: unknown } | null)?.kind === null

// SPEC 9: the history keeps the last 50 reads
const HISTORY_CAP = 50

/**
 * /m/scan (SPEC 2.16, ADR 0006): keyboard mode (a scanner's burst from anywhere on the screen, or a code typed into
 * the box and Enter) and camera mode; each read is looked up, buzzes, and joins the last 50, kept across reloads.
 */
export function ScanScreen() {
  const { t, i18n } = useLingui()
  const id = useId()
  const { user } = useSession()
  const username = user?.username ?? 'unknown'
  const fieldRef = useRef<HTMLInputElement>(null)
  const [value, setValue] = useState('')
  // read once: the machine owns the history from then on
  const [initialHistory] = useState(() => readScanHistory(username))
  const persist = useCallback((history: Parameters<typeof writeScanHistory>[1]) => writeScanHistory(username, history), [username])
  const clearField = useCallback(() => setValue(''), [])
  const scanner = useScanner({ lookup: getScanSummary, initialHistory, persist, historyCap: HISTORY_CAP, fieldRef, onRead: clearField, isMiss: isUnknownCode })
  const { history, notice, cameraState, cameraError, retry } = scanner
  const mode = cameraState === 'off' ? 'keyboard' : 'camera'
  const newest = history[0]
  const announcement = useMemo(
    () => (newest ? `${visibleCode(newest.code)}: ${isNotFound(newest) ? t`Não encontrado` : readStatusText(i18n, newest.status)}` : ''),
    [newest, i18n, t],
  )

  return (
    <Stack gap="md">
      <h1 className={classes.heading}>
        <Trans>Scan</Trans>
      </h1>
      {/* native radios inside their labels: arrow keys, one tab stop, and each label a 56 px target */}
      <div role="radiogroup" aria-label={t`Modo de leitura`} className={classes.modes}>
        <label className={classes.mode} data-checked={mode === 'keyboard' || undefined}>
          <input
            type="radio"
            className={classes.visuallyHidden}
            name={`${id}-mode`}
            value="keyboard"
            checked={mode === 'keyboard'}
            onChange={scanner.closeCamera}
          />
          <IconKeyboard size={20} aria-hidden />
          <span>{t`Teclado`}</span>
        </label>
        <label className={classes.mode} data-checked={mode === 'camera' || undefined}>
          <input type="radio" className={classes.visuallyHidden} name={`${id}-mode`} value="camera" checked={mode === 'camera'} onChange={scanner.openCamera} />
          <IconCamera size={20} aria-hidden />
          <span>{t`Câmera`}</span>
        </label>
      </div>

      {mode === 'keyboard' ? (
        <form
          onSubmit={(event) => {
            // the Ler button (Enter is handled by the scanner's key listener)
            event.preventDefault()
            scanner.submit(value)
          }}
        >
          <label htmlFor={`${id}-code`} className={classes.label}>
            {t`Código`}
          </label>
          <p id={`${id}-hint`} className={classes.description}>
            {t`Aperte o gatilho do leitor, ou digite o código e tecle Enter.`}
          </p>
          <Group gap="xs" wrap="nowrap">
            <input
              ref={fieldRef}
              id={`${id}-code`}
              className={classes.input}
              aria-describedby={`${id}-hint`}
              value={value}
              onChange={(event) => setValue(event.currentTarget.value)}
              autoComplete="off"
              autoCapitalize="characters"
              autoCorrect="off"
              spellCheck={false}
              enterKeyHint="go"
            />
            <Button type="submit" size="lg" h={56} color="var(--collector-accent)" disabled={value.trim() === ''}>
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
        <Suspense fallback={null}>
          <CameraPanel error={cameraError} onRetry={scanner.openCamera} onClose={scanner.closeCamera} />
        </Suspense>
      ) : null}

      {notice ? (
        <Text role="status" size="sm" fw={600} c="var(--collector-warn)">
          {scannerText(i18n, notice)}
        </Text>
      ) : null}
      <div role="status" aria-live="polite" className={classes.visuallyHidden}>
        {announcement}
      </div>

      <Group justify="space-between" align="center" mt="xs">
        <h2 className={classes.subheading}>
          <Trans>Últimas leituras</Trans>{' '}
          <Text span c="dimmed" size="sm" fw={400}>
            ({history.length}/{HISTORY_CAP})
          </Text>
        </h2>
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
