import { ActionIcon, Burger, Divider, Group, Image, Text, Tooltip, useComputedColorScheme } from '@mantine/core'
import { IconDeviceMobile, IconLogout } from '@tabler/icons-react'
import { useLingui } from '@lingui/react/macro'
import type { User } from '../../../lib/session-types'
import { LanguageSelect } from '../../../components/language-select'
import { useCompanyLogoSrc } from '../../../lib/company-logo'
import { ThemeSwitch } from '../../../components/theme-switch'
import productLogoUrl from '../../../assets/movatic-logo.svg'
import { PRODUCT_NAME } from './sidebar'

/**
 * SPEC 1: the client logo is the one the company's admin uploaded in Settings (SPEC 2.13), else the one configured for
 * this installation; without either, the signed-in user's company logo (its dark variant in the dark theme) and name.
 */
function clientLogo(user: User | null, dark: boolean, uploaded: string | null): { src: string | null; name: string | null; alt?: string } {
  // the company's own logo stands for its name
  if (uploaded) return { src: uploaded, name: null, alt: user?.company.name }
  const configured = dark ? (import.meta.env.VITE_CLIENT_LOGO_DARK_URL ?? import.meta.env.VITE_CLIENT_LOGO_URL) : import.meta.env.VITE_CLIENT_LOGO_URL
  if (configured) return { src: configured, name: null }
  if (!user) return { src: null, name: null }
  const company = user.company
  const src = dark ? (company.logoUrlDark ?? company.logoUrl) : company.logoUrl
  return { src: src ?? null, name: company.name }
}

export function AppHeader({
  user,
  navOpened,
  onToggleNav,
  onLogout,
  compactControls,
}: {
  /** small screens: the language and theme controls move into the menu */
  compactControls: boolean
  user: User | null
  navOpened: boolean
  onToggleNav: () => void
  onLogout: () => void
}) {
  const { t } = useLingui()
  const dark = useComputedColorScheme('light') === 'dark'
  const client = clientLogo(user, dark, useCompanyLogoSrc(dark, user !== null))
  return (
    <Group h="100%" px="md" justify="space-between" wrap="nowrap">
      <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
        <Burger opened={navOpened} onClick={onToggleNav} hiddenFrom="sm" size="sm" aria-label={navOpened ? t`Fechar menu` : t`Abrir menu`} />
        <Image src={productLogoUrl} alt="" w={32} h={32} />
        <Text fw={700} visibleFrom="xs">
          {PRODUCT_NAME}
        </Text>
        {client.src || client.name ? <Divider orientation="vertical" visibleFrom={client.src ? undefined : "sm"} /> : null}
        {client.src ? <Image src={client.src} alt={client.alt ?? client.name ?? t`Logo do cliente`} h={28} w="auto" fit="contain" /> : null}
        {client.name ? (
          <Text size="sm" c="dimmed" truncate="end" visibleFrom="sm">
            {client.name}
          </Text>
        ) : null}
      </Group>
      <Group gap="xs" wrap="nowrap">
        {compactControls ? null : (
          <>
            <LanguageSelect />
            <ThemeSwitch />
          </>
        )}
        <Tooltip label={t`Simulador do coletor`} withinPortal>
          <ActionIcon
            component="a"
            href="/m/sim"
            target="_blank"
            rel="noopener noreferrer"
            variant="default"
            size="lg"
            aria-label={t`Abrir o simulador do coletor em uma nova aba`}
          >
            <IconDeviceMobile size={18} aria-hidden />
          </ActionIcon>
        </Tooltip>
        <Tooltip label={t`Sair`} withinPortal>
          <ActionIcon variant="default" size="lg" aria-label={t`Sair`} onClick={onLogout}>
            <IconLogout size={18} aria-hidden />
          </ActionIcon>
        </Tooltip>
      </Group>
    </Group>
  )
}
