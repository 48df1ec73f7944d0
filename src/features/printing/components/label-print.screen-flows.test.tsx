/**
 * The label-print machine's generated paths replayed on the printing screen (ADR 0007): the real
 * form with the real machine and its real actors (src/features/printing/hooks/use-label-print.ts),
 * the HTTP layer faked at `fetch`. Each model event is a user action on the form (the type and
 * printer chosen, an ID pasted over the field, a suggestion clicked, copies typed, Print, 'Tentar
 * de novo'), the answer to a request the form sent, or the suggestions' 350 ms wait running out
 * (real time: the replay waits for the request it leads to). After each step the form must show
 * what the state says: the type, the ID's error, the printers (loading, fallback, chosen), the
 * suggestions (searching, offered), Print (enabled, running) and the last outcome's toast.
 */
import { notifications } from '@mantine/notifications'
import { screen, waitFor, within } from '@testing-library/react'
import type { UserEvent } from '@testing-library/user-event'
import { afterEach, describe, expect, it } from 'vitest'
import type { AnyMachineSnapshot, EventObject } from 'xstate'
import { isValidCopies, labelPrintView } from '../../../../machines/label-print/label-print.machine'
import type { LabelKind, LabelPrintContext, LabelPrinter, LabelSuggestion } from '../../../../machines/label-print/label-print.machine'
import { SUGGEST_AFTER_EVENT, labelPrintModel } from '../../../../machines/label-print/label-print.model'
import { screenReplayPlan } from '../../../../machines/testing/screen-replay'
import { page, renderApp, signIn, type MockAnswer, type MockRequest } from '../../../../tests/support/render-app'
import { controlledApi, replayOnScreen, screenPathName, type ScreenDriver } from '../../../../tests/support/screen-replay'

const [printingReplay] = labelPrintModel.screens ?? []
const plan = screenReplayPlan(labelPrintModel, printingReplay)

const KIND_TEXT: Record<LabelKind, string> = { location: 'Localização', pallet: 'Palete' }
const SVG = '<svg xmlns="http://www.w3.org/2000/svg" width="10mm" height="10mm"><rect width="10" height="10" fill="#fff"/></svg>'

type Api = ReturnType<typeof controlledApi>

const isPrinters = (r: MockRequest) => r.url.pathname === '/api/printing/printers/'
const isSuggestions = (r: MockRequest) => r.url.pathname === '/api/core/locations/' || r.url.pathname === '/api/inventory/stock-items/'
const isTarget = (r: MockRequest) => r.method === 'GET' && /^\/api\/printing\/(locations|pallets)\/[^/]+\/target\/?$/.test(r.url.pathname)
const isPrint = (r: MockRequest) => r.method === 'POST' && /^\/api\/printing\/(locations|pallets)\/[^/]+\/print$/.test(r.url.pathname)

/** A printer of the model as the API lists it. */
function apiPrinter(p: LabelPrinter) {
  return { id: p.id, name: p.name, host: 'h', port: 9100, resolution: p.resolution, label_width_mm: 100, label_height_mm: 50, is_virtual: p.id === 1, online: p.online ?? null, last_seen_at: null, last_error: null }
}

/** A suggestion of the model as the API answers it for the type (a location row, or a stock line with the pallet). */
function suggestionRows(kind: LabelKind, suggestions: LabelSuggestion[]) {
  return kind === 'location'
    ? page(suggestions.map((s, i) => ({ id: 3 + i, code: s.value, name: 'Rack A' })))
    : page(suggestions.map((s) => ({ pallet_code: s.value, sscc: null, product: { code: 'P1' }, location: { code: 'A-01-01' } })))
}

const idField = () => screen.getByRole<HTMLInputElement>('textbox', { name: 'ID' })

