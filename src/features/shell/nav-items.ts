import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import type { Icon } from '@tabler/icons-react'
import {
  IconAdjustmentsCog,
  IconArrowsExchange,
  IconArrowsRight,
  IconBox,
  IconBuilding,
  IconBuildingStore,
  IconBuildingWarehouse,
  IconCertificate,
  IconChartBar,
  IconClipboardList,
  IconFileInvoice,
  IconForklift,
  IconHistory,
  IconLayoutDashboard,
  IconListCheck,
  IconListTree,
  IconMapPin,
  IconPackage,
  IconPackages,
  IconParking,
  IconPrinter,
  IconProgressCheck,
  IconRoute,
  IconRouteSquare,
  IconRuler,
  IconScan,
  IconSearch,
  IconSettings,
  IconStack2,
  IconStackBack,
  IconStackPush,
  IconPlugConnected,
  IconTruck,
  IconTruckDelivery,
  IconTruckLoading,
  IconUser,
  IconUsers,
  IconUsersGroup,
} from '@tabler/icons-react'
import type { RegisteredRouter } from '@tanstack/react-router'

// the registered router's paths (routeTree.gen.ts registers it), read without importing the route tree that imports this file
export type NavPath = keyof RegisteredRouter['routeTree']['types']['fileRouteTypes']['fileRoutesByTo'] & string

export interface NavItem {
  /** stable id, kept in the favourites list; two items may share a route (SPEC 2.3 lists users twice) */
  id: string
  label: MessageDescriptor
  to: NavPath
  icon: Icon
  /** shown only to these roles (the server refuses the others anyway); absent: everyone */
  roles?: readonly string[]
}

export interface NavGroup {
  id: string
  label: MessageDescriptor
  items: NavItem[]
}

export interface NavSection {
  id: string
  label: MessageDescriptor
  /** a section holds items directly, or sub-groups (CADASTROS) */
  items?: NavItem[]
  groups?: NavGroup[]
}

