/**
 * The scanner machine's camera actor for real (SPEC 2.16): @zxing/browser is loaded here, with a dynamic
 * import, only when the camera opens (about 125 kB gzip, STACK.md), then decodes continuously from the rear camera
 * into the preview element. Stopping the actor (camera mode closed, screen left) stops the stream.
 */
import { fromCallback } from 'xstate'
import type { ScannerEvent } from '../../../machines/scanner/scanner.machine'

export function cameraReader(preview: () => HTMLVideoElement | null) {
  return fromCallback<ScannerEvent>(({ sendBack }) => {
    let stopped = false
    let stop: (() => void) | undefined
    const fail = (error: unknown) => {
      if (!stopped) sendBack({ type: 'CAMERA.FAILED', reason: error instanceof Error ? error.name || error.message : String(error) })
    }
    void (async () => {
      // no camera API at all (an old browser, http:, a test): say so before loading anything
      if (typeof navigator === 'undefined' || typeof navigator.mediaDevices?.getUserMedia !== 'function') throw new Error('NoCameraApi')
      const [{ BrowserMultiFormatReader }, { DecodeHintType }] = await Promise.all([import('@zxing/browser'), import('@zxing/library')])
      if (stopped) return
      const video = preview()
      if (!video) throw new Error('NoPreview')
      // GS1-128: FNC1 comes back as the ]C1 symbology identifier and GS separators, which the GS1 parser reads
      const reader = new BrowserMultiFormatReader(new Map([[DecodeHintType.ASSUME_GS1, true]]))
      const controls = await reader.decodeFromConstraints({ audio: false, video: { facingMode: { ideal: 'environment' } } }, video, (result) => {
        if (result && !stopped) sendBack({ type: 'CAMERA.DECODED', code: result.getText() })
      })
      // closed while the permission prompt was open: stop the stream that just started
      if (stopped) controls.stop()
      else stop = () => controls.stop()
    })().catch(fail)
    return () => {
      stopped = true
      stop?.()
    }
  })
}
