import type { ListParams } from '../../lib/list-query'

/** Query keys of the integrations screen: one factory, so loaders and components share them. */
export const integrationsKeys = {
  all: ['integrations'] as const,
  apiKeys: () => [...integrationsKeys.all, 'api-keys'] as const,
  apiKeyList: (params: ListParams) => [...integrationsKeys.apiKeys(), 'list', params] as const,
}