function labelPrintDriver(api: Api, user: UserEvent): ScreenDriver {
  // a search the screen started and then gave up (the wait ran out while the model still waited, then the ID changed)
  // stays unanswered: only a search sent after the last change of the ID or the type is the current one
  let since = 0
  // a print's outcome shows as a toast that closes itself after 3.5 s (SPEC 9): it is looked for right after the
  // answer that produced it, not on every later step (on a busy machine a later step can come after it closed)
  let outcomeArrived = false
  const currentSearch = (r: MockRequest) => isSuggestions(r) && api.requests.indexOf(r) >= since
  const choose = async (select: string, option: string) => {
    await user.click(screen.getByRole('combobox', { name: select }))
    await user.click(await screen.findByRole('option', { name: option }))
  }
  return {
    async perform(event: EventObject, before: AnyMachineSnapshot) {
      const c = before.context as LabelPrintContext
      const e = event as EventObject & Record<string, unknown>
      switch (event.type) {
        case 'SET_KIND':
          since = api.requests.length
          await choose('Tipo', KIND_TEXT[e.kind as LabelKind])
          return
        case 'SET_ID': {
          // the new ID pasted over the whole field: one change, as the model's one event
          since = api.requests.length
          const field = idField()
          if (e.id === '') {
            await user.clear(field)
            return
          }
          await user.click(field)
          field.setSelectionRange(0, field.value.length)
          await user.paste(String(e.id))
          return
        }
        case 'PICK_SUGGESTION':
          since = api.requests.length
          await user.click(idField())
          await user.click(await within(await screen.findByRole('listbox', { name: 'Sugestões' })).findByRole('option'))
          return
        case 'SET_PRINTER': {
          const printer = c.printers.find((p) => p.key === e.printer)!
          await choose('Impressora', printer.resolution ? `${printer.name} (${printer.resolution} dpi)` : printer.name)
          return
        }
        case 'SET_COPIES': {
          const field = screen.getByRole<HTMLInputElement>('textbox', { name: 'Cópias' })
          if (!isValidCopies((e.copies as number | null) ?? null)) {
            // an invalid count is the field emptied: the model's 51 would be clamped to 50 as soon as the field lost focus
            await user.clear(field)
            return
          }
          await user.click(field)
          field.setSelectionRange(0, field.value.length)
          await user.paste(String(e.copies))
          return
        }
        case 'PRINT':
          await user.click(screen.getByRole('button', { name: 'Imprimir' }))
          return
        case 'RELOAD_PRINTERS':
          await user.click(screen.getByRole('button', { name: 'Tentar de novo' }))
          return
        case SUGGEST_AFTER_EVENT:
          // the 350 ms wait runs out (real time): the search it starts is the sign
          await waitFor(() => expect(api.pending(currentSearch)).toBe(true))
          return
        case 'xstate.done.actor.loadPrinters':
          await api.answer(event.type, isPrinters, { body: page((e.output as LabelPrinter[]).map(apiPrinter)) })
          return
        case 'xstate.error.actor.loadPrinters':
          await api.answer(event.type, isPrinters, 'network')
          return
        case 'xstate.done.actor.loadSuggestions':
          await api.answer(event.type, currentSearch, { body: suggestionRows(c.kind, e.output as LabelSuggestion[]) })
          return
        case 'xstate.error.actor.loadSuggestions':
          await api.answer(event.type, currentSearch, { status: 500, body: { detail: 'boom' } })
          return
        case 'TARGET_CHECKED': {
          // the server's answer to the check the form sent for the ID in the field (docs/requirements.md §5)
          const ref = encodeURIComponent(String(e.ref))
          const forRef = (r: MockRequest) => isTarget(r) && r.url.pathname.includes(`/${ref}/target`)
          const found = e.found as { id: string; label: string } | null
          await api.answer(event.type, forRef, found ? { body: { target_id: found.id, target_label: found.label } } : { status: 404, body: { detail: 'No such location.' } })
          return
        }
        case 'xstate.done.actor.print':
          outcomeArrived = true
          await api.answer(event.type, isPrint, { status: 202, body: { id: 9, status: 'queued' } })
          return
        case 'xstate.error.actor.print':
          outcomeArrived = true
          await api.answer(event.type, isPrint, { status: 404, body: { detail: 'Not found.' } })
          return
      }
      throw new Error(`no stimulus for ${event.type} on the printing screen`)
    },
    async check(expected: AnyMachineSnapshot, label: string) {
      const c = expected.context as LabelPrintContext
      const view = labelPrintView(expected as AnyMachineSnapshot & { context: LabelPrintContext })
      await waitFor(() => {
        expect(screen.getByRole('combobox', { name: 'Tipo' }), label).toHaveValue(KIND_TEXT[c.kind])
        // the ID's error follows the type and the ID's class
        if (view.idError) {
          expect(idField(), label).toHaveAttribute('aria-invalid', 'true')
          expect(screen.getByText('ID inválido para o tipo selecionado.'), label).toBeInTheDocument()
        } else {
          expect(idField(), label).not.toHaveAttribute('aria-invalid', 'true')
          expect(screen.queryByText('ID inválido para o tipo selecionado.'), label).toBeNull()
        }
        const copies = screen.getByRole<HTMLInputElement>('textbox', { name: 'Cópias' })
        if (view.copiesError) {
          expect(copies, label).toHaveAttribute('aria-invalid', 'true')
          expect(screen.getByText('Informe de 1 a 50 cópias.'), label).toBeInTheDocument()
        } else {
          expect(copies, label).not.toHaveAttribute('aria-invalid', 'true')
          expect(screen.queryByText('Informe de 1 a 50 cópias.'), label).toBeNull()
        }
        // the printers: loading, the fallback with its retry, or the list; one chosen once the list is there
        const printer = screen.getByRole('combobox', { name: 'Impressora' })
        if (view.printersLoading) expect(printer, label).toBeDisabled()
        else expect(printer, label).toBeEnabled()
        const fallback = screen.queryByText('Não foi possível carregar as impressoras; usando as impressoras padrão.')
        if (view.printersFallback) expect(fallback, label).not.toBeNull()
        else expect(fallback, label).toBeNull()
        if (c.printer !== null) expect(printer, label).not.toHaveValue('')
        else expect(printer, label).toHaveValue('')
        // the suggestions: searching while waiting or fetching, none offered meanwhile
        const searching = screen.queryByRole('status', { name: 'Buscando sugestões' })
        if (view.suggestionsLoading) expect(searching, label).not.toBeNull()
        else expect(searching, label).toBeNull()
        const offered = screen.queryByRole('listbox', { name: 'Sugestões' })
        const options = offered ? within(offered).queryAllByRole('option') : []
        if (c.suggestions.length === 0) expect(options, label).toHaveLength(0)
        else if (document.activeElement === idField()) expect(options, label).toHaveLength(c.suggestions.length)
        // Print: running, or enabled exactly when the form can print
        const print = screen.getByRole('button', { name: 'Imprimir' })
        if (view.printing) expect(print, label).toHaveAttribute('data-loading')
        else {
          expect(print, label).not.toHaveAttribute('data-loading')
          if (view.canPrint) expect(print, label).toBeEnabled()
          else expect(print, label).toBeDisabled()
        }
      })
      if (expected.matches({ suggestions: 'fetching' })) await waitFor(() => expect(api.pending(currentSearch), label).toBe(true))
      if (view.printing) expect(api.pending(isPrint), label).toBe(true)
      // the last print's outcome, as its toast
      if (outcomeArrived) {
        outcomeArrived = false
        if (c.outcome?.message.id === 'labelPrint.queued') expect(await screen.findByText('Solicitação enviada à fila de impressão.'), label).toBeInTheDocument()
        // the refusal in the user's language (ADR 0015)
        if (c.outcome?.message.id === 'labelPrint.failedWith') expect(await screen.findByText('Não encontrado.'), label).toBeInTheDocument()
      }
      if (c.outcome === null) expect(screen.queryByText(/Solicitação enviada|Não encontrado\./), label).toBeNull()
    },
  }
}

