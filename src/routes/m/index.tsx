import { createFileRoute, redirect } from '@tanstack/react-router'

// SPEC 2.16: the collector opens on its home menu.
export const Route = createFileRoute('/m/')({
  beforeLoad: () => {
    throw redirect({ to: '/m/home', replace: true })
  },
})
