import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { RouterProvider } from '@tanstack/react-router'
import '@mantine/core/styles.css'
import '@mantine/notifications/styles.css'
import { AppProviders } from './app/providers'
import { createAppRouter } from './app/router'
import { getSessionActor } from './app/session'
import { activateLocale, storedLocale } from './lib/i18n'
import { createQueryClient } from './lib/query-client'

const queryClient = createQueryClient()
const session = getSessionActor()
const router = createAppRouter({ queryClient, session })

async function start(): Promise<void> {
  // the catalog loads before the first paint, so no screen flashes untranslated text
  await activateLocale(storedLocale())
  const root = document.getElementById('root')
  if (!root) throw new Error('index.html has no #root element')
  createRoot(root).render(
    <StrictMode>
      <AppProviders queryClient={queryClient} session={session}>
        <RouterProvider router={router} />
      </AppProviders>
    </StrictMode>,
  )
}

void start()
