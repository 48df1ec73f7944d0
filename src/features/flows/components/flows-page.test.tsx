/**
 * The flows screen in jsdom (ADR 0007): the catalogue lists every machine, the selected machine is
 * drawn as SVG from its definition (the real elkjs layout), the list view names every state, and a
 * message on the 'movatic.flows' channel moves the highlighted state. The reports (path
 * generation, seconds for the scanner) are replaced by quick ones built from the graph.
 */
import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { MACHINE_CATALOGUE, catalogueEntry } from '../../../../machines/flows/catalogue'
import type { FlowReport } from '../../../../machines/flows/flow-report'
import { machineGraph } from '../../../../machines/flows/machine-graph'
import { mockApi, renderApp, signIn, testUser } from '../../../../tests/support/render-app'
import { FLOWS_CHANNEL, type FlowsMessage } from '../../../lib/flows-inspector'

vi.mock('../api/load-flow-report', () => ({
  loadFlowCoverage: (id: string) => quickReport(id),
  loadFlowReport: (id: string) => quickReport(id),
  prefetchFlowCoverage: () => undefined,
}))

async function quickReport(id: string): Promise<FlowReport> {
  const graph = machineGraph(catalogueEntry(id)!.model.machine)
  const figure = (n: number) => ({ defined: n, covered: n, missing: [] })
  return {
    id,
    states: figure(graph.states.length),
    transitions: figure(graph.transitions.length),
    coveredTransitions: graph.transitions.map((t) => t.id),
    shortest: [
      { target: 'x', steps: [{ event: 'GO', payload: '', state: 'x' }], walked: true, onScreens: ['/x'] },
      { target: 'y', steps: [{ event: 'STOP', payload: '', state: 'y' }], walked: true, onScreens: [] },
    ],
    simple: { bounded: false, vertices: 1, limit: 1 },
    replayed: 2,
    screens: [{ screen: '/x', test: 'src/x.screen-flows.test.tsx', replayed: 1, states: figure(2), transitions: { defined: 3, covered: 2, missing: ['x on STOP #0'] } }],
  }
}

function api() {
  return mockApi(({ url }) => (url.pathname === '/api/auth/me' ? { body: testUser() } : { status: 404, body: { detail: 'Not found.' } }))
}

describe('flows screen', () => {
  // SPEC 13.2: every role may open it (analysts are users); it says first what an analyst does there
  it('opens, for an operator too, with a line saying what an analyst does here', async () => {
    mockApi(({ url }) => (url.pathname === '/api/auth/me' ? { body: testUser({ role: 'operator' }) } : { status: 404, body: { detail: 'Not found.' } }))
    signIn()
    await renderApp('/flows')
    expect(await screen.findByRole('heading', { name: 'Fluxos', level: 1 })).toBeInTheDocument()
    expect(screen.getByText(/Para analistas: escolha um fluxo do produto/)).toBeInTheDocument()
    expect(screen.getByText(/que caminhos os testes já percorrem e quais faltam/)).toBeInTheDocument()
  })

  it('lists every machine with its coverage and draws the selected one from its definition', async () => {
    api()
    signIn()
    const { user, router } = await renderApp('/flows')
    const catalogue = await screen.findByTestId('flow-catalogue')
    for (const entry of MACHINE_CATALOGUE) {
      expect(within(catalogue).getByText(entry.id)).toBeInTheDocument()
    }
    expect(within(catalogue).getByRole('button', { name: 'Sessão' })).toHaveAttribute('aria-current', 'true')
    await waitFor(() => expect(within(catalogue).getAllByTestId('flow-coverage')).toHaveLength(MACHINE_CATALOGUE.length))
    const session = machineGraph(catalogueEntry('session')!.model.machine)
    expect(within(catalogue).getAllByTestId('flow-coverage')[0]).toHaveTextContent(`${session.states.length}/${session.states.length} estados, ${session.transitions.length}/${session.transitions.length} transições`)

    const diagram = await screen.findByTestId('flow-diagram')
    await waitFor(() => expect(diagram.querySelectorAll('svg [data-state-id]')).toHaveLength(session.states.length), { timeout: 20_000 })
    expect(diagram.querySelector('svg')).toHaveAttribute('role', 'img')
    expect(diagram.querySelectorAll('svg [data-transition-id]').length).toBeGreaterThan(0)

    // another machine, by the catalogue
    await user.click(within(catalogue).getByRole('button', { name: 'Sondagem de endpoint' }))
    await waitFor(() => expect(router.state.location.search).toEqual({ machine: 'probe' }))
    const probe = machineGraph(catalogueEntry('probe')!.model.machine)
    await waitFor(() => expect(screen.getByTestId('flow-diagram').querySelectorAll('svg[data-machine-id="probe"] [data-state-id]')).toHaveLength(probe.states.length), { timeout: 20_000 })

    // the list view, for screen readers
    await user.click(screen.getByRole('tab', { name: 'Lista' }))
    expect(await screen.findByRole('heading', { name: `Estados (${probe.states.length})` })).toBeInTheDocument()
    expect(screen.getByRole('heading', { name: `Transições (${probe.transitions.length})` })).toBeInTheDocument()
    expect(screen.getAllByText('unreachable').length).toBeGreaterThan(0)

    // the paths, each marked where a screen test replays it on the real screen
    await user.click(screen.getByRole('tab', { name: 'Caminhos' }))
    expect(await screen.findByTestId('flow-screens')).toHaveTextContent('O teste de tela src/x.screen-flows.test.tsx reproduz 1 caminhos na tela /x: 2/2 estados, 2/3 transições. Sem estímulo na tela: x on STOP #0')
    const [onScreen, offScreen] = screen.getAllByTestId('flow-path')
    expect(within(onScreen).getByText('percorrido na tela /x')).toBeInTheDocument()
    expect(within(offScreen).queryByText(/percorrido na tela/)).toBeNull()
    await user.click(screen.getByRole('radio', { name: 'Na tela' }))
    await waitFor(() => expect(screen.getAllByTestId('flow-path')).toHaveLength(1))
  }, 60_000)

  it('highlights the state another tab reports', async () => {
    api()
    signIn()
    await renderApp('/flows?machine=probe')
    const diagram = await screen.findByTestId('flow-diagram')
    await waitFor(() => expect(diagram.querySelector('[data-state-id="probe.found"]')).not.toBeNull(), { timeout: 20_000 })
    expect(diagram.querySelector('[data-state-id="probe.found"]')).toHaveAttribute('data-active', 'false')
    const otherTab = new BroadcastChannel(FLOWS_CHANNEL)
    const message: FlowsMessage = {
      machineId: 'probe',
      sessionId: 'x:1',
      type: 'xstate.done.actor.check',
      event: { type: 'xstate.done.actor.check', output: 200, token: 'abc' },
      value: 'found',
      states: ['probe.found'],
      transitions: ['probe.checking on xstate.done.actor.check #0'],
      at: Date.now(),
    }
    otherTab.postMessage(message)
    await waitFor(() => expect(diagram.querySelector('[data-state-id="probe.found"]')).toHaveAttribute('data-active', 'true'))
    expect(diagram.querySelector('[data-state-id="probe.checking"]')).toHaveAttribute('data-active', 'false')
    expect(diagram.querySelector('.mf-edge[data-transition-id="probe.checking on xstate.done.actor.check #0"]')).toHaveAttribute('data-active', 'true')
    expect(screen.getByTestId('flow-live-state')).toHaveTextContent('found')
    otherTab.close()
  }, 60_000)
})
