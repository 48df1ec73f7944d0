import { Box, Stack, Text, Title } from '@mantine/core'
import { Trans, useLingui } from '@lingui/react/macro'

// a 412 x 915 handheld (the size the end-to-end tests use) inside its bezel
const SCREEN = { width: 412, height: 780 }
const BEZEL = 14

/**
 * /m/sim (SPEC 2.3, 2.16): the collector in a phone-shaped frame, opened in a new tab from the desktop header.
 * The frame shows the real collector (same origin, same session) in an iframe, so it behaves as on a handheld.
 */
export function CollectorSimulator() {
  const { t } = useLingui()
  return (
    <Stack component="main" align="center" gap="sm" mih="100dvh" p="md" bg="var(--mantine-color-default-hover)">
      <Title order={1} size="h4">
        <Trans>Simulador do coletor</Trans>
      </Title>
      <Box
        data-testid="device-frame"
        style={{
          position: 'relative',
          padding: `${BEZEL + 18}px ${BEZEL}px ${BEZEL + 10}px`,
          borderRadius: 44,
          background: '#16181b',
          boxShadow: '0 12px 40px rgba(0, 0, 0, 0.35), inset 0 0 0 2px #3a3f45',
          maxWidth: '100%',
        }}
      >
        {/* the speaker slit and camera of the device */}
        <Box aria-hidden style={{ position: 'absolute', top: 12, left: '50%', transform: 'translateX(-50%)', width: 64, height: 6, borderRadius: 3, background: '#3a3f45' }} />
        <Box
          component="iframe"
          src="/m/home"
          title={t`Coletor`}
          w={SCREEN.width}
          h={SCREEN.height}
          maw="calc(100vw - 64px)"
          style={{ display: 'block', border: 0, borderRadius: 22, background: 'var(--mantine-color-body)' }}
        />
      </Box>
      <Text size="sm" c="dimmed" maw={440} ta="center">
        <Trans>Um leitor USB ou Bluetooth no modo teclado lê direto no simulador: clique nele e dispare o leitor.</Trans>
      </Text>
    </Stack>
  )
}