// SPEC 2.3: sections, sub-groups and routes of the desktop menu.
export const NAV_SECTIONS: NavSection[] = [
  {
    id: 'operation',
    label: msg`OPERAÇÃO`,
    items: [
      { id: 'dashboard', label: msg`Dashboard`, to: '/', icon: IconLayoutDashboard },
      { id: 'scan', label: msg`Scan`, to: '/inventory/scan', icon: IconScan },
      { id: 'stock-search', label: msg`Consulta de Estoque`, to: '/inventory/search', icon: IconSearch },
      { id: 'stock-moves', label: msg`Movimentações`, to: '/inventory/moves', icon: IconHistory },
      // docs/requirements.md §21.4: the supervisor's figures (operators see their own on the handheld)
      { id: 'kpis', label: msg`Indicadores`, to: '/operations/kpis', icon: IconChartBar, roles: ['admin', 'supervisor'] },
      { id: 'stock-counts', label: msg`Contagens`, to: '/inventory/counts', icon: IconClipboardList },
      { id: 'lot-trace', label: msg`Rastreio de lote`, to: '/inventory/trace', icon: IconRouteSquare },
      { id: 'printing', label: msg`Impressão`, to: '/printing', icon: IconPrinter },
      { id: 'printers', label: msg`Impressoras`, to: '/printing/printers', icon: IconAdjustmentsCog },
    ],
  },
  {
    id: 'registry',
    label: msg`CADASTROS`,
    groups: [
      {
        id: 'catalog',
        label: msg`Catálogo`,
        items: [
          { id: 'uoms', label: msg`Unidades de medida`, to: '/catalog/uoms', icon: IconRuler },
          { id: 'products', label: msg`Produtos`, to: '/catalog/products', icon: IconPackage },
          { id: 'product-packs', label: msg`Embalagens de produto`, to: '/catalog/product-packs', icon: IconPackages },
        ],
      },
      {
        id: 'core',
        label: msg`Estrutura (Core)`,
        items: [
          { id: 'companies', label: msg`Empresas`, to: '/core/companies', icon: IconBuilding },
          { id: 'sites', label: msg`Sites`, to: '/core/sites', icon: IconBuildingStore },
          { id: 'warehouses', label: msg`Armazéns`, to: '/core/warehouses', icon: IconBuildingWarehouse },
          { id: 'locations', label: msg`Localizações`, to: '/core/locations', icon: IconMapPin },
          // §20.1: a location × product picked from
          { id: 'pick-faces', label: msg`Pontos de separação`, to: '/inventory/pick-faces', icon: IconStackPush },
          // §20.4: the velocity report and its re-slotting suggestions, admins and supervisors
          { id: 'slotting', label: msg`Endereçamento por giro`, to: '/inventory/slotting', icon: IconArrowsExchange, roles: ['admin', 'supervisor'] },
          { id: 'storage-categories', label: msg`Categorias de armazenagem`, to: '/core/storage-categories', icon: IconBox },
          { id: 'putaway-rules', label: msg`Regras de armazenagem`, to: '/core/putaway-rules', icon: IconArrowsRight },
        ],
      },
      {
        id: 'partners',
        label: msg`Parceiros`,
        items: [
          { id: 'customers', label: msg`Clientes`, to: '/partners/customers', icon: IconUsers },
          { id: 'suppliers', label: msg`Fornecedores`, to: '/partners/suppliers', icon: IconTruckDelivery },
          { id: 'carriers', label: msg`Transportadoras`, to: '/partners/carriers', icon: IconTruck },
        ],
      },
      {
        id: 'workforce',
        label: msg`Workforce (Admin)`,
        items: [
          { id: 'workforce-users', label: msg`Usuários`, to: '/workforce/users', icon: IconUser },
          { id: 'skills', label: msg`Habilidades`, to: '/workforce/skills', icon: IconCertificate },
          { id: 'parking-spots', label: msg`Vagas de estacionamento`, to: '/workforce/parking-spots', icon: IconParking },
          { id: 'equipments', label: msg`Equipamentos`, to: '/workforce/equipments', icon: IconForklift },
        ],
      },
    ],
  },
  {
    id: 'processes',
    label: msg`PROCESSOS`,
    items: [
      { id: 'receiving', label: msg`Recebimento`, to: '/receiving', icon: IconTruckLoading },
      { id: 'inbound-documents', label: msg`Pedidos de compra e ASNs`, to: '/receiving/documents', icon: IconFileInvoice },
      { id: 'shipping', label: msg`Expedição`, to: '/shipping', icon: IconTruckDelivery },
      // SPEC 12.6: the outbound documents the office enters
      { id: 'sales-orders', label: msg`Pedidos de venda`, to: '/shipping/orders', icon: IconFileInvoice },
      { id: 'waves', label: msg`Ondas`, to: '/shipping/waves', icon: IconStack2 },
      // SPEC 19.6: the supervisor's view of the waves being picked
      { id: 'picking', label: msg`Separação em andamento`, to: '/shipping/picking', icon: IconProgressCheck, roles: ['admin', 'supervisor'] },
      { id: 'copack', label: msg`Copack`, to: '/manufacturing/copack-orders', icon: IconBox },
      { id: 'boms', label: msg`Listas de materiais`, to: '/manufacturing/boms', icon: IconListTree },
    ],
  },
  {
    id: 'system',
    label: msg`SISTEMA`,
    items: [
      { id: 'tasks', label: msg`Tarefas`, to: '/workforce/tasks', icon: IconListCheck },
      { id: 'settings', label: msg`Configurações`, to: '/settings', icon: IconSettings },
      { id: 'flows', label: msg`Fluxos`, to: '/flows', icon: IconRoute },
      { id: 'system-users', label: msg`Usuários`, to: '/workforce/users', icon: IconUsersGroup },
      // ADR 0017: the job queue, admins only
      { id: 'system-jobs', label: msg`Fila de trabalhos`, to: '/system/jobs', icon: IconStackBack, roles: ['admin'] },
      // ADR 0019: API keys, admins only
      { id: 'settings-integrations', label: msg`Integrações`, to: '/settings/integrations', icon: IconPlugConnected, roles: ['admin'] },
    ],
  },
]

/** Whether a role sees an item in the menu. */
export const navItemVisible = (item: NavItem, role: string | undefined): boolean => !item.roles || (role !== undefined && item.roles.includes(role))

export function allNavItems(): NavItem[] {
  return NAV_SECTIONS.flatMap((section) => [
    ...(section.items ?? []),
    ...(section.groups ?? []).flatMap((group) => group.items),
  ])
}
