import { Button, Stack, Text } from '@mantine/core'
import { IconCameraOff } from '@tabler/icons-react'
import { Trans, useLingui } from '@lingui/react/macro'
import type { ScannerMessage } from '../../../../machines/scanner/scanner.machine'
import { scannerText } from '../scanner-texts'
import classes from './scan-screen.module.css'

/**
 * The scan screen's camera mode under the preview: what to do, or why the camera failed with a retry, and the way
 * back to the keyboard. Loaded lazily (the default export) with the camera mode: not part of the first load.
 */
export default function CameraPanel({ error, onRetry, onClose }: { error: ScannerMessage | null; onRetry: () => void; onClose: () => void }) {
  const { i18n } = useLingui()
  return (
    <Stack gap="xs">
      {error ? (
        <div role="alert" className={classes.alert}>
          <Text fw={700} c="var(--collector-bad)">
            {scannerText(i18n, error)}
          </Text>
          <Text size="sm" mt={4}>
            <Trans>Confira se o aparelho tem câmera e se o navegador tem permissão para usá-la.</Trans>
          </Text>
          <Button mt="xs" size="md" color="var(--collector-accent)" onClick={onRetry}>
            <Trans>Tentar de novo</Trans>
          </Button>
        </div>
      ) : (
        <Text size="sm" c="dimmed">
          <Trans>Aponte a câmera traseira para o código de barras.</Trans>
        </Text>
      )}
      <Button
        size="lg"
        h={56}
        variant="outline"
        color="var(--collector-accent-text)"
        leftSection={<IconCameraOff size={20} aria-hidden />}
        onClick={onClose}
      >
        <Trans>Fechar câmera</Trans>
      </Button>
    </Stack>
  )
}
