import { useEffect, useMemo } from 'react'
import { msg } from '@lingui/core/macro'
import { useLingui } from '@lingui/react'
import { notifications } from '@mantine/notifications'
import { useQueryClient, type QueryClient } from '@tanstack/react-query'
import { useMachine } from '@xstate/react'
import { fromPromise } from 'xstate'
import {
  labelPrintMachine,
  labelPrintView,
  type LabelPrinter,
  type LabelSuggestion,
  type PrintInput,
  type SuggestInput,
} from '../../../../machines/label-print/label-print.machine'
import { flowsInspect } from '../../../lib/flows-inspector'
import { getLabelSuggestions } from '../api/get-label-suggestions'
import { printersQueryOptions } from '../api/get-printers'
import { defaultPrinterId, preferencesQueryOptions } from '../../../lib/user-preferences'
import { printLabel } from '../api/print-label'
import { labelPrintText } from '../label-print-texts'
import { printingKeys } from '../printing-query-keys'
import type { Printer } from '../printing-types'

function toLabelPrinter(p: Printer, preferred: number | null): LabelPrinter {
  return { key: String(p.id), id: p.id, name: p.name, resolution: p.resolution, online: p.online, preferred: p.id === preferred }
}

/** The machine's side effects, for real (STYLE habit 3): the printers, the suggestions, the print. */
export function labelPrintActors(queryClient: QueryClient) {
  return {
    loadPrinters: fromPromise<LabelPrinter[], void>(async () => {
      // issue 17: the user's default printer comes preselected
      const [printers, preferred] = await Promise.all([
        queryClient.fetchQuery(printersQueryOptions()),
        defaultPrinterId(() => queryClient.fetchQuery(preferencesQueryOptions())),
      ])
      return printers.map((p) => toLabelPrinter(p, preferred))
    }),
    loadSuggestions: fromPromise<LabelSuggestion[], SuggestInput>(({ input, signal }) => getLabelSuggestions(input.kind, input.query, signal)),
    print: fromPromise<unknown, PrintInput>(({ input }) => printLabel(input)),
  }
}

/**
 * The printing form's machine with the app's actors, its view, and the toasts (SPEC 8): each print
 * outcome the machine emits becomes a notification, and a queued job refreshes the jobs list.
 */
export function useLabelPrint() {
  const queryClient = useQueryClient()
  const { i18n } = useLingui()
  const machine = useMemo(() => labelPrintMachine.provide({ actors: labelPrintActors(queryClient) }), [queryClient])
  const [snapshot, send, actorRef] = useMachine(machine, { input: {}, inspect: flowsInspect })

  useEffect(() => {
    const notices = actorRef.on('notice', ({ outcome }) => {
      notifications.show({
        color: outcome.ok ? 'green' : 'red',
        message: labelPrintText(i18n, outcome.message),
        closeButtonProps: { 'aria-label': i18n._(msg`Fechar`) },
      })
    })
    const printed = actorRef.on('printed', () => {
      void queryClient.invalidateQueries({ queryKey: printingKeys.jobs() })
    })
    return () => {
      notices.unsubscribe()
      printed.unsubscribe()
    }
  }, [actorRef, i18n, queryClient])

  return { snapshot, send, view: labelPrintView(snapshot) }
}
