import { useEffect } from 'react'
import { Affix, Button, Group, Paper, Stack, Text } from '@mantine/core'
import { IconRefresh, IconWifiOff } from '@tabler/icons-react'
import { Trans } from '@lingui/react/macro'
import { useRegisterSW } from 'virtual:pwa-register/react'

// SPEC 9: the offline-ready banner shows for 2.5 s
export const OFFLINE_READY_MS = 2500

/** SPEC 1: a waiting service worker offers a refresh; offline readiness is announced briefly. */
export function PwaBanner() {
  const {
    offlineReady: [offlineReady, setOfflineReady],
    needRefresh: [needRefresh, setNeedRefresh],
    updateServiceWorker,
  } = useRegisterSW()

  useEffect(() => {
    if (!offlineReady) return
    const timer = setTimeout(() => setOfflineReady(false), OFFLINE_READY_MS)
    return () => clearTimeout(timer)
  }, [offlineReady, setOfflineReady])

  // both can be true at once (STACK.md): the update offer matters more, and both are shown
  if (!offlineReady && !needRefresh) return null
  return (
    <Affix position={{ bottom: 16, right: 16 }} zIndex={400}>
      <Stack gap="xs" maw={360}>
        {needRefresh ? (
          <Paper withBorder shadow="md" p="sm" role="status">
            <Group gap="xs" wrap="nowrap" align="flex-start">
              <IconRefresh size={20} aria-hidden />
              <Stack gap={6}>
                <Text size="sm">
                  <Trans>Uma nova versão está disponível.</Trans>
                </Text>
                <Group gap="xs">
                  <Button size="xs" onClick={() => void updateServiceWorker(true)}>
                    <Trans>Atualizar</Trans>
                  </Button>
                  <Button size="xs" variant="default" onClick={() => setNeedRefresh(false)}>
                    <Trans>Depois</Trans>
                  </Button>
                </Group>
              </Stack>
            </Group>
          </Paper>
        ) : null}
        {offlineReady ? (
          <Paper withBorder shadow="md" p="sm" role="status">
            <Group gap="xs" wrap="nowrap">
              <IconWifiOff size={20} aria-hidden />
              <Text size="sm">
                <Trans>Aplicativo pronto para uso offline.</Trans>
              </Text>
            </Group>
          </Paper>
        ) : null}
      </Stack>
    </Affix>
  )
}
