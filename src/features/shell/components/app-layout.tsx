import { useEffect, useRef } from 'react'
import { AppShell, Group } from '@mantine/core'
import { useDisclosure, useMediaQuery } from '@mantine/hooks'
import { Outlet, useNavigate, useRouterState } from '@tanstack/react-router'
import { useLingui } from '@lingui/react/macro'
import { useSession } from '../../../lib/session'
import { LanguageSelect } from '../../../components/language-select'
import { ThemeSwitch } from '../../../components/theme-switch'
import { useNavPrefs } from '../hooks/use-nav-prefs'
import { AppHeader } from './app-header'
import { Sidebar } from './sidebar'

// SPEC 2.3, 9: the sidebar is 260 px, or 76 px compacted; below the `sm` breakpoint it hides behind a menu button.
export const SIDEBAR_WIDTH = 260
export const SIDEBAR_COMPACT_WIDTH = 76

export function AppLayout() {
  const { t } = useLingui()
  const { status, user, logout } = useSession()
  const navigate = useNavigate()
  const href = useRouterState({ select: (state) => state.location.href })
  const [navOpened, { toggle: toggleNav, close: closeNav }] = useDisclosure(false)
  const isSmall = useMediaQuery('(max-width: 48em)') ?? false
  const username = user?.username ?? ''
  const { prefs, toggleSection, toggleFavourite, setCompact } = useNavPrefs(username)
  const compact = prefs.compact && !isSmall
  const loggingOut = useRef(false)

  // signed out elsewhere (another tab, a failed refresh): back to the login, and here again afterwards
  // (once: the location turns into /login?redirect=... while this layout is still mounted, and redirecting
  // again from there nested the redirect into itself until React gave up)
  const redirected = useRef(false)
  useEffect(() => {
    if (status !== 'signedOut' || loggingOut.current || redirected.current || href.startsWith('/login')) return
    redirected.current = true
    void navigate({ to: '/login', search: { redirect: href }, replace: true })
  }, [status, navigate, href])

  return (
    <AppShell
      header={{ height: 56 }}
      navbar={{ width: compact ? SIDEBAR_COMPACT_WIDTH : SIDEBAR_WIDTH, breakpoint: 'sm', collapsed: { mobile: !navOpened } }}
      padding="md"
    >
      <AppShell.Header>
        <AppHeader
          compactControls={isSmall}
          user={user}
          navOpened={navOpened}
          onToggleNav={toggleNav}
          onLogout={() => {
            loggingOut.current = true
            logout()
            void navigate({ to: '/login', replace: true })
          }}
        />
      </AppShell.Header>
      <AppShell.Navbar aria-label={t`Menu principal`}>
        {isSmall ? (
          <Group p="md" pb={0} gap="xs">
            <LanguageSelect />
            <ThemeSwitch />
          </Group>
        ) : null}
        <Sidebar
          username={username}
          companyName={user?.company.name}
          prefs={prefs}
          compact={compact}
          onToggleSection={toggleSection}
          onToggleFavourite={toggleFavourite}
          onCompactChange={isSmall ? undefined : setCompact}
          onNavigate={closeNav}
        />
      </AppShell.Navbar>
      <AppShell.Main>
        <Outlet />
      </AppShell.Main>
    </AppShell>
  )
}
