import { createRouter, type RouterHistory } from '@tanstack/react-router'
import type { QueryClient } from '@tanstack/react-query'
import type { SessionActor } from '../lib/session'
import { routeTree } from '../routeTree.gen'

export function createAppRouter({
  loadQueryClient,
  session,
  history,
}: {
  loadQueryClient: () => Promise<QueryClient>
  session: SessionActor
  history?: RouterHistory
}) {
  return createRouter({
    routeTree,
    context: { loadQueryClient, session },
    history,
    defaultPreload: 'intent',
    // the query cache decides freshness (SPEC 9), not the router's own loader cache
    defaultPreloadStaleTime: 0,
    scrollRestoration: true,
  })
}

export type AppRouter = ReturnType<typeof createAppRouter>

declare module '@tanstack/react-router' {
  interface Register {
    router: AppRouter
  }
}
