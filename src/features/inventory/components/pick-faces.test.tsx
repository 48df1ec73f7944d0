/** docs/requirements.md §20.1 on the desktop: the pick faces list, its form (pickers, units, the server's refusals) and roles. */
import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { mockApi, page, renderApp, signIn, testUser } from '../../../../tests/support/render-app'
import type { PickFace } from '../../../../contracts/inventory/pick-faces.contract'

const FACE: PickFace = {
  id: 7,
  location: { id: 11, code: 'A01-01-01' },
  warehouse: { id: 2, code: 'WH1' },
  product: { id: 5, code: 'P000005', name1: 'Arroz 5 kg' },
  min_qty: '4.000',
  max_qty: '20.000',
  replenish_unit: 'pack',
  replenish_qty: '6.000',
  is_active: true,
  on_hand: '12.000',
  created_at: '2026-12-01T10:00:00.000Z',
  updated_at: '2026-12-01T10:00:00.000Z',
}

describe('pick faces (§20.1)', () => {
  it('a supervisor creates a face with the pickers; the server’s refusal shows on its field in Portuguese and what was typed stays', async () => {
    let posts = 0
    const { requests } = mockApi(({ url, method }) => {
      if (url.pathname === '/api/inventory/pick-faces/' && method === 'POST')
        return ++posts === 1 ? { status: 400, body: { location: ['This location already has a pick face for this product.'] } } : { status: 201, body: { ...FACE, id: 8 } }
      if (url.pathname === '/api/inventory/pick-faces/') return { body: page(posts > 1 ? [FACE, { ...FACE, id: 8 }] : [FACE]) }
      if (url.pathname === '/api/core/locations/') return { body: page([{ id: 12, code: 'A01-01-02', name: null, is_active: true }]) }
      if (url.pathname === '/api/product/products/') return { body: page([{ id: 6, code: 'P000006', name1: 'Feijão 1 kg' }]) }
      return { status: 404, body: { detail: 'Not found.' } }
    })
    signIn(testUser({ role: 'supervisor' }))
    const { user } = await renderApp('/inventory/pick-faces')
    expect(await screen.findByText('A01-01-01')).toBeInTheDocument()
    expect(screen.getByText('Embalagem × 6')).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Novo ponto de separação' }))
    const dialog = await screen.findByRole('dialog', { name: 'Novo ponto de separação' })
    // nothing typed: each required field says so, and a minimum above the maximum is caught before sending
    await user.type(within(dialog).getByRole('textbox', { name: /Mínimo/ }), '30')
    await user.type(within(dialog).getByRole('textbox', { name: /Máximo/ }), '20')
    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }))
    expect(await within(dialog).findByText('O mínimo não pode ser maior que o máximo.')).toBeInTheDocument()
    expect(within(dialog).getAllByText('Preencha este campo.')).toHaveLength(2)
    expect(requests.some((r) => r.method === 'POST')).toBe(false)

    await user.type(within(dialog).getByRole('combobox', { name: /Localização/ }), 'A01')
    await user.click(await screen.findByRole('option', { name: 'A01-01-02' }))
    await user.type(within(dialog).getByRole('combobox', { name: /Produto/ }), 'P00')
    await user.click(await screen.findByRole('option', { name: /P000006/ }))
    const min = within(dialog).getByRole('textbox', { name: /Mínimo/ })
    await user.clear(min)
    await user.type(min, '2.5')
    await user.click(within(dialog).getByRole('combobox', { name: /Unidade de reabastecimento/ }))
    await user.click(await screen.findByRole('option', { name: 'Camada' }))
    const per = within(dialog).getByRole('textbox', { name: /Quantidade por unidade/ })
    await user.clear(per)
    await user.type(per, '12')
    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }))
    expect(await within(dialog).findByText('Esta localização já tem um ponto de separação para este produto.')).toBeInTheDocument()
    expect(min).toHaveValue('2.5')
    expect(requests.find((r) => r.method === 'POST')!.body).toEqual({ location: 12, product: 6, min_qty: '2.5', max_qty: '20', replenish_unit: 'layer', replenish_qty: '12', is_active: true })

    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }))
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Novo ponto de separação' })).not.toBeInTheDocument())
    expect(requests.filter((r) => r.method === 'POST')).toHaveLength(2)
  })

  it('edits a face, sending what it shows as typed, and deletes one after asking', async () => {
    const { requests } = mockApi(({ url, method }) => {
      if (url.pathname === '/api/inventory/pick-faces/7/' && method === 'PATCH') return { body: { ...FACE, max_qty: '24.000' } }
      if (url.pathname === '/api/inventory/pick-faces/7/' && method === 'DELETE') return { status: 204 }
      if (url.pathname === '/api/inventory/pick-faces/') return { body: page([FACE]) }
      if (url.pathname === '/api/audit/') return { body: page([]) }
      return { status: 404, body: { detail: 'Not found.' } }
    })
    signIn(testUser({ role: 'admin' }))
    const { user } = await renderApp('/inventory/pick-faces')
    await user.click(await screen.findByRole('button', { name: 'Editar A01-01-01 · P000005' }))
    const dialog = await screen.findByRole('dialog', { name: 'Editar ponto de separação A01-01-01 · P000005' })
    const max = within(dialog).getByRole('textbox', { name: /Máximo/ })
    expect(max).toHaveValue('20')
    await user.clear(max)
    await user.type(max, '24')
    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }))
    await waitFor(() => expect(requests.find((r) => r.method === 'PATCH')?.body).toEqual({ location: 11, product: 5, min_qty: '4', max_qty: '24', replenish_unit: 'pack', replenish_qty: '6', is_active: true }))
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())

    await user.click(screen.getByRole('button', { name: 'Excluir A01-01-01 · P000005' }))
    const confirm = await screen.findByRole('dialog', { name: 'Excluir ponto de separação' })
    await user.click(within(confirm).getByRole('button', { name: 'Excluir' }))
    await waitFor(() => expect(requests.some((r) => r.method === 'DELETE' && r.url.pathname === '/api/inventory/pick-faces/7/')).toBe(true))
  })

  it('a supervisor runs the replenishment sweep now and schedules it; a schedule out of range is refused before sending (§20.2)', async () => {
    let schedule = { every_minutes: null as number | null, next_at: null as string | null, last_at: null as string | null, last_tasks: null as number | null }
    const { requests } = mockApi(({ url, method, body }) => {
      if (url.pathname === '/api/inventory/pick-faces/') return { body: page([FACE]) }
      if (url.pathname === '/api/inventory/replenishment/run/') return { body: { created: 2, tasks: [], command_id: (body as { command_id: string }).command_id } }
      if (url.pathname === '/api/inventory/replenishment/schedule/' && method === 'PUT') {
        schedule = { ...schedule, every_minutes: (body as { every_minutes: number }).every_minutes, next_at: '2026-12-02T15:30:00.000Z' }
        return { body: schedule }
      }
      if (url.pathname === '/api/inventory/replenishment/schedule/') return { body: schedule }
      return { status: 404, body: { detail: 'Not found.' } }
    })
    signIn(testUser({ role: 'supervisor' }))
    const { user } = await renderApp('/inventory/pick-faces')
    const panel = await screen.findByRole('region', { name: 'Varredura de reabastecimento' })
    expect(await within(panel).findByText('Sem agendamento: a varredura roda só quando alguém a executa.')).toBeInTheDocument()
    await user.click(within(panel).getByRole('button', { name: 'Executar varredura agora' }))
    expect(await screen.findByText('2 tarefas de reabastecimento criadas.')).toBeInTheDocument()
    const run = requests.find((r) => r.url.pathname === '/api/inventory/replenishment/run/')!
    expect((run.body as { command_id: string }).command_id).toMatch(/^[0-9a-f-]{36}$/)

    await user.click(within(panel).getByRole('button', { name: 'Agendar varredura' }))
    const dialog = await screen.findByRole('dialog', { name: 'Agendar varredura de reabastecimento' })
    await user.click(within(dialog).getByRole('switch', { name: 'Varrer automaticamente' }))
    const every = within(dialog).getByRole('textbox', { name: /A cada \(minutos\)/ })
    await user.clear(every)
    await user.type(every, '3')
    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }))
    expect(await within(dialog).findByText('Informe um número inteiro de 5 a 1440.')).toBeInTheDocument()
    expect(requests.some((r) => r.method === 'PUT')).toBe(false)
    await user.clear(every)
    await user.type(every, '30')
    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }))
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Agendar varredura de reabastecimento' })).not.toBeInTheDocument())
    expect(requests.find((r) => r.method === 'PUT')!.body).toEqual({ every_minutes: 30 })
    expect(await within(panel).findByText(/^A cada 30 min; a próxima em /)).toBeInTheDocument()
  })

  it('an operator reads the list and is offered no write', async () => {
    mockApi(({ url }) => (url.pathname === '/api/inventory/pick-faces/' ? { body: page([FACE]) } : { status: 404, body: { detail: 'Not found.' } }))
    signIn(testUser({ role: 'operator' }))
    await renderApp('/inventory/pick-faces')
    expect(await screen.findByText('A01-01-01')).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Novo ponto de separação' })).not.toBeInTheDocument()
    expect(screen.queryByRole('button', { name: /^Editar/ })).not.toBeInTheDocument()
    expect(screen.queryByRole('button', { name: /^Excluir/ })).not.toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Executar varredura agora' })).not.toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Agendar varredura' })).not.toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Importar CSV' })).toBeDisabled()
    expect(screen.getByRole('button', { name: 'Exportar CSV' })).toBeEnabled()
  })

  it('a location’s row in Localizações opens its pick faces, with minimum, maximum and stock on hand', async () => {
    const LOCATION = { id: 11, code: 'A01-01-01', name: '', warehouse: { id: 2, code: 'WH1' }, kind: 'pick', storage_class: 'ambient', capacity_pallets: null, pick_sequence: null, is_active: true, zone: null, aisle: null, bay: null, level: null, x: null, y: null, aisle_direction: 'both', layout_source: 'rule' }
    const { requests } = mockApi(({ url }) => {
      if (url.pathname === '/api/core/locations/') return { body: page([LOCATION]) }
      if (url.pathname === '/api/inventory/pick-faces/') return { body: page([FACE]) }
      return { status: 404, body: { detail: 'Not found.' } }
    })
    signIn(testUser({ role: 'operator' }))
    const { user } = await renderApp('/core/locations')
    await user.click(await screen.findByRole('button', { name: 'Pontos de separação de A01-01-01' }))
    const dialog = await screen.findByRole('dialog', { name: 'Pontos de separação de A01-01-01' })
    const table = await within(dialog).findByRole('table', { name: 'Pontos de separação de A01-01-01' })
    expect(within(table).getAllByRole('row').map((r) => r.textContent)).toEqual(['ProdutoMínimoMáximoEm estoqueAtivo', 'P000005 — Arroz 5 kg42012Sim'])
    expect(requests.find((r) => r.url.pathname === '/api/inventory/pick-faces/')!.url.searchParams.get('location')).toBe('11')
  })
})
