import type { ReactNode } from 'react'
import { ActionIcon, Box, Collapse, Divider, Group, ScrollArea, Stack, Text, Tooltip, UnstyledButton } from '@mantine/core'
import {
  IconChevronDown,
  IconChevronRight,
  IconLayoutSidebarLeftCollapse,
  IconLayoutSidebarLeftExpand,
  IconStar,
  IconStarFilled,
} from '@tabler/icons-react'
import { Trans, useLingui } from '@lingui/react/macro'
import { useRouterState } from '@tanstack/react-router'
import { allNavItems, NAV_SECTIONS, navItemVisible, type NavItem } from '../nav-items'
import { useSession } from '../../../lib/session'
import type { NavPrefs } from '../hooks/use-nav-prefs'
import { RouterNavLink } from './router-nav-link'

export const PRODUCT_NAME = 'Movatic WMS'

interface SidebarProps {
  username: string
  companyName: string | undefined
  prefs: NavPrefs
  /** the narrow icons-only sidebar (desktop only) */
  compact: boolean
  onToggleSection: (id: string) => void
  onToggleFavourite: (id: string) => void
  onCompactChange?: (compact: boolean) => void
  onNavigate: () => void
}

function matches(pathname: string, to: string): boolean {
  if (to === '/') return pathname === '/'
  return pathname === to || pathname.startsWith(`${to}/`)
}

/** The route of the item to mark: the most specific one, so /printing/printers marks Printers, not Printing too. */
function activeRoute(pathname: string): string | undefined {
  return allNavItems()
    .map((item) => item.to as string)
    .filter((to) => matches(pathname, to))
    .sort((a, b) => b.length - a.length)[0]
}

function ItemRow({
  item,
  keyPrefix,
  compact,
  favourite,
  active,
  onToggleFavourite,
  onNavigate,
}: {
  item: NavItem
  keyPrefix: string
  compact: boolean
  favourite: boolean
  active: boolean
  onToggleFavourite: (id: string) => void
  onNavigate: () => void
}) {
  const { i18n, t } = useLingui()
  const label = i18n._(item.label)
  const ItemIcon = item.icon
  if (compact) {
    return (
      <Tooltip label={label} position="right" withinPortal>
        <RouterNavLink
          to={item.to}
          active={active}
          activeOptions={{ exact: !active }}
          aria-label={label}
          leftSection={<ItemIcon size={20} aria-hidden />}
          onClick={onNavigate}
          styles={{ root: { justifyContent: 'center', paddingInline: 0 }, section: { marginInlineEnd: 0 }, body: { display: 'none' } }}
          data-nav-id={`${keyPrefix}${item.id}`}
        />
      </Tooltip>
    )
  }
  return (
    <Group gap={0} wrap="nowrap">
      <RouterNavLink
        to={item.to}
        active={active}
        // the router's own aria-current follows the same choice: a less specific item is current only on its exact path
        activeOptions={{ exact: !active }}
        label={label}
        leftSection={<ItemIcon size={18} aria-hidden />}
        onClick={onNavigate}
        style={{ flex: 1, borderRadius: 'var(--mantine-radius-sm)' }}
        data-nav-id={`${keyPrefix}${item.id}`}
      />
      <ActionIcon
        variant="subtle"
        color={favourite ? 'yellow' : 'gray'}
        // WCAG 2.2 target size: at least 24 px
        size={24}
        aria-pressed={favourite}
        aria-label={favourite ? t`Remover dos favoritos: ${label}` : t`Adicionar aos favoritos: ${label}`}
        onClick={() => onToggleFavourite(item.id)}
      >
        {favourite ? <IconStarFilled size={14} aria-hidden /> : <IconStar size={14} aria-hidden />}
      </ActionIcon>
    </Group>
  )
}

function SectionHeader({
  id,
  label,
  open,
  onToggle,
  level,
}: {
  id: string
  label: string
  open: boolean
  onToggle: (id: string) => void
  level: 1 | 2
}) {
  return (
    <UnstyledButton
      onClick={() => onToggle(id)}
      aria-expanded={open}
      aria-controls={`nav-section-${id}`}
      px="xs"
      py={4}
      mt={level === 1 ? 'sm' : 4}
      w="100%"
      style={{ borderRadius: 'var(--mantine-radius-sm)' }}
    >
      <Group gap={4} wrap="nowrap">
        {open ? <IconChevronDown size={14} aria-hidden /> : <IconChevronRight size={14} aria-hidden />}
        <Text size="xs" fw={level === 1 ? 700 : 600} c="dimmed" tt={level === 1 ? 'uppercase' : undefined}>
          {label}
        </Text>
      </Group>
    </UnstyledButton>
  )
}

