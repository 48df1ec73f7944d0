import { afterEach, describe, expect, it, vi } from 'vitest'
import { createApiClient } from './api-client'
import type { AuthBridge } from './api-client'
import { forgetProbe, probeEndpoint } from './api-client-probe'
import { probeKey } from './storage'

const uoms = ['/product/uoms/', '/product/uom/', '/product/uoms-list/', '/uoms/']
const bridge: AuthBridge = { getAccessToken: () => 't', refreshAccess: () => Promise.reject(new Error('none')) }

function server(statuses: Record<string, number | 'down'>) {
  const fetch = vi.fn(async (input: RequestInfo | URL) => {
    const path = new URL(String(input), 'http://localhost').pathname.replace(/^\/api/, '')
    const status = statuses[path] ?? 404
    if (status === 'down') throw new TypeError('Failed to fetch')
    return new Response(JSON.stringify(status < 300 ? { count: 0, results: [] } : { detail: 'x' }), {
      status,
      headers: { 'content-type': 'application/json' },
    })
  })
  return { fetch, client: createApiClient({ fetch, auth: bridge }) }
}

afterEach(() => forgetProbe())

describe('probeEndpoint (SPEC 7)', () => {
  it('finds the first accepted candidate and remembers it', async () => {
    const { fetch, client } = server({ '/product/uom/': 200 })
    await expect(probeEndpoint('uom', uoms, { client })).resolves.toMatchObject({ kind: 'found', path: '/product/uom/' })
    expect(fetch).toHaveBeenCalledTimes(2)
    expect(String(fetch.mock.calls[0][0])).toBe('/api/product/uoms/?page=1&page_size=1')
    expect(JSON.parse(sessionStorage.getItem(probeKey('uom')) ?? 'null')).toEqual({ path: '/product/uom/', status: 200 })

    await expect(probeEndpoint('uom', uoms, { client })).resolves.toEqual({ kind: 'found', path: '/product/uom/', status: 200, tested: [] })
    expect(fetch).toHaveBeenCalledTimes(2)
  })

  it('accepts 401 and 403', async () => {
    const { client } = server({ '/product/uoms-list/': 403 })
    await expect(probeEndpoint('uom', uoms, { client })).resolves.toMatchObject({ kind: 'found', path: '/product/uoms-list/', status: 403 })
  })

  it('shares one probe between concurrent callers', async () => {
    const { fetch, client } = server({ '/uoms/': 200 })
    const [a, b] = await Promise.all([probeEndpoint('uom', uoms, { client }), probeEndpoint('uom', uoms, { client })])
    expect(a).toBe(b)
    expect(fetch).toHaveBeenCalledTimes(4)
  })

  it('reports the candidates tested, and remembers nothing, when none exists', async () => {
    const { client } = server({ '/uoms/': 'down' })
    const result = await probeEndpoint('uom', uoms, { client })
    expect(result).toEqual({
      kind: 'notFound',
      tested: [
        { path: '/product/uoms/', status: 404 },
        { path: '/product/uom/', status: 404 },
        { path: '/product/uoms-list/', status: 404 },
        { path: '/uoms/', status: null },
      ],
    })
    expect(sessionStorage.getItem(probeKey('uom'))).toBeNull()
  })
})
