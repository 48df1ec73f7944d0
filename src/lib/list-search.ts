/**
 * STYLE habit 17, SPEC 2.14: a list's state lives in its route's search params, under the names
 * the API uses (`search`, `page`, `page_size`, `ordering`), so Back, reload and a pasted link show
 * the same page. A route declares `validateSearch: validateListSearch` and
 * `loaderDeps: ({ search }) => listParamsOf(search)`, and its screen reads `useListSearch`.
 */
import { useCallback, useMemo } from 'react'
import { useNavigate } from '@tanstack/react-router'
import { DEFAULT_LIST_PARAMS, PAGE_SIZES, type ListParams } from './list-query'

/** A list's search params as they stand in the URL; a default is left out. */
export interface ListSearch {
  search?: string
  page?: number
  page_size?: number
  ordering?: string
}

/** What a list screen hands its table: the page the URL names, and how to name another. */
export interface ListState {
  params: ListParams
  onParamsChange: (params: ListParams, options?: { replace?: boolean }) => void
}

// DRF ordering: `field`, `-field`, `a__b`; several keys separated by commas
const ORDERING = /^-?\w+(,-?\w+)*$/

/** Keeps the list params a URL may carry, dropping what is malformed (a pasted link can say anything). */
export function validateListSearch(raw: Record<string, unknown>): ListSearch {
  const out: ListSearch = {}
  // the router parses `?search=12` as the number 12
  const search = typeof raw.search === 'number' ? String(raw.search) : raw.search
  if (typeof search === 'string' && search.trim() !== '') out.search = search.trim()
  const page = Number(raw.page)
  if (Number.isInteger(page) && page > 1) out.page = page
  const pageSize = Number(raw.page_size)
  if ((PAGE_SIZES as readonly number[]).includes(pageSize)) out.page_size = pageSize
  if (typeof raw.ordering === 'string' && ORDERING.test(raw.ordering)) out.ordering = raw.ordering
  return out
}

/** The query a URL's list params name; `pageSize` is the list's own default when it has one. */
export function listParamsOf(search: ListSearch, defaults: Pick<ListParams, 'pageSize'> = DEFAULT_LIST_PARAMS): ListParams {
  return {
    page: search.page ?? 1,
    pageSize: search.page_size ?? defaults.pageSize,
    search: search.search ?? '',
    ordering: search.ordering ?? '',
  }
}

/** The inverse of listParamsOf: the URL's list params, defaults left out so a plain list keeps a plain URL. */
export function listSearchOf(params: ListParams, defaults: Pick<ListParams, 'pageSize'> = DEFAULT_LIST_PARAMS): ListSearch {
  const out: ListSearch = {}
  if (params.search) out.search = params.search
  if (params.page > 1) out.page = params.page
  if (params.pageSize !== defaults.pageSize) out.page_size = params.pageSize
  if (params.ordering) out.ordering = params.ordering
  return out
}

/**
 * The list state of the current route: its params from `search` (the route's validated search) and
 * a change as a navigation, so each page, search and ordering is an entry in the history.
 */
export function useListSearch(search: ListSearch, defaults: Pick<ListParams, 'pageSize'> = DEFAULT_LIST_PARAMS): ListState {
  const navigate = useNavigate()
  const { page, page_size: pageSize, search: text, ordering } = search
  const params = useMemo(
    () => listParamsOf({ page, page_size: pageSize, search: text, ordering }, defaults),
    [page, pageSize, text, ordering, defaults],
  )
  const onParamsChange = useCallback(
    (next: ListParams, options?: { replace?: boolean }) => {
      // other search params of the route (a filter) stay as they are
      void navigate({
        to: '.',
        search: (previous: Record<string, unknown>) => ({ ...withoutList(previous), ...listSearchOf(next, defaults) }),
        replace: options?.replace ?? false,
      } as Parameters<typeof navigate>[0])
    },
    [navigate, defaults],
  )
  return useMemo(() => ({ params, onParamsChange }), [params, onParamsChange])
}

function withoutList(search: Record<string, unknown>): Record<string, unknown> {
  const { search: _search, page: _page, page_size: _pageSize, ordering: _ordering, ...rest } = search
  return rest
}
