import { describe, expect, it } from 'vitest'
import { listParamsOf, listSearchOf, validateListSearch } from './list-search'

describe('list params in the URL (SPEC 2.14)', () => {
  it('keeps the list params a URL carries, under the API names', () => {
    expect(validateListSearch({ search: ' alf ', page: 2, page_size: 50, ordering: '-warehouse__code' })).toEqual({
      search: 'alf',
      page: 2,
      page_size: 50,
      ordering: '-warehouse__code',
    })
    // the router parses a numeric value as a number
    expect(validateListSearch({ search: 12, page: '3' })).toEqual({ search: '12', page: 3 })
  })

  it('drops what a pasted link gets wrong, and the defaults', () => {
    expect(validateListSearch({ search: '', page: 0, page_size: 7, ordering: 'name; drop table' })).toEqual({})
    expect(validateListSearch({ page: 1.5, ordering: 42 })).toEqual({})
    expect(validateListSearch({ page: 1 })).toEqual({})
  })

  it('turns URL params into the list query and back, leaving the defaults out', () => {
    expect(listParamsOf({})).toEqual({ page: 1, pageSize: 20, search: '', ordering: '' })
    expect(listParamsOf({ page: 2, search: 'x' }, { pageSize: 10 })).toEqual({ page: 2, pageSize: 10, search: 'x', ordering: '' })
    expect(listSearchOf({ page: 1, pageSize: 20, search: '', ordering: '' })).toEqual({})
    expect(listSearchOf({ page: 3, pageSize: 50, search: 'a', ordering: '-code' })).toEqual({ page: 3, page_size: 50, search: 'a', ordering: '-code' })
    expect(listSearchOf({ page: 1, pageSize: 10, search: '', ordering: '' }, { pageSize: 10 })).toEqual({})
  })
})