let drain: (() => Promise<void>) | undefined
afterEach(async () => {
  await drain?.()
  drain = undefined
  // the toasts live in Mantine's module-wide store: a path's outcome must not show in the next one
  notifications.clean()
})

describe('label-print machine replayed on the printing screen (ADR 0007)', () => {
  it('the replayed paths reach every state and transition of the machine', () => {
    expect(plan.coverage.states.missing).toEqual([])
    expect(plan.coverage.transitions.missing).toEqual([])
  })

  it.each(plan.paths.map((path) => [screenPathName(path), path] as const))('%s', async (_name, path) => {
    const api = controlledApi((request): MockAnswer | undefined => {
      if (isPrinters(request) || isSuggestions(request) || isPrint(request) || isTarget(request)) return undefined
      if (request.url.pathname === '/api/printing/jobs/') return { body: page([]) }
      if (/label\.svg$/.test(request.url.pathname)) return { body: SVG }
      return { status: 404, body: { detail: 'Nothing here.' } }
    })
    drain = api.drain
    signIn()
    const { user } = await renderApp('/printing')
    await screen.findByRole('heading', { name: 'Impressão' })
    await replayOnScreen(path, labelPrintDriver(api, user))
    // a path of ten steps or more, each waiting for the screen, outlasts the default 30 s on two busy cores
  }, 120_000)
})
