import { useEffect, useState } from 'react'
import { Affix, Button, Group, Paper, Stack, Text } from '@mantine/core'
import { useRouterState } from '@tanstack/react-router'
import { IconRefresh, IconWifiOff } from '@tabler/icons-react'
import { Trans } from '@lingui/react/macro'
import { serviceWorker } from '../lib/service-worker'
import { OFFLINE_READY_SHOWN_KEY, readString, writeString } from '../lib/storage'
import { useServiceWorker } from '../lib/use-service-worker'

// SPEC 9: the offline-ready banner shows for 2.5 s
export const OFFLINE_READY_MS = 2500

const alreadyAnnounced = () => readString('local', OFFLINE_READY_SHOWN_KEY) === __APP_BUILD_ID__

/**
 * SPEC 1: a waiting service worker offers a refresh; offline readiness is announced briefly.
 *
 * SPEC 2.16: "ready offline" matters to the handheld's operator only, so it shows under /m/* alone, once per
 * installed version (not again on the next reload or sign-in), and at the top of the screen: the handheld's tabs
 * and its toasts are at the bottom. The desktop gets the update offer only, bottom right as before.
 */
export function PwaBanner() {
  const { offlineReady, needRefresh } = useServiceWorker()
  const handheld = useRouterState({ select: (s) => s.location.pathname === '/m' || s.location.pathname.startsWith('/m/') })
  const [announce, setAnnounce] = useState(false)

  useEffect(() => {
    if (!offlineReady) return
    // decided once, when the service worker says it is ready
    const show = handheld && !alreadyAnnounced()
    if (show) {
      writeString('local', OFFLINE_READY_SHOWN_KEY, __APP_BUILD_ID__)
      setAnnounce(true)
    }
    const timer = setTimeout(
      () => {
        setAnnounce(false)
        serviceWorker.dismissOfflineReady()
      },
      show ? OFFLINE_READY_MS : 0,
    )
    return () => clearTimeout(timer)
  }, [offlineReady, handheld])

  // both can be true at once (STACK.md): the update offer matters more, and both are shown
  if (!announce && !needRefresh) return null
  return (
    <Affix position={handheld ? { top: 8, left: 8, right: 8 } : { bottom: 16, right: 16 }} zIndex={400}>
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
                  <Button size="xs" onClick={() => serviceWorker.update()}>
                    <Trans>Atualizar</Trans>
                  </Button>
                  <Button size="xs" variant="default" onClick={() => serviceWorker.dismissNeedRefresh()}>
                    <Trans>Depois</Trans>
                  </Button>
                </Group>
              </Stack>
            </Group>
          </Paper>
        ) : null}
        {announce ? (
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
