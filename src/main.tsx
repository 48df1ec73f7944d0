import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { RouterProvider } from '@tanstack/react-router'
import type { QueryClient } from '@tanstack/react-query'
import '@mantine/core/styles.css'
import '@mantine/notifications/styles.css'
// our theme's CSS variables, written at build time (tooling/mantine-static-css-variables.ts), after Mantine's
import 'virtual:mantine-css-variables.css'
import { AppProviders } from './app/providers'
import { createAppRouter } from './app/router'
import { isCollectorPath, loadRouteTree } from './app/route-trees'
import { readAccessToken } from './lib/storage'
// docs/requirements.md §22.3: the transition reporter is in place before the first actor (the session) starts
import './lib/flows-reporting'
import { getSessionActor } from './lib/session'
import { activateLocale, storedLocale } from './lib/i18n'

const session = getSessionActor()
// one query client for the app, created when a signed-in screen first needs it (TanStack Query is not in /login's load)
let queryClient: Promise<QueryClient> | undefined
const loadQueryClient = () => (queryClient ??= import('./lib/query-client').then((m) => m.createQueryClient()))

async function start(): Promise<void> {
  // a signed-in desktop page needs the query client before its first screen: asked for beside the route tree, not
  // after it (one link less in the chain of chunks a first visit waits for; docs/requirements.md §22.1)
  if (!isCollectorPath(window.location.pathname) && window.location.pathname !== '/login' && readAccessToken() !== null) void loadQueryClient()
  // the catalog loads before the first paint, so no screen flashes untranslated text; the route tree meanwhile
  const [{ routeTree, partial }] = await Promise.all([loadRouteTree(window.location.pathname), activateLocale(storedLocale())])
  const router = createAppRouter({ routeTree, partial, loadQueryClient, session })
  const root = document.getElementById('root')
  if (!root) throw new Error('index.html has no #root element')
  createRoot(root).render(
    <StrictMode>
      <AppProviders session={session}>
        <RouterProvider router={router} />
      </AppProviders>
    </StrictMode>,
  )
}

void start()
