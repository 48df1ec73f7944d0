import { useMemo } from 'react'
import { useQueryClient, type QueryClient } from '@tanstack/react-query'
import { useMachine } from '@xstate/react'
import { fromPromise } from 'xstate'
import { wavePlanMachine, wavePlanView, type CreatedWave, type CreateWaveInput, type WavePlanFailure } from '../../../../machines/wave-plan/wave-plan.machine'
import { ApiError, apiErrorText, readDrfError } from '../../../lib/api-client'
import { flowsInspect } from '../../../lib/flows-inspector'
import { planWaves } from '../api/plan-waves'
import { saveWave } from '../api/save-documents'
import { shippingKeys } from '../shipping-query-keys'
import type { WavePlan, WavePlanRequest } from '../shipping-types'

/** A refused plan as the machine reads it: a 400's reasons by field (in the user's language, ADR 0015), else the reason. */
function planFailure(error: unknown): WavePlanFailure {
  // no answer at all (offline, server down): the machine's own "try again", not the client's English
  if (!(error instanceof ApiError) || error.status === 0) return { status: 0 }
  const drf = readDrfError(error)
  const fields = error.status === 400 && Object.keys(drf.fieldErrors).length ? drf.fieldErrors : undefined
  return { status: error.status, detail: apiErrorText(error), fields }
}

/** A refused wave said as a whole (its code or its orders): never the rules form's fields. */
function createFailure(error: unknown): WavePlanFailure {
  if (!(error instanceof ApiError) || error.status === 0) return { status: 0 }
  const drf = readDrfError(error)
  const detail = drf.detail ?? [...drf.nonFieldErrors, ...Object.values(drf.fieldErrors).flat()].join(' ')
  return { status: error.status, detail: detail || apiErrorText(error) }
}

const pad = (n: number) => String(n).padStart(2, '0')

/** A new wave's code: OND-YYMMDD-HHMMSS-n, the time of its creation on this machine's clock and its place in the run. */
export function waveCode(sequence: number, now = new Date()): string {
  const date = `${pad(now.getFullYear() % 100)}${pad(now.getMonth() + 1)}${pad(now.getDate())}`
  return `OND-${date}-${pad(now.getHours())}${pad(now.getMinutes())}${pad(now.getSeconds())}-${sequence}`
}

/** The wave-plan machine with the app's actors: the plan from the API, each kept proposal created by POST /shipping/waves/. */
export function provideWavePlanMachine(queryClient: QueryClient) {
  return wavePlanMachine.provide({
    actors: {
      plan: fromPromise<WavePlan, { rules: WavePlanRequest }>(async ({ input }) => {
        try {
          return await planWaves(input.rules)
        } catch (error) {
          throw planFailure(error)
        }
      }),
      createWave: fromPromise<CreatedWave, CreateWaveInput>(async ({ input }) => {
        try {
          const wave = await saveWave(null, { code: waveCode(input.sequence), orders: input.proposal.orders.map((o) => o.id), warehouse: input.rules.warehouse })
          return { id: wave.id, code: wave.code }
        } catch (error) {
          throw createFailure(error)
        }
      }),
    },
    actions: {
      changed: () => void queryClient.invalidateQueries({ queryKey: shippingKeys.all }),
    },
  })
}

/** The planning screen's flow (SPEC 19.2). */
export function useWavePlan() {
  const queryClient = useQueryClient()
  const machine = useMemo(() => provideWavePlanMachine(queryClient), [queryClient])
  const [snapshot, send] = useMachine(machine, { inspect: flowsInspect })
  return { snapshot, send, view: wavePlanView(snapshot) }
}
