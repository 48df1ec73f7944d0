import type { ReactNode } from 'react'
import { I18nProvider } from '@lingui/react'
import { localStorageColorSchemeManager, MantineProvider } from '@mantine/core'
import { i18n } from '../lib/i18n'
import { NotificationsHost } from './notifications-host'
import { SessionProvider, type SessionActor } from '../lib/session'
import { cssVariablesResolver, theme } from './theme'
import { THEME_KEY } from '../lib/storage'

// SPEC 4, 9: the theme is a global preference (light, dark or system); system is the default.
const colorSchemeManager = localStorageColorSchemeManager({ key: THEME_KEY })

// SPEC 9: toasts last 3.5 s
export const TOAST_AUTO_CLOSE_MS = 3500

export function AppProviders({
  session,
  mantineEnv = 'default',
  children,
}: {
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
        <SessionProvider actor={session}>{children}</SessionProvider>
      </MantineProvider>
    </I18nProvider>
  )
}
