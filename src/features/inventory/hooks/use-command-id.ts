import { useCallback, useRef } from 'react'
import { ApiError } from '../../../lib/api-client'
import { commandAnswered, newCommandId } from '../command-id'

/**
 * One `command_id` per command: `current()` is the id to send; `settle(error)` after the answer renews it when the
 * server answered (a corrected form is a new command) and keeps it when no answer came (a retry is the same command).
 */
export function useCommandId() {
  const id = useRef<string | null>(null)
  const current = useCallback(() => (id.current ??= newCommandId()), [])
  const settle = useCallback((error?: unknown) => {
    if (error === undefined || (error instanceof ApiError && commandAnswered(error.status))) id.current = null
  }, [])
  return { current, settle }
}
