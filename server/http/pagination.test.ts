import { describe, expect, it } from 'vitest'
import { pageUrl } from './pagination'

// What DRF-style next/previous links were before they were assembled by hand (SPEC 17.5): the WHATWG
// URL parser's answer, which they must still be, for odd paths, queries and hosts as much as plain ones.
const reference = (request: { url: string; protocol: string; host: string }, page: number) => {
  const url = new URL(request.url, `${request.protocol}://${request.host}`)
  if (page === 1) url.searchParams.delete('page')
  else url.searchParams.set('page', String(page))
  return url.toString()
}

describe('pageUrl', () => {
  const urls = [
    '/api/inventory/stock/?page_size=20',
    '/api/inventory/stock/',
    '/api/inventory/stock/?',
    '/api/x/?page=3&search=a b',
    '/api/x/?search=%C3%A1gua&page=2',
    '/api/x/?search=a+b&page=2&x=%2B',
    '/api/x/?a=1&a=2&page=1&page=5',
    '/api/x/./y/?page=2',
    '/api/x/../y?page=2',
    '/api/x y/?page=2',
    '/api/x/?search=ç&page=2',
    '/api/x/?#frag',
    '/api/x/?q=a#b&page=2',
    '/api/%7Ex/?page=2',
    '/api/x/?q=%zz',
    '/api/x?=&&page=2',
    '//other.example/api/x/?page=2',
  ]
  const hosts = ['127.0.0.1:8080', 'localhost', 'Example.COM', 'wms.example.com:443', 'wms.example.com:80', '[::1]:80', 'xn--bcher-kva.example', '127.1']

  it("is the URL parser's link for every path, query, host, scheme and page", () => {
    for (const url of urls)
      for (const host of hosts)
        for (const protocol of ['http', 'https'] as const)
          for (const page of [1, 2, 7]) {
            const request = { url, host, protocol }
            // twice: the second answer comes from the parsed bases kept per host and path
            expect(pageUrl(request, page), `${protocol} ${host} ${url} ${page}`).toBe(reference(request, page))
            expect(pageUrl(request, page)).toBe(reference(request, page))
          }
  })

  it('is null without a page', () => {
    expect(pageUrl({ url: '/api/x/', host: 'localhost', protocol: 'http' }, null)).toBeNull()
  })
})
