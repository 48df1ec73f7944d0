import type { WebhookDeliveryStatus } from '../../../contracts/integrations/webhooks.rules'
import type { ListParams } from '../../lib/list-query'

/** Query keys of the integrations screen: one factory, so loaders and components share them. */
export const integrationsKeys = {
  all: ['integrations'] as const,
  apiKeys: () => [...integrationsKeys.all, 'api-keys'] as const,
  apiKeyList: (params: ListParams) => [...integrationsKeys.apiKeys(), 'list', params] as const,
  webhooks: () => [...integrationsKeys.all, 'webhooks'] as const,
  webhookList: (params: ListParams) => [...integrationsKeys.webhooks(), 'list', params] as const,
  webhookDeliveries: (id: number) => [...integrationsKeys.webhooks(), id, 'deliveries'] as const,
  webhookDeliveryList: (id: number, status: WebhookDeliveryStatus | null, params: ListParams) =>
    [...integrationsKeys.webhookDeliveries(id), { status }, params] as const,
}
