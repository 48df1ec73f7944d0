import { act, renderHook, waitFor } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { ApiError } from '../../../lib/api-client'
import { useDeviceRequest } from './use-device-request'

/** a request whose answers the test gives, one per call */
function controlled<T>() {
  const calls: { signal: AbortSignal; resolve: (value: T) => void; reject: (error: unknown) => void }[] = []
  const request = vi.fn(
    (signal: AbortSignal) =>
      new Promise<T>((resolve, reject) => {
        calls.push({ signal, resolve, reject })
      }),
  )
  return { request, calls }
}

const offline = () => new ApiError({ status: 0, method: 'GET', url: '/api/x/' })
const notFound = () => new ApiError({ status: 404, method: 'GET', url: '/api/x/' })

describe('useDeviceRequest', () => {
  it('asks on mount: pending, then the answer', async () => {
    const { request, calls } = controlled<string[]>()
    const { result } = renderHook(() => useDeviceRequest('list', request))
    expect(result.current).toMatchObject({ data: undefined, isPending: true, isError: false, isFetching: true })
    expect(request).toHaveBeenCalledTimes(1)
    act(() => calls[0]!.resolve(['a']))
    await waitFor(() => expect(result.current.data).toEqual(['a']))
    expect(result.current).toMatchObject({ isPending: false, isError: false, isFetching: false })
  })

  it('keeps the answer on the device: the next mount shows it at once while it asks again', async () => {
    const { request, calls } = controlled<string[]>()
    const first = renderHook(() => useDeviceRequest('list:ana', request, { keepAs: 'movatic.test.ana' }))
    act(() => calls[0]!.resolve(['a']))
    await waitFor(() => expect(first.result.current.data).toEqual(['a']))
    expect(JSON.parse(localStorage.getItem('movatic.test.ana')!)).toEqual(['a'])
    first.unmount()

    const second = renderHook(() => useDeviceRequest('list:ana', request, { keepAs: 'movatic.test.ana' }))
    expect(second.result.current).toMatchObject({ data: ['a'], isPending: false, isFetching: true })
    // offline: the kept list stays, and the failure is said
    act(() => calls[1]!.reject(notFound()))
    await waitFor(() => expect(second.result.current.isError).toBe(true))
    expect(second.result.current).toMatchObject({ data: ['a'], isPending: false, isFetching: false })
    expect(second.result.current.error).toBeInstanceOf(ApiError)
  })

  it('another operator does not see what was kept for the first', () => {
    localStorage.setItem('movatic.test.ana', JSON.stringify(['a']))
    const { request } = controlled<string[]>()
    const { result } = renderHook(() => useDeviceRequest('list:bia', request, { keepAs: 'movatic.test.bia' }))
    expect(result.current).toMatchObject({ data: undefined, isPending: true })
  })

  it('a null key asks nothing; the key coming asks; going keeps what was read; coming back asks again, showing it meanwhile', async () => {
    const { request, calls } = controlled<string[]>()
    const { result, rerender } = renderHook(({ on }) => useDeviceRequest(on ? 'docs' : null, request), { initialProps: { on: false } })
    expect(request).not.toHaveBeenCalled()
    expect(result.current).toMatchObject({ isPending: true, isFetching: false })
    rerender({ on: true })
    expect(request).toHaveBeenCalledTimes(1)
    act(() => calls[0]!.resolve(['PO-1']))
    await waitFor(() => expect(result.current.data).toEqual(['PO-1']))
    rerender({ on: false })
    expect(result.current).toMatchObject({ data: ['PO-1'], isFetching: false })
    rerender({ on: true })
    expect(request).toHaveBeenCalledTimes(2)
    expect(result.current).toMatchObject({ data: ['PO-1'], isFetching: true })
    act(() => calls[1]!.resolve(['PO-2']))
    await waitFor(() => expect(result.current.data).toEqual(['PO-2']))
  })

  it('a new key starts from nothing (not the other key’s answer) and aborts the request of the old one', async () => {
    const { request, calls } = controlled<string>()
    const { result, rerender } = renderHook(({ k }) => useDeviceRequest(k, request), { initialProps: { k: 'a' } })
    act(() => calls[0]!.resolve('A'))
    await waitFor(() => expect(result.current.data).toBe('A'))
    rerender({ k: 'b' })
    expect(result.current).toMatchObject({ data: undefined, isPending: true })
    rerender({ k: 'c' })
    expect(calls[1]!.signal.aborted).toBe(true)
    act(() => calls[1]!.resolve('B'))
    act(() => calls[2]!.resolve('C'))
    await waitFor(() => expect(result.current.data).toBe('C'))
  })

  it('no answer: tried once more after the delay, then an error', async () => {
    const { request, calls } = controlled<string>()
    const { result } = renderHook(() => useDeviceRequest('x', request, { retryDelay: 5 }))
    act(() => calls[0]!.reject(offline()))
    await waitFor(() => expect(request).toHaveBeenCalledTimes(2))
    expect(result.current).toMatchObject({ isError: false, isFetching: true })
    act(() => calls[1]!.reject(offline()))
    await waitFor(() => expect(result.current.isError).toBe(true))
    expect(result.current).toMatchObject({ isPending: false, isFetching: false, data: undefined })
  })

  it('a 4xx is not tried again, nor anything with retry: false', async () => {
    const refusedOnce = controlled<string>()
    const refused = renderHook(() => useDeviceRequest('x', refusedOnce.request, { retryDelay: 5 }))
    act(() => refusedOnce.calls[0]!.reject(notFound()))
    await waitFor(() => expect(refused.result.current.isError).toBe(true))

    const noRetry = controlled<string>()
    const once = renderHook(() => useDeviceRequest('y', noRetry.request, { retry: false, retryDelay: 5 }))
    act(() => noRetry.calls[0]!.reject(offline()))
    await waitFor(() => expect(once.result.current.isError).toBe(true))
    await new Promise((r) => setTimeout(r, 20))
    expect(refusedOnce.request).toHaveBeenCalledTimes(1)
    expect(noRetry.request).toHaveBeenCalledTimes(1)
  })

  it('refetch asks again and resolves once answered; the error stays said until then', async () => {
    const { request, calls } = controlled<string>()
    const { result } = renderHook(() => useDeviceRequest('x', request, { retry: false }))
    act(() => calls[0]!.reject(offline()))
    await waitFor(() => expect(result.current.isError).toBe(true))
    let done = false
    act(() => void result.current.refetch().then(() => (done = true)))
    expect(result.current).toMatchObject({ isError: true, isFetching: true })
    expect(request).toHaveBeenCalledTimes(2)
    await Promise.resolve()
    expect(done).toBe(false)
    act(() => calls[1]!.resolve('ok'))
    await waitFor(() => expect(done).toBe(true))
    expect(result.current).toMatchObject({ data: 'ok', isError: false, isFetching: false })
  })

  it('a refetch while a request is on its way aborts it and resolves with the new answer', async () => {
    const { request, calls } = controlled<string>()
    const { result } = renderHook(() => useDeviceRequest('x', request))
    let done = false
    act(() => void result.current.refetch().then(() => (done = true)))
    expect(calls[0]!.signal.aborted).toBe(true)
    act(() => calls[0]!.resolve('old'))
    await Promise.resolve()
    expect(done).toBe(false)
    act(() => calls[1]!.resolve('new'))
    await waitFor(() => expect(done).toBe(true))
    expect(result.current.data).toBe('new')
  })

  it('leaving the screen aborts the request and lets a waiting refetch go', async () => {
    const { request, calls } = controlled<string>()
    const { result, unmount } = renderHook(() => useDeviceRequest('x', request))
    let done = false
    act(() => void result.current.refetch().then(() => (done = true)))
    unmount()
    expect(calls[1]!.signal.aborted).toBe(true)
    await waitFor(() => expect(done).toBe(true))
  })

  it('the network coming back asks again', async () => {
    const { request, calls } = controlled<string>()
    const { result } = renderHook(() => useDeviceRequest('x', request, { retry: false }))
    act(() => calls[0]!.reject(offline()))
    await waitFor(() => expect(result.current.isError).toBe(true))
    act(() => void window.dispatchEvent(new Event('online')))
    expect(request).toHaveBeenCalledTimes(2)
    act(() => calls[1]!.resolve('back'))
    await waitFor(() => expect(result.current.data).toBe('back'))
  })
})
