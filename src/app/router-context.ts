import type { QueryClient } from '@tanstack/react-query'
import type { SessionActor } from '../lib/session'

/** What every route's loader and beforeLoad receive. */
export interface RouterContext {
  /**
   * The query client, loaded with TanStack Query on first use: the signed-in layouts (/_app, /m/tasks) put it in
   * their children's context as `queryClient`, so the login's first load carries no query code (the budget of SPEC 17.5).
   */
  loadQueryClient: () => Promise<QueryClient>
  /** the session the guards ask (tests pass a fresh one) */
  session: SessionActor
}
