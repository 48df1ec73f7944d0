import type { ReactNode } from 'react'
import { I18nProvider } from '@lingui/react'
import { MantineProvider } from '@mantine/core'
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query'
import { i18n } from '../lib/i18n'
import { NotificationsHost } from './notifications-host'
import { SessionProvider, type SessionActor } from './session'
import { colorSchemeManager, cssVariablesResolver, theme } from './theme'

// SPEC 9: toasts last 3.5 s
export const TOAST_AUTO_CLOSE_MS = 3500

export function AppProviders({
  queryClient,
  session,
  mantineEnv = 'default',
  children,
}: {
  queryClient: QueryClient
  session: SessionActor
  /** 'test' turns Mantine's transitions and portals off (jsdom) */
  mantineEnv?: 'default' | 'test'
  children: ReactNode
}) {
  return (
    <I18nProvider i18n={i18n}>
      <MantineProvider
        theme={theme}
        defaultColorScheme="auto"
        colorSchemeManager={colorSchemeManager}
        cssVariablesResolver={cssVariablesResolver}
        env={mantineEnv}
      >
        <NotificationsHost autoClose={TOAST_AUTO_CLOSE_MS} />
        <QueryClientProvider client={queryClient}>
          <SessionProvider actor={session}>{children}</SessionProvider>
        </QueryClientProvider>
      </MantineProvider>
    </I18nProvider>
  )
}
