import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { RouterProvider } from '@tanstack/react-router'
import '@mantine/core/styles.css'
import '@mantine/notifications/styles.css'
import { AppProviders } from './app/providers'
import { createAppRouter } from './app/router'
import { activateLocale, storedLocale } from './lib/i18n'
import { createQueryClient } from './lib/query-client'

const queryClient = createQueryClient()
const router = createAppRouter({ queryClient })

async function start(): Promise<void> {
  // the catalog loads before the first paint, so no screen flashes untranslated text
  await activateLocale(storedLocale())
  const root = document.getElementById('root')
  if (!root) throw new Error('index.html has no #root element')
  createRoot(root).render(
    <StrictMode>
      <AppProviders queryClient={queryClient}>
        <RouterProvider router={router} />
      </AppProviders>
    </StrictMode>,
  )
}

void start()
