/** SPEC 2.14, 7: the query of a server-side list (DRF pagination, search and ordering). */
export interface ListParams {
  /** 1-based page number */
  page: number
  pageSize: number
  search: string
  /** DRF `ordering`: `field`, `-field` for descending, `a__b` for a related field; '' for none */
  ordering: string
}

export interface Paged<T> {
  count: number
  results: T[]
}

// SPEC 9: page sizes 10, 20, 50, 100; 20 by default
export const PAGE_SIZES = [10, 20, 50, 100] as const
export const DEFAULT_PAGE_SIZE = 20

export const DEFAULT_LIST_PARAMS: ListParams = { page: 1, pageSize: DEFAULT_PAGE_SIZE, search: '', ordering: '' }

/** The query string a DRF list expects; empty search and ordering are left out. */
export function toListQuery(params: ListParams): Record<string, string | number> {
  const query: Record<string, string | number> = { page: params.page, page_size: params.pageSize }
  if (params.search) query.search = params.search
  if (params.ordering) query.ordering = params.ordering
  return query
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null
}

/** SPEC 3: a paged response is `{count, results}`; a plain array is accepted too. */
export function toPaged<T>(body: unknown): Paged<T> {
  if (Array.isArray(body)) return { count: body.length, results: body as T[] }
  if (isRecord(body) && Array.isArray(body.results)) {
    const results = body.results as T[]
    return { count: typeof body.count === 'number' ? body.count : results.length, results }
  }
  return { count: 0, results: [] }
}
