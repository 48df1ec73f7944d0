import { Link, Outlet } from '@tanstack/react-router'
import { Box, Group, Text, UnstyledButton } from '@mantine/core'
import { IconHome, IconListCheck, IconLogout, IconScan, IconSearch, IconSettings, type Icon } from '@tabler/icons-react'
import { Trans, useLingui } from '@lingui/react/macro'
import { useEffect, type ReactNode } from 'react'
import logoUrl from '../assets/movatic-logo.svg'
import classes from './collector-layout.module.css'

// SPEC 2.16, 9: the collector is at most 420 px wide, with bottom tabs.
export const COLLECTOR_MAX_WIDTH = 420
// touch targets on a handheld, gloves included (WCAG 2.5.5 asks 44 px; 48 is Android's guideline)
export const COLLECTOR_TARGET = 56

// the collector's palette (--collector-*, every text at least 7:1) is in collector-layout.module.css

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

export function CollectorLayout({ username, onLogout, status }: { username?: string; onLogout?: () => void; status?: ReactNode }) {
  const { t } = useLingui()

  // ADR 0006: installed from here, the collector is its own app opening on /m/home (vite.config.ts collectorManifest)
  useEffect(() => {
    const link = document.querySelector<HTMLLinkElement>('link[rel="manifest"]')
    const desktop = link?.getAttribute('href')
    if (!link || !desktop) return
    link.setAttribute('href', '/collector.webmanifest')
    return () => link.setAttribute('href', desktop)
  }, [])

  return (
    <Box
      className={`collector ${classes.root}`}
      maw={COLLECTOR_MAX_WIDTH}
      mx="auto"
      h="100dvh"
      style={{ display: 'flex', flexDirection: 'column', fontSize: 'var(--mantine-font-size-md)' }}
    >
      {/* 412 px holds the logo, the name on one line, the 'N pendentes' badge and two 48 px buttons: the username goes
          under the name (truncated), never beside it, so nothing wraps (docs/requirements.md §2.16) */}
      <Group component="header" px={8} py={6} gap={4} wrap="nowrap" style={{ flexShrink: 0, borderBottom: '1px solid var(--mantine-color-default-border)' }}>
        <img src={logoUrl} alt="" width={28} height={28} style={{ display: 'block', flexShrink: 0 }} />
        <Box style={{ flex: 1, minWidth: 0, lineHeight: 1.2 }}>
          <Text fw={700} lh={1.2} data-testid="collector-product-name" style={{ whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis' }}>
            Movatic WMS
          </Text>
          {username ? (
            <Text size="xs" lh={1.2} c="var(--collector-muted)" truncate>
              {username}
            </Text>
          ) : null}
        </Box>
        {status}
        <UnstyledButton component={Link} to="/m/settings" className={classes.iconButton} aria-label={t`Configurações`}>
          <IconSettings size={24} aria-hidden />
        </UnstyledButton>
        {onLogout ? (
          <UnstyledButton className={classes.iconButton} aria-label={t`Sair`} onClick={onLogout}>
            <IconLogout size={24} aria-hidden />
          </UnstyledButton>
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
