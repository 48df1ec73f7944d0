import { Link } from '@tanstack/react-router'
import { SimpleGrid, Text, Title, UnstyledButton } from '@mantine/core'
import { IconArrowsExchange, IconBuildingWarehouse, IconCloudUpload, IconClipboardList, IconListCheck, IconPackageExport, IconPackageImport, IconShoppingCart, IconScan, IconSearch, type Icon } from '@tabler/icons-react'
import { Trans } from '@lingui/react/macro'
import type { ReactNode } from 'react'
import { MyToday } from './my-today'
import { NextTaskPanel } from './next-task-panel'

type TilePath = '/m/scan' | '/m/lookup' | '/m/tasks' | '/m/receive' | '/m/putaway' | '/m/ship' | '/m/pick' | '/m/move' | '/m/count' | '/m/pending'

function Tile({ to, icon: TileIcon, label }: { to: TilePath; icon: Icon; label: ReactNode }) {
  return (
    <UnstyledButton
      component={Link}
      to={to}
      p="md"
      style={{
        minHeight: 104,
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        justifyContent: 'center',
        gap: 8,
        borderRadius: 'var(--mantine-radius-md)',
        border: '2px solid var(--collector-accent-text)',
        color: 'var(--collector-accent-text)',
        background: 'var(--collector-accent-soft)',
      }}
    >
      <TileIcon size={36} stroke={1.75} aria-hidden />
      <Text fw={700} size="lg" ta="center" inherit>
        {label}
      </Text>
    </UnstyledButton>
  )
}

/** /m/home (SPEC 2.16): the operator's day (§21.2), 'Próxima tarefa' (SPEC 19.4), then the tile menu, two big targets a row. */
export function CollectorHome() {
  return (
    <>
      <Title order={1} size="h2" mb="md">
        <Trans>Início</Trans>
      </Title>
      <MyToday />
      <NextTaskPanel />
      <SimpleGrid cols={2} spacing="sm" component="nav" aria-label="Menu">
        <Tile to="/m/scan" icon={IconScan} label={<Trans>Scan</Trans>} />
        <Tile to="/m/lookup" icon={IconSearch} label={<Trans>Consulta</Trans>} />
        <Tile to="/m/tasks" icon={IconListCheck} label={<Trans>Tarefas</Trans>} />
        <Tile to="/m/receive" icon={IconPackageImport} label={<Trans>Receber</Trans>} />
        <Tile to="/m/putaway" icon={IconBuildingWarehouse} label={<Trans>Armazenar</Trans>} />
        <Tile to="/m/ship" icon={IconPackageExport} label={<Trans>Expedir</Trans>} />
        <Tile to="/m/pick" icon={IconShoppingCart} label={<Trans>Separação em lote</Trans>} />
        <Tile to="/m/move" icon={IconArrowsExchange} label={<Trans>Mover</Trans>} />
        <Tile to="/m/count" icon={IconClipboardList} label={<Trans>Contar</Trans>} />
        {/* what waits to be sent and what was refused (docs/requirements.md §2.16), reachable without a badge too */}
        <Tile to="/m/pending" icon={IconCloudUpload} label={<Trans>Pendências</Trans>} />
      </SimpleGrid>
    </>
  )
}
