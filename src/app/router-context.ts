import type { QueryClient } from '@tanstack/react-query'
import type { SessionActor } from './session'

/** What every route's loader and beforeLoad receive. */
export interface RouterContext {
  queryClient: QueryClient
  /** the session the guards ask (tests pass a fresh one) */
  session: SessionActor
}
