import { createFileRoute, redirect } from '@tanstack/react-router'

// SPEC 2.1: an unknown desktop path redirects to /.
export const Route = createFileRoute('/_app/$')({
  beforeLoad: () => {
    throw redirect({ to: '/', replace: true })
  },
})
