import { useMemo } from 'react'
import { useQueryClient, type QueryClient } from '@tanstack/react-query'
import { useMachine } from '@xstate/react'
import { fromPromise } from 'xstate'
import { waveReleaseMachine, waveReleaseView, type ReleaseWaveInput, type WaveReleaseFailure } from '../../../../machines/wave-release/wave-release.machine'
import { ApiError, apiErrorText, readDrfError } from '../../../lib/api-client'
import { flowsInspect } from '../../../lib/flows-inspector'
import { releaseWave } from '../api/release-wave'
import { shippingKeys } from '../shipping-query-keys'
import type { WaveReleaseOut } from '../shipping-types'

/** A refused release as the machine reads it: the server's reason in the user's language (ADR 0015), or no answer. */
function releaseFailure(error: unknown): WaveReleaseFailure {
  // no answer (offline, server down, 5xx, timeout): the release may have been applied; a retry sends the same command
  if (!(error instanceof ApiError) || error.status === 0 || error.status >= 500 || error.status === 408) return { status: 0 }
  const drf = readDrfError(error)
  const detail = drf.detail ?? [...drf.nonFieldErrors, ...Object.values(drf.fieldErrors).flat()].join(' ')
  return { status: error.status, detail: detail || apiErrorText(error) }
}

/** The wave-release machine with the app's actor: POST /shipping/waves/{id}/release/ with the opening's command_id. */
export function provideWaveReleaseMachine(queryClient: QueryClient) {
  return waveReleaseMachine.provide({
    actors: {
      release: fromPromise<WaveReleaseOut, ReleaseWaveInput>(async ({ input }) => {
        try {
          return await releaseWave(input.waveId, { command_id: input.commandId, shortage: input.shortage, totes: input.totes })
        } catch (error) {
          throw releaseFailure(error)
        }
      }),
    },
    actions: {
      // the wave's page shows it released (or whatever refused it); the lists and the audit follow
      changed: ({ context }) => {
        void queryClient.invalidateQueries({ queryKey: shippingKeys.all })
        if (context.wave) void queryClient.invalidateQueries({ queryKey: ['audit', 'waves', context.wave.id] })
      },
    },
  })
}

/** The release dialog's flow on a wave's page (SPEC 19.3). */
export function useWaveRelease() {
  const queryClient = useQueryClient()
  const machine = useMemo(() => provideWaveReleaseMachine(queryClient), [queryClient])
  const [snapshot, send] = useMachine(machine, { inspect: flowsInspect })
  return { snapshot, send, view: waveReleaseView(snapshot) }
}
