import { createRouter, type RouterHistory } from '@tanstack/react-router'
import type { QueryClient } from '@tanstack/react-query'
import type { SessionActor } from '../lib/session'
import type { routeTree } from '../routeTree.gen'
import { parseSearch, stringifySearch } from '../lib/search-params'
import { OutsideRouteTree } from './outside-route-tree'

/** The whole app's route tree: its type is the router's (the handheld's tree is a part of it, src/app/route-trees.ts). */
export type AppRouteTree = typeof routeTree

export function createAppRouter({
  routeTree,
  loadQueryClient,
  session,
  history,
  partial = false,
}: {
  routeTree: AppRouteTree
  /** the handheld's tree, a part of the whole one (src/app/route-trees.ts) */
  partial?: boolean
  loadQueryClient: () => Promise<QueryClient>
  session: SessionActor
  history?: RouterHistory
}) {
  return createRouter({
    routeTree,
    context: { loadQueryClient, session },
    history,
    // plain values in the URL: a code of digits is neither quoted nor rounded (src/lib/search-params.ts)
    parseSearch,
    stringifySearch,
    defaultPreload: 'intent',
    // the query cache decides freshness (SPEC 9), not the router's own loader cache
    defaultPreloadStaleTime: 0,
    scrollRestoration: true,
    // a path outside the handheld's tree loads the page again, which then starts with the whole tree (the whole
    // tree's layouts have catch-all routes of their own: src/routes/_app/$.tsx, src/routes/m/$.tsx)
    ...(partial ? { defaultNotFoundComponent: OutsideRouteTree } : {}),
  })
}

export type AppRouter = ReturnType<typeof createAppRouter>

declare module '@tanstack/react-router' {
  interface Register {
    router: AppRouter
  }
}
