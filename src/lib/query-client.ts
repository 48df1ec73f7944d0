import { QueryClient } from '@tanstack/react-query'
import { ApiError } from './api-client'

// SPEC 9: staleness 15 s by default, 30 s for lists and the dashboard; one retry; no refetch on focus.
export const DEFAULT_STALE_TIME = 15_000
export const LIST_STALE_TIME = 30_000

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: DEFAULT_STALE_TIME,
        refetchOnWindowFocus: false,
        // SPEC 9: at most one retry; a 4xx answer will not change on a second try
        retry: (failureCount, error) => {
          if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false
          return failureCount < 1
        },
      },
    },
  })
}
