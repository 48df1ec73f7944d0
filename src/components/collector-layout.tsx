import { Link, Outlet } from '@tanstack/react-router'
import { Box, Group, Image, Text, UnstyledButton } from '@mantine/core'
import { IconHome, IconListCheck, IconScan, IconSearch, type Icon } from '@tabler/icons-react'
import { Trans } from '@lingui/react/macro'
import type { ReactNode } from 'react'
import logoUrl from '../assets/movatic-logo.svg'

// SPEC 2.16, 9: the collector is at most 420 px wide, with bottom tabs. The collector issue fills it in.
const MAX_WIDTH = 420

function Tab({ to, icon: TabIcon, label }: { to: '/m/home' | '/m/scan' | '/m/lookup' | '/m/tasks'; icon: Icon; label: ReactNode }) {
  return (
    <UnstyledButton
      component={Link}
      to={to}
      style={{ flex: 1, textAlign: 'center', padding: '8px 0' }}
      activeProps={{ style: { color: 'var(--mantine-primary-color-filled)', fontWeight: 600 } }}
    >
      <TabIcon size={22} aria-hidden />
      <Text size="xs" inherit>
        {label}
      </Text>
    </UnstyledButton>
  )
}

export function CollectorLayout() {
  return (
    <Box maw={MAX_WIDTH} mx="auto" mih="100vh" style={{ display: 'flex', flexDirection: 'column' }}>
      <Group component="header" p="sm" gap="xs" style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}>
        <Image src={logoUrl} alt="" w={28} h={28} />
        <Text fw={700}>Movatic WMS</Text>
      </Group>
      <Box component="main" p="md" style={{ flex: 1 }}>
        <Outlet />
      </Box>
      <Group component="nav" gap={0} style={{ borderTop: '1px solid var(--mantine-color-default-border)', position: 'sticky', bottom: 0, background: 'var(--mantine-color-body)' }}>
        <Tab to="/m/home" icon={IconHome} label={<Trans>Início</Trans>} />
        <Tab to="/m/scan" icon={IconScan} label={<Trans>Scan</Trans>} />
        <Tab to="/m/lookup" icon={IconSearch} label={<Trans>Consulta</Trans>} />
        <Tab to="/m/tasks" icon={IconListCheck} label={<Trans>Tarefas</Trans>} />
      </Group>
    </Box>
  )
}
