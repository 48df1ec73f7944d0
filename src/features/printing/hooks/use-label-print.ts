import { useEffect, useMemo } from 'react'
import { useDebouncedValue } from '@mantine/hooks'
import { msg } from '@lingui/core/macro'
import { useLingui } from '@lingui/react'
import { notifications } from '@mantine/notifications'
import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query'
import { useMachine } from '@xstate/react'
import { fromPromise } from 'xstate'
import {
  SUGGEST_DEBOUNCE_MS,
  isValidLabelId,
  labelPrintMachine,
  labelPrintView,
  normalizeLabelId,
  type LabelPrinter,
  type LabelSuggestion,
  type PrintInput,
  type SuggestInput,
} from '../../../../machines/label-print/label-print.machine'
import { flowsInspect } from '../../../lib/flows-inspector'
import { getLabelSuggestions } from '../api/get-label-suggestions'
import { getLabelTarget } from '../api/get-label-target'
import { apiErrorText } from '../../../lib/api-client'
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
      // SPEC 2.13: the user's default printer comes preselected
      const [printers, preferred] = await Promise.all([
        queryClient.fetchQuery(printersQueryOptions()),
        defaultPrinterId(() => queryClient.fetchQuery(preferencesQueryOptions())),
      ])
      return printers.map((p) => toLabelPrinter(p, preferred))
    }),
    loadSuggestions: fromPromise<LabelSuggestion[], SuggestInput>(({ input, signal }) => getLabelSuggestions(input.kind, input.query, signal)),
    // ADR 0015: the refusal in the user's language (the machine shows the error's message as it is)
    print: fromPromise<unknown, PrintInput>(async ({ input }) => {
      try {
        return await printLabel(input)
      } catch (e) {
        throw new Error(apiErrorText(e) ?? '', { cause: e })
      }
    }),
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

  // docs/requirements.md §5: what the ID names, asked when typing settles (as the preview and the suggestions wait)
  const { kind, id } = snapshot.context
  const ref = normalizeLabelId(kind, id)
  const [settled] = useDebouncedValue(ref, SUGGEST_DEBOUNCE_MS)
  const checkable = settled === ref && isValidLabelId(kind, id)
  const target = useQuery({
    queryKey: printingKeys.target(kind, settled),
    queryFn: ({ signal }) => getLabelTarget(kind, settled, signal),
    enabled: checkable,
    // an answer is for the ID as it is now: one typed again is asked again (a location may have been added meanwhile)
    gcTime: 0,
    retry: false,
  })
  useEffect(() => {
    if (checkable && target.isSuccess) send({ type: 'TARGET_CHECKED', kind, ref: settled, found: target.data })
  }, [checkable, target.isSuccess, target.data, kind, settled, send])

  return { snapshot, send, view: labelPrintView(snapshot), checking: checkable && target.isFetching }
}
