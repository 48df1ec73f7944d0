import { queryOptions } from '@tanstack/react-query'
import type { WebhookCreateBody, WebhookCreated, WebhookDelivery, WebhookPatchBody, WebhookSubscription } from '../../../../contracts/integrations/webhooks.contract'
import type { WebhookDeliveryStatus } from '../../../../contracts/integrations/webhooks.rules'
import { api } from '../../../lib/api-client'
import { toListQuery, toPaged, type ListParams } from '../../../lib/list-query'
import { integrationsKeys } from '../integrations-query-keys'

/** The company's webhook subscriptions (docs/requirements.md §6, ADR 0020), newest first; never their secrets. */
export function webhooksQueryOptions(params: ListParams) {
  return queryOptions({
    queryKey: integrationsKeys.webhookList(params),
    queryFn: async ({ signal }) => toPaged<WebhookSubscription>(await api.get<unknown>('/integrations/webhooks/', { query: toListQuery(params), signal })),
  })
}

const PENDING_REFRESH_MS = 5_000

/** A subscription's delivery log, newest event first; `status` narrows it to pending, delivered or dead. */
export function webhookDeliveriesQueryOptions(id: number, status: WebhookDeliveryStatus | null, params: ListParams) {
  return queryOptions({
    queryKey: integrationsKeys.webhookDeliveryList(id, status, params),
    queryFn: async ({ signal }) => {
      // the delivery log has no search: only the page, its size, the ordering and the status
      const query: Record<string, string | number> = { ...toListQuery({ ...params, search: '' }) }
      if (status) query.status = status
      return toPaged<WebhookDelivery>(await api.get<unknown>(`/integrations/webhooks/${id}/deliveries/`, { query, signal }))
    },
    // a delivery waiting (a redelivery just asked for, a retry due) changes soon: look again while one is shown
    refetchInterval: (query) => (query.state.data?.results.some((d) => d.status === 'pending') ? PENDING_REFRESH_MS : false),
  })
}

export const createWebhook = (body: WebhookCreateBody) => api.post<WebhookCreated>('/integrations/webhooks/', body)
export const updateWebhook = (id: number, body: WebhookPatchBody) => api.patch<WebhookSubscription>(`/integrations/webhooks/${id}/`, body)
export const deleteWebhook = (id: number) => api.del(`/integrations/webhooks/${id}/`)
export const redeliverWebhook = (id: number, delivery: number) => api.post<WebhookDelivery>(`/integrations/webhooks/${id}/deliveries/${delivery}/redeliver/`)
