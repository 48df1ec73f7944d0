import type { ReactNode } from 'react'
import { Alert, Tabs } from '@mantine/core'
import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { useSession } from '../../../lib/session'
import { ApiKeysPanel } from './api-keys-panel'
import { WebhooksPanel } from './webhooks-panel'

export type IntegrationsTab = { id: string; label: MessageDescriptor; panel: () => ReactNode }

/** The tabs of Configurações → Integrações; a panel is added by adding an entry (docs/requirements.md §6). */
export const INTEGRATIONS_TABS: IntegrationsTab[] = [
  { id: 'api-keys', label: msg`Chaves de API`, panel: () => <ApiKeysPanel /> },
  { id: 'webhooks', label: msg`Webhooks`, panel: () => <WebhooksPanel /> },
]

/** Admins only: the server refuses everyone else, and the screen says so rather than offer it. */
export function IntegrationsPage({ tabs = INTEGRATIONS_TABS }: { tabs?: IntegrationsTab[] }) {
  const { i18n } = useLingui()
  const { user } = useSession()
  if (user?.role !== 'admin') {
    return (
      <Alert color="gray" title={<Trans>Somente administradores</Trans>}>
        <Trans>As integrações são configuradas pelos administradores da empresa.</Trans>
      </Alert>
    )
  }
  return (
    <Tabs defaultValue={tabs[0].id} keepMounted={false}>
      <Tabs.List>
        {tabs.map((tab) => <Tabs.Tab key={tab.id} value={tab.id}>{i18n._(tab.label)}</Tabs.Tab>)}
      </Tabs.List>
      {tabs.map((tab) => <Tabs.Panel key={tab.id} value={tab.id} pt="md">{tab.panel()}</Tabs.Panel>)}
    </Tabs>
  )
}
