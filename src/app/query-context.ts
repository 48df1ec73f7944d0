import type { QueryClient } from '@tanstack/react-query'
import type { RouterContext } from './router-context'

/**
 * beforeLoad of a route whose screens read the API through TanStack Query: loads the client (RouterContext) and
 * hands it to the route's children as `context.queryClient`, for their loaders; the route's component provides it
 * to its screens with QueryClientProvider. Type-only imports here: this runs in the entry, before any route chunk.
 */
export async function provideQueryClient({ context }: { context: RouterContext }): Promise<{ queryClient: QueryClient }> {
  return { queryClient: await context.loadQueryClient() }
}
