/**
 * 'Próxima tarefa' on the handheld's home (docs/requirements.md §19.4): the next-task machine with the app's actor (POST
 * /workforce/tasks/next/ with the last location the operator scanned), the collector's feedback, and 'Começar' opening
 * the screen that does the task's work.
 */
import { useMemo } from 'react'
import { useNavigate } from '@tanstack/react-router'
import { useMachine } from '@xstate/react'
import { fromPromise } from 'xstate'
import { nextTaskMachine, nextTaskView, type NextTaskFailure } from '../../../../machines/next-task/next-task.machine'
import type { NextTask } from '../../../../contracts/tasks/tasks.contract'
import { ApiError, apiErrorText, readDrfError } from '../../../lib/api-client'
import { flowsInspect } from '../../../lib/flows-inspector'
import { useSession } from '../../../lib/session'
import { getNextTask } from '../api/get-next-task'
import { signalFeedback } from '../feedback/feedback'
import { forgetScannedLocation, lastScannedLocation } from '../last-location'

/** The screen that does a task's work on the handheld (a pick batch: /m/pick, a refill: /m/replenish); where none does its type yet, the operator's task list. */
export type NextTaskDestination =
  | { to: '/m/putaway'; search: { task: number } }
  | { to: '/m/replenish'; search: { task: number } }
  | { to: '/m/pick'; search: { batch: number } }
  | { to: '/m/count' }
  | { to: '/m/tasks' }

export function nextTaskDestination(offer: NextTask): NextTaskDestination {
  const { task } = offer
  // a putaway is done by scanning its pallet and destination, that task only (ADR 0014)
  if (task.type === 'putaway') return { to: '/m/putaway', search: { task: task.id } }
  // a refill is brought from reserve to its face on /m/replenish, that task only (§20.2)
  if (task.type === 'replenishment') return { to: '/m/replenish', search: { task: task.id } }
  // /m/count lists the operator's count tasks by location: the one given is among them
  if (task.type === 'count') return { to: '/m/count' }
  // a pick batch is picked onto a cart, stop by stop, on /m/pick (§19.5)
  if (offer.batch) return { to: '/m/pick', search: { batch: offer.batch.id } }
  // a move, a load or an unload: started and finished on /m/tasks
  return { to: '/m/tasks' }
}

/** A failed ask as the machine reads it: no answer at all is offline; else the server's words, in the user's language. */
function askFailure(error: unknown): NextTaskFailure {
  if (!(error instanceof ApiError) || error.status === 0) return { status: 0 }
  return { status: error.status, detail: apiErrorText(error) }
}

/** Asks with the last location scanned here; a location the server does not know in the warehouse is forgotten and the question asked without it. */
async function ask(username: string): Promise<NextTask | null> {
  const location = lastScannedLocation(username)
  if (location === null) return getNextTask()
  try {
    return await getNextTask({ location })
  } catch (error) {
    if (!(error instanceof ApiError) || error.status !== 400 || !readDrfError(error).fieldErrors.location) throw error
    forgetScannedLocation(username)
    return getNextTask()
  }
}

export function useNextTask() {
  const navigate = useNavigate()
  const username = useSession().user?.username ?? ''
  const machine = useMemo(
    () =>
      nextTaskMachine.provide({
        actors: {
          ask: fromPromise<NextTask | null, void>(async () => {
            try {
              return await ask(username)
            } catch (error) {
              throw askFailure(error)
            }
          }),
        },
        actions: {
          // in the press's own task (SPEC 11.2): the operator with gloves hears and feels that it was taken
          pressed: () => signalFeedback('success'),
          refused: () => signalFeedback('error'),
          start: (_, { offer }) => {
            // the task is now the operator's: the device's copy of their tasks is read again for the screen that does it
            if (offer.task.type === 'putaway') void import('../offline/offline-cache-provider').then((m) => m.refreshOfflineCacheNow())
            void navigate(nextTaskDestination(offer))
          },
        },
      }),
    [navigate, username],
  )
  const [snapshot, send] = useMachine(machine, { inspect: flowsInspect })
  return { send, view: nextTaskView(snapshot) }
}
