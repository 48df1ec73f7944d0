import { createFileRoute } from '@tanstack/react-router'
import { CollectorNotFound } from '../../features/collector/components/collector-not-found'

// SPEC 8: an unknown collector path says so, with a way back.
export const Route = createFileRoute('/m/$')({
  component: CollectorNotFound,
})