export function Sidebar({
  username,
  companyName,
  prefs,
  compact,
  onToggleSection,
  onToggleFavourite,
  onCompactChange,
  onNavigate,
}: SidebarProps) {
  const { i18n, t } = useLingui()
  const pathname = useRouterState({ select: (state) => state.location.pathname })
  const { user } = useSession()
  const visible = (item: NavItem) => navItemVisible(item, user?.role)
  const favourites = allNavItems().filter((item) => visible(item) && prefs.favourites.includes(item.id))
  const isOpen = (id: string) => !prefs.collapsed.includes(id)
  const active = activeRoute(pathname)

  const row = (item: NavItem, keyPrefix = '') => (
    <ItemRow
      key={`${keyPrefix}${item.id}`}
      item={item}
      keyPrefix={keyPrefix}
      compact={compact}
      favourite={prefs.favourites.includes(item.id)}
      active={item.to === active}
      onToggleFavourite={onToggleFavourite}
      onNavigate={onNavigate}
    />
  )

  const collapsible = (id: string, label: string, level: 1 | 2, children: ReactNode) =>
    compact ? (
      <Box key={id}>
        {level === 1 ? <Divider my={6} /> : null}
        {children}
      </Box>
    ) : (
      <Box key={id}>
        <SectionHeader id={id} label={label} open={isOpen(id)} onToggle={onToggleSection} level={level} />
        <Collapse expanded={isOpen(id)} id={`nav-section-${id}`}>
          <Box pl={level === 2 ? 'xs' : 0}>{children}</Box>
        </Collapse>
      </Box>
    )

  return (
    <Stack h="100%" gap={0}>
      <Box px={compact ? 'xs' : 'md'} pt={compact ? 'xs' : 'md'} pb="xs">
        {compact ? (
          <Tooltip label={companyName ?? PRODUCT_NAME} position="right" withinPortal>
            <Text fw={700} ta="center" size="lg" aria-label={companyName ?? PRODUCT_NAME}>
              {(companyName ?? PRODUCT_NAME).slice(0, 2).toUpperCase()}
            </Text>
          </Tooltip>
        ) : (
          <Text fw={700} size="lg" truncate="end" data-testid="sidebar-company">
            {companyName ?? PRODUCT_NAME}
          </Text>
        )}
      </Box>
      <ScrollArea style={{ flex: 1 }} px={compact ? 6 : 'xs'}>
        {favourites.length > 0
          ? collapsible(
              'favourites',
              t`Favoritos`,
              1,
              favourites.map((item) => row(item, 'fav-')),
            )
          : null}
        {NAV_SECTIONS.map((section) =>
          collapsible(section.id, i18n._(section.label), 1, [
            ...(section.items ?? []).filter(visible).map((item) => row(item)),
            ...(section.groups ?? []).map((group) =>
              collapsible(
                `${section.id}.${group.id}`,
                i18n._(group.label),
                2,
                group.items.filter(visible).map((item) => row(item)),
              ),
            ),
          ]),
        )}
      </ScrollArea>
      <Divider />
      <Group p="xs" justify={compact ? 'center' : 'space-between'} wrap="nowrap" gap="xs">
        {compact ? null : (
          <Text size="xs" c="dimmed" truncate="end">
            <Trans>Conectado como {username}</Trans>
          </Text>
        )}
        {onCompactChange ? (
          <Tooltip label={compact ? t`Expandir menu` : t`Compactar menu`} position="right" withinPortal>
            <ActionIcon
              variant="subtle"
              color="gray"
              aria-label={compact ? t`Expandir menu` : t`Compactar menu`}
              aria-pressed={compact}
              onClick={() => onCompactChange(!compact)}
            >
              {compact ? <IconLayoutSidebarLeftExpand size={18} aria-hidden /> : <IconLayoutSidebarLeftCollapse size={18} aria-hidden />}
            </ActionIcon>
          </Tooltip>
        ) : null}
      </Group>
    </Stack>
  )
}
