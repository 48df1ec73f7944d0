/**
 * The handheld's reads (SPEC 11.13, ADR 0014 amendment): no TanStack Query on the collector's screens, whose first load
 * must stay small, so each screen reads through this one hook. A request runs on mount and again whenever its key
 * changes (a null key: nothing is asked, what was read stays), is aborted when the screen goes or the key changes, is
 * tried once more after a second unless the server refused it (a 4xx will not change; SPEC 9's one retry), and again
 * when the network comes back. With `keepAs` the last answer is kept on the device (localStorage, one key per
 * operator), so the screen shows it at once, and after a reload without the network.
 */
import { useCallback, useEffect, useRef, useState } from 'react'
import { ApiError } from '../../../lib/api-client'
import { readJson, writeJson } from '../../../lib/storage'

export interface DeviceRequest<T> {
  /** the last answer (or the one kept on the device), until a new key's first answer */
  data: T | undefined
  /** the last try's error, kept until an answer replaces it */
  error: unknown
  /** nothing to show yet: no answer, none kept, no error */
  isPending: boolean
  /** the last try failed (after its retry); data may still hold an earlier answer */
  isError: boolean
  /** a request is on its way */
  isFetching: boolean
  /** asks again; resolves when that request has settled (answered or failed) */
  refetch: () => Promise<void>
}

export interface DeviceRequestOptions {
  /** localStorage key to keep the last answer under: name the operator in it (a shared handheld) */
  keepAs?: string
  /** false: no retry (something the screen can do without) */
  retry?: boolean
  /** before the one retry, in ms */
  retryDelay?: number
}

interface State<T> {
  key: string | null
  data: T | undefined
  failed: boolean
  error: unknown
  fetching: boolean
}

export function readKept<T>(keepAs: string | undefined): T | undefined {
  // what was kept is this hook's own earlier answer: taken as it was written
  return keepAs ? (readJson('local', keepAs, (value) => value as T) ?? undefined) : undefined
}

function keep(keepAs: string | undefined, data: unknown): void {
  // storage full or off: the answer still shows, it is only not kept for a reload offline (writeJson says nothing)
  if (keepAs) writeJson('local', keepAs, data)
}

const refused = (error: unknown) => error instanceof ApiError && error.status >= 400 && error.status < 500

export function useDeviceRequest<T>(key: string | null, request: (signal: AbortSignal) => Promise<T>, options: DeviceRequestOptions = {}): DeviceRequest<T> {
  const { keepAs, retry = true, retryDelay = 1000 } = options
  const [state, setState] = useState<State<T>>(() => ({ key, data: key === null ? undefined : readKept<T>(keepAs), failed: false, error: null, fetching: key !== null }))
  const [run, setRun] = useState(0)
  // a new key during render: the state follows at once (a different key starts from what is kept for it)
  const [seenKey, setSeenKey] = useState(key)
  if (seenKey !== key) {
    setSeenKey(key)
    if (key === null) setState((s) => ({ ...s, fetching: false }))
    else setState((s) => (s.key === key ? { ...s, fetching: true } : { key, data: readKept<T>(keepAs), failed: false, error: null, fetching: true }))
  }
  const latest = useRef(request)
  useEffect(() => {
    latest.current = request
  })
  const waiting = useRef<(() => void)[]>([])

  useEffect(() => {
    // the refetches this request answers (a request aborted for a newer one hands its own on to it)
    const mine = waiting.current
    waiting.current = []
    const settle = () => {
      for (const resolve of mine.splice(0)) resolve()
    }
    if (key === null) {
      settle()
      return
    }
    const controller = new AbortController()
    let timer: ReturnType<typeof setTimeout> | undefined
    const attempt = (failures: number) => {
      latest.current(controller.signal).then(
        (data) => {
          if (controller.signal.aborted) return
          keep(keepAs, data)
          setState({ key, data, failed: false, error: null, fetching: false })
          settle()
        },
        (error: unknown) => {
          if (controller.signal.aborted) return
          if (retry && failures < 1 && !refused(error)) {
            timer = setTimeout(() => attempt(failures + 1), retryDelay)
            return
          }
          setState((s) => ({ ...s, failed: true, error, fetching: false }))
          settle()
        },
      )
    }
    attempt(0)
    return () => {
      controller.abort()
      clearTimeout(timer)
      waiting.current.unshift(...mine.splice(0))
    }
  }, [key, run, keepAs, retry, retryDelay])
  // gone: nobody waits for an answer that will not come
  useEffect(
    () => () => {
      for (const resolve of waiting.current.splice(0)) resolve()
    },
    [],
  )

  const refetch = useCallback(() => {
    if (key === null) return Promise.resolve()
    return new Promise<void>((resolve) => {
      waiting.current.push(resolve)
      setState((s) => ({ ...s, fetching: true }))
      setRun((n) => n + 1)
    })
  }, [key])

  // the network is back: ask again (a list read offline is likely stale, or failed)
  useEffect(() => {
    if (key === null) return
    const onOnline = () => void refetch()
    window.addEventListener('online', onOnline)
    return () => window.removeEventListener('online', onOnline)
  }, [key, refetch])

  return {
    data: state.data,
    error: state.error,
    isPending: state.data === undefined && !state.failed,
    isError: state.failed,
    isFetching: state.fetching,
    refetch,
  }
}
