/**
 * The scanner machine on a collector screen: the shared hook (src/lib/use-scanner-machine.ts: the keyboard wedge
 * anywhere on the screen, the lookup, the history, the network's return) with the collector's camera and its sound
 * and vibration (SPEC 11.2).
 */
import { useMemo, useRef } from 'react'
import { useScannerMachine, type UseScannerMachineOptions } from '../../../lib/use-scanner-machine'
import { cameraReader } from '../camera-reader'
import { signalFeedback } from '../feedback/feedback'

export type UseScannerOptions = Omit<UseScannerMachineOptions, 'camera' | 'feedback'>

const FEEDBACK = { read: () => signalFeedback('success'), error: () => signalFeedback('error') }

export function useScanner(options: UseScannerOptions) {
  const videoRef = useRef<HTMLVideoElement | null>(null)
  // made once, like the machine that invokes it
  const camera = useMemo(() => cameraReader(() => videoRef.current), [])
  const scanner = useScannerMachine({ ...options, camera, feedback: FEEDBACK })
  return { ...scanner, videoRef }
}
