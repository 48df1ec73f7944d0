import { queryOptions } from '@tanstack/react-query'
import { api } from '../../../lib/api-client'
import { receivingKeys } from '../receiving-query-keys'
import type { PutawaySuggestion } from '../receiving-types'

export function putawaySuggestionsQueryOptions(documentId: number) {
  return queryOptions({
    queryKey: receivingKeys.putaway(documentId),
    queryFn: async () => (await api.get<{ pallets: PutawaySuggestion[] }>(`/receiving/documents/${documentId}/putaway-suggestions/`)).pallets,
    staleTime: 0,
  })
}
