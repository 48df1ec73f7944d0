import { Link, Outlet } from '@tanstack/react-router'
import { ActionIcon, Box, Group, Image, Text, UnstyledButton, useComputedColorScheme } from '@mantine/core'
import { IconHome, IconListCheck, IconLogout, IconScan, IconSearch, type Icon } from '@tabler/icons-react'
import { Trans, useLingui } from '@lingui/react/macro'
import { useEffect, type CSSProperties, type ReactNode } from 'react'
import logoUrl from '../assets/movatic-logo.svg'

// SPEC 2.16, 9: the collector is at most 420 px wide, with bottom tabs.
export const COLLECTOR_MAX_WIDTH = 420
// touch targets on a handheld, gloves included (WCAG 2.5.5 asks 44 px; 48 is Android's guideline)
export const COLLECTOR_TARGET = 56

/**
 * Readable in sunlight: every text colour the collector uses reads at least 7:1 on its background (WCAG AAA 1.4.6),
 * in light (on white) and dark (on Mantine's dark-7). The screens use these variables, never Mantine's lighter
 * defaults (blue-6 on white is 3.6:1). Ratios: accent 9.0 / 10.3, ok 7.6 / 10.5, bad 7.5 / 8.4, warn 8.0 / 11.6,
 * muted 8.2 / 9.4; white on the filled accent 9.0.
 */
const PALETTE: Record<'light' | 'dark', Record<string, string>> = {
  light: {
    '--collector-accent': '#0b4a85',
    '--collector-accent-text': '#0b4a85',
    '--collector-accent-soft': '#e7f5ff',
    '--collector-ok': '#17572a',
    '--collector-bad': '#a51d1d',
    '--collector-warn': '#7a4300',
    '--collector-muted': '#495057',
  },
  dark: {
    '--collector-accent': '#0b4a85',
    '--collector-accent-text': '#a5d8ff',
    '--collector-accent-soft': '#1b2a3a',
    '--collector-ok': '#8ce99a',
    '--collector-bad': '#ffa8a8',
    '--collector-warn': '#ffd8a8',
    '--collector-muted': '#c9c9c9',
  },
}

type TabPath = '/m/home' | '/m/scan' | '/m/lookup' | '/m/tasks'

function Tab({ to, icon: TabIcon, label }: { to: TabPath; icon: Icon; label: ReactNode }) {
  return (
    <UnstyledButton
      component={Link}
      to={to}
      style={{ flex: 1, minHeight: COLLECTOR_TARGET, display: 'flex', flexDirection: 'column', alignItems: 'center', justifyContent: 'center', gap: 2, color: 'var(--mantine-color-text)' }}
      activeProps={{ style: { color: 'var(--collector-accent-text)', background: 'var(--collector-accent-soft)', fontWeight: 700, boxShadow: 'inset 0 3px 0 var(--collector-accent-text)' } }}
    >
      <TabIcon size={26} aria-hidden />
      <Text size="sm" inherit>
        {label}
      </Text>
    </UnstyledButton>
  )
}

export function CollectorLayout({ username, onLogout }: { username?: string; onLogout?: () => void }) {
  const { t } = useLingui()
  const scheme = useComputedColorScheme('light')

  // issue 6: installed from here, the collector is its own app opening on /m/home (vite.config.ts collectorManifest)
  useEffect(() => {
    const link = document.querySelector<HTMLLinkElement>('link[rel="manifest"]')
    const desktop = link?.getAttribute('href')
    if (!link || !desktop) return
    link.setAttribute('href', '/collector.webmanifest')
    return () => link.setAttribute('href', desktop)
  }, [])

  return (
    <Box
      className="collector"
      maw={COLLECTOR_MAX_WIDTH}
      mx="auto"
      h="100dvh"
      style={{ display: 'flex', flexDirection: 'column', fontSize: 'var(--mantine-font-size-md)', ...(PALETTE[scheme] as CSSProperties) }}
    >
      <Group component="header" px="sm" py={6} gap="xs" wrap="nowrap" style={{ flexShrink: 0, borderBottom: '1px solid var(--mantine-color-default-border)' }}>
        <Image src={logoUrl} alt="" w={28} h={28} />
        <Text fw={700} style={{ flex: 1 }}>
          Movatic WMS
        </Text>
        {username ? (
          <Text size="sm" c="dimmed" truncate maw={140}>
            {username}
          </Text>
        ) : null}
        {onLogout ? (
          <ActionIcon variant="subtle" color="var(--collector-accent-text)" size={48} aria-label={t`Sair`} onClick={onLogout}>
            <IconLogout size={24} aria-hidden />
          </ActionIcon>
        ) : null}
      </Group>
      {/* only the screen scrolls: nothing ever slides under the tabs (a button half hidden by them is a missed tap) */}
      <Box component="main" p="md" style={{ flex: 1, minHeight: 0, overflowY: 'auto', overscrollBehavior: 'contain' }}>
        <Outlet />
      </Box>
      <Group
        component="nav"
        aria-label={t`Navegação do coletor`}
        gap={0}
        wrap="nowrap"
        style={{ flexShrink: 0, borderTop: '1px solid var(--mantine-color-default-border)', background: 'var(--mantine-color-body)' }}
      >
        <Tab to="/m/home" icon={IconHome} label={<Trans>Início</Trans>} />
        <Tab to="/m/scan" icon={IconScan} label={<Trans>Scan</Trans>} />
        <Tab to="/m/lookup" icon={IconSearch} label={<Trans>Consulta</Trans>} />
        <Tab to="/m/tasks" icon={IconListCheck} label={<Trans>Tarefas</Trans>} />
      </Group>
    </Box>
  )
}
