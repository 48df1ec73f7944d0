import { queryOptions } from '@tanstack/react-query'
import { api } from '../../../lib/api-client'
import { shippingKeys } from '../shipping-query-keys'
import type { PickSuggestionLine, ShippingTarget } from '../shipping-types'
import { targetPath } from './shipping-path'

/** Per open line: what is left, and free stock by FEFO with suggested quantities. */
export function pickSuggestionsQueryOptions(target: ShippingTarget) {
  return queryOptions({
    queryKey: shippingKeys.suggestions(target),
    queryFn: async () => (await api.get<{ lines: PickSuggestionLine[] }>(`${targetPath(target)}pick-suggestions/`)).lines,
    staleTime: 0,
  })
}
