/**
 * The query a DataTable shows: its own state, or the params its screen holds (the route's URL,
 * SPEC 2.14); and the search box, which follows the params and sends what is typed after a pause.
 */
import { useCallback, useEffect, useRef, useState } from 'react'
import { useDebouncedValue } from '@mantine/hooks'
import type { SortingState } from '@tanstack/react-table'
import { DEFAULT_LIST_PARAMS, type ListParams } from '../lib/list-query'

// SPEC 9: search waits 350 ms after the last keystroke
export const SEARCH_DEBOUNCE_MS = 350

export type ChangeParams = (params: ListParams, options?: { replace?: boolean }) => void

/** SPEC 4, 7: the first sort key becomes DRF's `ordering`, `-field` when descending. */
export function toOrdering(sorting: SortingState): string {
  const first = sorting[0]
  if (!first) return ''
  return `${first.desc ? '-' : ''}${first.id}`
}

/** The inverse of toOrdering. */
export function fromOrdering(ordering: string): SortingState {
  if (!ordering) return []
  return ordering.startsWith('-') ? [{ id: ordering.slice(1), desc: true }] : [{ id: ordering, desc: false }]
}

/** `params` given: the screen holds them and hears every change; else the table keeps its own. */
export function useTableParams(controlled: ListParams | undefined, onParamsChange: ChangeParams | undefined) {
  const [own, setOwn] = useState<ListParams>(DEFAULT_LIST_PARAMS)
  const isControlled = controlled !== undefined
  const params = controlled ?? own
  const change = useCallback<ChangeParams>(
    (next, options) => {
      if (!isControlled) setOwn(next)
      onParamsChange?.(next, options)
    },
    [isControlled, onParamsChange],
  )
  return { params, change }
}

/** The search box's text: what the params say, until the user types; typing is sent after a pause. */
export function useSearchText(params: ListParams, change: ChangeParams) {
  const [text, setText] = useState(params.search)
  const [shown, setShown] = useState(params.search)
  // the params changed from outside (Back, a pasted link): the box shows them
  if (params.search !== shown) {
    setShown(params.search)
    if (text.trim() !== params.search) setText(params.search)
  }
  const [debounced] = useDebouncedValue(text.trim(), SEARCH_DEBOUNCE_MS)
  const latest = useRef({ params, change })
  useEffect(() => {
    latest.current = { params, change }
  }, [params, change])
  const sent = useRef(debounced)
  useEffect(() => {
    if (debounced === sent.current) return
    sent.current = debounced
    const current = latest.current.params
    // SPEC 2.14: a new search starts again from page 1
    if (debounced !== current.search) latest.current.change({ ...current, search: debounced, page: 1 })
  }, [debounced])
  return [text, setText] as const
}
