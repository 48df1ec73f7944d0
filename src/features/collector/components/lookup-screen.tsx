import { useCallback, useId, useRef, useState } from 'react'
import { Button, Group, Loader, Stack, Text, Title } from '@mantine/core'
import { IconCamera, IconCameraOff, IconRefresh, IconSearch } from '@tabler/icons-react'
import { Trans, useLingui } from '@lingui/react/macro'
import { getScan } from '../api/get-scan'
import type { ScanResponse } from '../collector-types'
import { useScanner } from '../hooks/use-scanner'
import { readStatusText, scanKindText, scannerText } from '../scanner-texts'
import { visibleCode } from './scan-read-item'
import { StockLinesList } from './stock-lines-list'
import classes from './scan-screen.module.css'

function isScanResponse(value: unknown): value is ScanResponse {
  return typeof value === 'object' && value !== null && Array.isArray((value as ScanResponse).results)
}

/**
 * /m/lookup (ADR 0006, beyond SPEC's placeholder): scan or type a product, location or pallet and see its stock
 * lines. The same scanner as /m/scan (a burst from anywhere, the box and Enter, the camera), without a history.
 * Its box and alerts are /m/scan's plain elements, not Mantine's inputs (the first-load budget of SPEC 11.13).
 */
export function LookupScreen() {
  const { t, i18n } = useLingui()
  const id = useId()
  const fieldRef = useRef<HTMLInputElement>(null)
  const [value, setValue] = useState('')
  const clearField = useCallback(() => setValue(''), [])
  const scanner = useScanner({ lookup: getScan, historyCap: 1, fieldRef, onRead: clearField, isMiss: (result) => isScanResponse(result) && result.kind === null })
  const read = scanner.history[0]
  const response = read?.status === 'done' && isScanResponse(read.result) ? read.result : null

  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        <Trans>Consulta</Trans>
      </Title>
      <form
        onSubmit={(event) => {
          event.preventDefault()
          scanner.submit(value)
        }}
      >
        <label htmlFor={`${id}-code`} className={classes.label}>
          {t`Produto, localização ou palete`}
        </label>
        <Group gap="xs" wrap="nowrap">
          <input
            ref={fieldRef}
            id={`${id}-code`}
            className={classes.input}
            value={value}
            onChange={(event) => setValue(event.currentTarget.value)}
            autoComplete="off"
            autoCapitalize="characters"
            autoCorrect="off"
            spellCheck={false}
            enterKeyHint="search"
          />
          <Button type="submit" size="lg" h={56} color="var(--collector-accent)" disabled={value.trim() === ''} aria-label={t`Consultar`}>
            <IconSearch size={22} aria-hidden />
          </Button>
        </Group>
      </form>
      <video
        ref={scanner.videoRef}
        muted
        playsInline
        aria-label={t`Imagem da câmera`}
        style={{ display: scanner.cameraState === 'active' ? 'block' : 'none', width: '100%', maxHeight: 260, objectFit: 'cover', borderRadius: 8, background: '#000' }}
      />
      {scanner.cameraError ? (
        <div role="alert" className={classes.alert}>
          <Text fw={700} c="var(--collector-bad)">
            {scannerText(i18n, scanner.cameraError)}
          </Text>
          <Text size="sm" mt={4}>
            <Trans>Confira se o aparelho tem câmera e se o navegador tem permissão para usá-la.</Trans>
          </Text>
        </div>
      ) : null}
      {scanner.cameraState === 'off' ? (
        <Button size="lg" variant="outline" color="var(--collector-accent-text)" leftSection={<IconCamera size={20} aria-hidden />} onClick={scanner.openCamera}>
          <Trans>Ler com a câmera</Trans>
        </Button>
      ) : (
        <Button size="lg" variant="outline" color="var(--collector-accent-text)" leftSection={<IconCameraOff size={20} aria-hidden />} onClick={scanner.closeCamera}>
          <Trans>Fechar câmera</Trans>
        </Button>
      )}
      {scanner.notice ? (
        <Text role="status" size="sm" fw={600} c="var(--collector-warn)">
          {scannerText(i18n, scanner.notice)}
        </Text>
      ) : null}

      {!read ? (
        <Text c="dimmed">
          <Trans>Leia ou digite um código para ver onde está o estoque.</Trans>
        </Text>
      ) : (
        <Stack gap="sm" component="section" aria-label={t`Resultado da consulta`} data-testid="lookup-result" data-status={read.status}>
          <Text fw={700} ff="monospace" size="lg" style={{ wordBreak: 'break-all' }}>
            {visibleCode(read.code)}
          </Text>
          {read.status === 'pending' ? (
            <Group gap="xs" role="status">
              <Loader size="sm" color="var(--collector-accent-text)" />
              <Text>{readStatusText(i18n, 'pending')}</Text>
            </Group>
          ) : null}
          {read.status === 'failed' || read.status === 'offline' ? (
            <div role="alert" className={classes.alert} data-tone={read.status === 'offline' ? 'warn' : undefined}>
              <Text fw={700} c={read.status === 'failed' ? 'var(--collector-bad)' : 'var(--collector-warn)'}>
                {readStatusText(i18n, read.status)}
              </Text>
              <Button mt="xs" size="md" color="var(--collector-accent)" leftSection={<IconRefresh size={18} aria-hidden />} onClick={() => scanner.retry(read.id)}>
                <Trans>Tentar de novo</Trans>
              </Button>
            </div>
          ) : null}
          {response ? (
            response.results.length === 0 ? (
              <Text>
                <Trans>Nada encontrado com este código.</Trans>
              </Text>
            ) : (
              <>
                {response.kind ? (
                  <Text size="sm" c="dimmed">
                    {scanKindText(i18n, response.kind)}
                  </Text>
                ) : null}
                {response.results.map((result) => (
                  <StockLinesList key={result.product.id} result={result} />
                ))}
                {response.truncated ? (
                  <Text size="sm" c="dimmed">
                    <Trans>Mostrando as primeiras linhas; os totais contam todas.</Trans>
                  </Text>
                ) : null}
              </>
            )
          ) : null}
        </Stack>
      )}
    </Stack>
  )
}
