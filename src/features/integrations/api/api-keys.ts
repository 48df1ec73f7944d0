import { queryOptions } from '@tanstack/react-query'
import type { ApiKey, ApiKeyCreateBody, ApiKeyCreated } from '../../../../contracts/integrations/api-keys.contract'
import { api } from '../../../lib/api-client'
import { toListQuery, toPaged, type ListParams } from '../../../lib/list-query'
import { integrationsKeys } from '../integrations-query-keys'

/** The company's API keys (docs/requirements.md §6), newest first. */
export function apiKeysQueryOptions(params: ListParams) {
  return queryOptions({
    queryKey: integrationsKeys.apiKeyList(params),
    queryFn: async ({ signal }) => toPaged<ApiKey>(await api.get<unknown>('/integrations/api-keys/', { query: toListQuery(params), signal })),
  })
}

export const createApiKey = (body: ApiKeyCreateBody) => api.post<ApiKeyCreated>('/integrations/api-keys/', body)
export const revokeApiKey = (id: number) => api.del(`/integrations/api-keys/${id}/`)
