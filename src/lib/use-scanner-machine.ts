/**
 * The scanner machine (machines/scanner, ADR 0006) on a screen: a window keydown listener in the capture phase that
 * feeds it key times, so a scanner's burst lands wherever focus is (SPEC 4: keys under 30 ms apart are one scan; Enter
 * or Tab ends it), the lookup the screen supplies, and the network's return. Shared by the collector (which adds its
 * camera, sound and vibration: features/collector/hooks/use-scanner.ts) and the desktop's /inventory/scan (SPEC 11.1).
 */
import { useCallback, useEffect, useMemo, useRef, type RefObject } from 'react'
import { useActorRef, useSelector } from '@xstate/react'
import { fromCallback, fromPromise } from 'xstate'
import { scannerMachine, type ScanRead, type ScannerEvent } from '../../machines/scanner/scanner.machine'
import { GS } from '../../contracts/gs1/gs1-form'
import { flowsInspect } from './flows-inspector'

/** What the screen signals (a sound, a vibration); nothing by default. */
export interface ScannerFeedback {
  /** a read was made (signalled in the keydown's own task, before any lookup) */
  read?: () => void
  /** a scan attempt refused, a miss, a failed lookup */
  error?: () => void
}

// a screen without a camera: opening one fails (the desktop never offers it)
const noCamera = fromCallback<ScannerEvent>(({ sendBack }) => {
  sendBack({ type: 'CAMERA.FAILED', reason: 'NoCamera' })
})

export interface UseScannerMachineOptions {
  /** the lookup of one code; its result is kept on the read */
  lookup: (code: string, signal: AbortSignal) => Promise<unknown>
  /** reads restored from storage */
  initialHistory?: ScanRead[]
  /** keep the history (called after every change) */
  persist?: (history: ScanRead[]) => void
  historyCap?: number
  /** the scan field: when focus is in it, its text is what a slow typist's Enter submits */
  fieldRef: RefObject<HTMLInputElement | null>
  /** a new read was made (the screen clears or selects its field) */
  onRead?: (read: ScanRead) => void
  /** a lookup's answer that names nothing (an unknown code): signalled as an error when it arrives */
  isMiss?: (result: unknown) => boolean
  /** false: the screen signals each read itself (a flow accepts or refuses it); default true: every read is a success */
  signalReads?: boolean
  /** the camera actor (the collector's); without one the camera fails at once */
  camera?: typeof noCamera
  feedback?: ScannerFeedback
  /** false: keys are not listened to (the screen handles its field itself); default true */
  listen?: boolean
}

export function useScannerMachine({
  lookup,
  initialHistory,
  persist,
  historyCap,
  fieldRef,
  onRead,
  isMiss,
  signalReads = true,
  camera,
  feedback,
  listen = true,
}: UseScannerMachineOptions) {
  // the machine is made once; the callbacks it calls may change with every render
  const latest = useRef({ lookup, persist, onRead, isMiss, signalReads, feedback })
  useEffect(() => {
    latest.current = { lookup, persist, onRead, isMiss, signalReads, feedback }
  })
  const cameraRef = useRef(camera)

  const machine = useMemo(
    () =>
      scannerMachine.provide({
        actors: {
          lookup: fromPromise<unknown, { code: string }>(({ input, signal }) => latest.current.lookup(input.code, signal)),
          camera: cameraRef.current ?? noCamera,
        },
        actions: {
          persistHistory: (_args, params: { history: ScanRead[] }) => latest.current.persist?.(params.history),
          // SPEC 11.7: the read itself is signalled in the keydown's own task, before any lookup
          vibrate: () => {
            if (latest.current.signalReads) latest.current.feedback?.read?.()
          },
          refused: () => latest.current.feedback?.error?.(),
          answered: (_args, params: { result: unknown }) => {
            if (latest.current.isMiss?.(params.result)) latest.current.feedback?.error?.()
          },
          lookupFailed: (_args, params: { offline: boolean }) => {
            if (!params.offline) latest.current.feedback?.error?.()
          },
        },
      }),
    [],
  )
  const actor = useActorRef(machine, { input: { history: initialHistory, historyCap }, inspect: flowsInspect })

  // the keyboard wedge: every key, wherever focus is, in the capture phase (before a field or button sees it)
  useEffect(() => {
    if (!listen) return
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.isComposing) return
      const field = fieldRef.current
      const inField = field !== null && field === document.activeElement
      if (event.key === 'Enter' || (event.key === 'Tab' && !event.shiftKey)) {
        const before = actor.getSnapshot().context.history[0]
        actor.send({ type: 'END', key: event.key, at: event.timeStamp, fieldValue: inField ? field.value : undefined })
        const after = actor.getSnapshot().context.history[0]
        if (after && after !== before && after.id !== before?.id) {
          // the scan is taken: the Enter or Tab that ended it must not also click a button or move focus
          event.preventDefault()
          latest.current.onRead?.(after)
        } else if (inField && event.key === 'Enter') {
          event.preventDefault()
        }
        return
      }
      // a wedge sends FNC1 as the GS character, or as Ctrl+] (ASCII 29) on some keyboards
      if (event.ctrlKey && event.key === ']') {
        actor.send({ type: 'KEY', key: GS, at: event.timeStamp })
        return
      }
      if (event.key.length !== 1 || event.ctrlKey || event.metaKey || event.altKey) return
      actor.send({ type: 'KEY', key: event.key, at: event.timeStamp })
    }
    window.addEventListener('keydown', onKeyDown, { capture: true })
    return () => window.removeEventListener('keydown', onKeyDown, { capture: true })
  }, [actor, fieldRef, listen])

  // an offline read is looked up when the network returns (SPEC 2.16), also for reads restored while online
  useEffect(() => {
    const online = () => actor.send({ type: 'ONLINE' })
    window.addEventListener('online', online)
    if (navigator.onLine) online()
    return () => window.removeEventListener('online', online)
  }, [actor])

  const history = useSelector(actor, (s) => s.context.history)
  const notice = useSelector(actor, (s) => s.context.notice)
  const cameraState = useSelector(actor, (s) => (s.matches({ camera: 'active' }) ? 'active' : s.matches({ camera: 'failed' }) ? 'failed' : 'off'))
  const cameraError = useSelector(actor, (s) => s.context.cameraError)

  const submit = useCallback(
    (code: string) => {
      const before = actor.getSnapshot().context.history[0]
      actor.send({ type: 'SUBMIT', code })
      const after = actor.getSnapshot().context.history[0]
      if (after && after.id !== before?.id) latest.current.onRead?.(after)
    },
    [actor],
  )

  return {
    history,
    notice,
    cameraState,
    cameraError,
    submit,
    retry: useCallback((id: number) => actor.send({ type: 'RETRY', id }), [actor]),
    clearHistory: useCallback(() => actor.send({ type: 'CLEAR_HISTORY' }), [actor]),
    openCamera: useCallback(() => actor.send({ type: 'OPEN_CAMERA' }), [actor]),
    closeCamera: useCallback(() => actor.send({ type: 'CLOSE_CAMERA' }), [actor]),
  }
}
