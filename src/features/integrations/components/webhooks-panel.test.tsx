/**
 * Configurações → Integrações, "Webhooks" in jsdom (docs/requirements.md §6, ADR 0020): creating a subscription shows
 * its secret once; a refused URL shows on its field; pause and resume send `enabled`; the delivery log lists,
 * filters by status, shows a payload, and redelivers through the API; a non-admin is not offered the page.
 */
import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import type { WebhookCreated, WebhookDelivery, WebhookSubscription } from '../../../../contracts/integrations/webhooks.contract'
import { mockApi, page, renderApp, signIn, testUser, type MockAnswer, type MockRequest } from '../../../../tests/support/render-app'

const SECRET = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw'
const LAST = '2026-11-28T09:30:00Z'

function subscriptions(): WebhookSubscription[] {
  return [
    {
      id: 1,
      url: 'https://erp.example.com/wms',
      event_types: ['order.shipped', 'receipt.booked'],
      enabled: true,
      created_by: 'admin',
      created_at: '2026-11-20T10:00:00Z',
      updated_at: '2026-11-20T10:00:00Z',
      pending: 2,
      dead: 1,
      last_delivered_at: LAST,
    },
  ]
}

function deliveries(): WebhookDelivery[] {
  const base = { event_type: 'order.shipped' as const, created_at: '2026-11-28T09:00:00Z', last_error: null, next_attempt_at: null }
  return [
    { ...base, id: 31, event_id: 701, status: 'dead', attempts: 8, last_response_code: 500, last_attempt_at: LAST, delivered_at: null, last_error: 'HTTP 500', payload: { type: 'order.shipped', timestamp: LAST, data: { order: 'SO-501' } } },
    { ...base, id: 30, event_id: 700, status: 'delivered', attempts: 1, last_response_code: 204, last_attempt_at: LAST, delivered_at: LAST, payload: { type: 'order.shipped', timestamp: LAST, data: { order: 'SO-500' } } },
    { ...base, id: 32, event_id: 702, status: 'pending', attempts: 0, last_response_code: null, last_attempt_at: null, delivered_at: null, next_attempt_at: LAST, payload: { type: 'order.shipped', timestamp: LAST, data: { order: 'SO-502' } } },
  ]
}

const COLLECTION = '/api/integrations/webhooks/'
const ITEM = /^\/api\/integrations\/webhooks\/(\d+)\/$/
const LOG = /^\/api\/integrations\/webhooks\/(\d+)\/deliveries\/$/
const REDELIVER = /^\/api\/integrations\/webhooks\/(\d+)\/deliveries\/(\d+)\/redeliver\/$/

/** A small webhooks API over a list; `answer` replaces a write's answer (a refusal). */
function server(opts: { answer?: (request: MockRequest) => MockAnswer | undefined } = {}) {
  const rows = subscriptions()
  const log = deliveries()
  return mockApi((request): MockAnswer => {
    const { url, method, body } = request
    const p = url.pathname
    if (p === '/api/integrations/api-keys/') return { body: page([]) }
    if (p === COLLECTION && method === 'GET') return { body: page(rows) }
    if (method !== 'GET') {
      const refused = opts.answer?.(request)
      if (refused) return refused
    }
    if (p === COLLECTION && method === 'POST') {
      const sent = body as { url: string; event_types: WebhookSubscription['event_types']; enabled: boolean }
      const row: WebhookSubscription = { ...subscriptions()[0], ...sent, id: 2, pending: 0, dead: 0, last_delivered_at: null }
      rows.unshift(row)
      const created: WebhookCreated = { ...row, secret: SECRET }
      return { status: 201, body: created }
    }
    const item = ITEM.exec(p)
    const index = item ? rows.findIndex((r) => r.id === Number(item[1])) : -1
    if (index >= 0 && method === 'PATCH') {
      rows[index] = { ...rows[index], ...(body as Partial<WebhookSubscription>) }
      return { body: rows[index] }
    }
    if (index >= 0 && method === 'DELETE') {
      rows.splice(index, 1)
      return { status: 204 }
    }
    if (LOG.test(p) && method === 'GET') {
      const status = url.searchParams.get('status')
      return { body: page(log.filter((d) => !status || d.status === status)) }
    }
    const again = REDELIVER.exec(p)
    if (again && method === 'POST') {
      const d = log.find((x) => x.id === Number(again[2]))!
      Object.assign(d, { status: 'pending', next_attempt_at: LAST })
      return { status: 202, body: d }
    }
    return { status: 404, body: { detail: 'Not found.' } }
  })
}

async function openWebhooks() {
  signIn(testUser({ role: 'admin' }))
  const app = await renderApp('/settings/integrations')
  await app.user.click(await screen.findByRole('tab', { name: 'Webhooks' }))
  const table = await screen.findByRole('table', { name: 'Assinaturas de webhook' })
  await within(table).findByText('https://erp.example.com/wms')
  return { ...app, table }
}

const rowOf = (table: HTMLElement, text: string) => within(table).getByText(text).closest('tr')!

describe('webhooks tab', () => {
  it('lists each subscription: its URL, translated event types, state, pending and dead counts, last delivery', async () => {
    server()
    const { table } = await openWebhooks()
    const row = within(rowOf(table, 'https://erp.example.com/wms'))
    expect(row.getByText('Pedido expedido')).toBeInTheDocument()
    expect(row.getByText('Recebimento registrado')).toBeInTheDocument()
    expect(row.getByText('Ativa')).toBeInTheDocument()
    expect(row.getByText('2')).toBeInTheDocument()
    expect(row.getByText('1')).toBeInTheDocument()
    expect(row.getByText(new Intl.DateTimeFormat('pt-BR', { dateStyle: 'short', timeStyle: 'short' }).format(new Date(LAST)))).toBeInTheDocument()
  })

  it('creates a subscription: the client asks for a URL and an event first, then the secret is shown once', async () => {
    const { requests } = server()
    const { user, table } = await openWebhooks()
    const form = screen.getByRole('form', { name: 'Nova assinatura de webhook' })

    await user.click(within(form).getByRole('button', { name: 'Criar assinatura' }))
    expect(await within(form).findByText('Informe um endereço http:// ou https://.')).toBeInTheDocument()
    expect(within(form).getByText('Escolha pelo menos um evento.')).toBeInTheDocument()
    expect(requests.some((r) => r.method === 'POST')).toBe(false)

    await user.type(within(form).getByRole('textbox', { name: /URL de destino/ }), 'https://shop.example.com/hooks')
    await user.click(within(form).getByRole('checkbox', { name: /Pedido criado/ }))
    await user.click(within(form).getByRole('checkbox', { name: /Estoque ajustado/ }))
    await user.click(within(form).getByRole('button', { name: 'Criar assinatura' }))

    const dialog = await screen.findByRole('dialog', { name: 'Assinatura criada' })
    expect(within(dialog).getByTestId('webhook-secret')).toHaveTextContent(SECRET)
    expect(within(dialog).getByText(/não será exibido novamente/)).toBeInTheDocument()
    expect(within(dialog).getByText(/Standard Webhooks/, { selector: 'p' })).toBeInTheDocument()
    expect(within(dialog).getByRole('button', { name: 'Copiar segredo' })).toBeInTheDocument()
    const posts = requests.filter((r) => r.method === 'POST')
    expect(posts).toHaveLength(1)
    expect(posts[0].url.pathname).toBe(COLLECTION)
    expect(posts[0].body).toEqual({ url: 'https://shop.example.com/hooks', event_types: ['order.created', 'stock.adjusted'], enabled: true })

    await user.click(within(dialog).getAllByRole('button', { name: 'Fechar' }).at(-1)!)
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Assinatura criada' })).not.toBeInTheDocument())
    // once closed the secret is gone: the list never carries it
    expect(await within(table).findByText('https://shop.example.com/hooks')).toBeInTheDocument()
    expect(screen.queryByText(SECRET)).not.toBeInTheDocument()
  })

  it("shows the server's refusal of a URL on the field, translated, and keeps what was typed", async () => {
    server({ answer: (r) => (r.method === 'POST' ? { status: 400, body: { url: ['This field may not be blank.'] } } : undefined) })
    const { user } = await openWebhooks()
    const form = screen.getByRole('form', { name: 'Nova assinatura de webhook' })
    const field = within(form).getByRole('textbox', { name: /URL de destino/ })
    await user.type(field, 'https://10.0.0.1/hook')
    await user.click(within(form).getByRole('checkbox', { name: /Pedido expedido/ }))
    await user.click(within(form).getByRole('button', { name: 'Criar assinatura' }))
    await waitFor(() => expect(field).toHaveAttribute('aria-invalid', 'true'))
    expect(within(form).getByText('Este campo não pode ficar em branco.')).toBeInTheDocument()
    expect(field).toHaveValue('https://10.0.0.1/hook')
    expect(screen.queryByRole('dialog', { name: 'Assinatura criada' })).not.toBeInTheDocument()
  })

  it('pauses and resumes a subscription', async () => {
    const { requests } = server()
    const { user, table } = await openWebhooks()
    await user.click(within(table).getByRole('button', { name: 'Pausar https://erp.example.com/wms' }))
    expect(await within(table).findByText('Pausada')).toBeInTheDocument()
    await user.click(within(table).getByRole('button', { name: 'Retomar https://erp.example.com/wms' }))
    expect(await within(table).findByText('Ativa')).toBeInTheDocument()
    const patches = requests.filter((r) => r.method === 'PATCH')
    expect(patches.map((r) => [r.url.pathname, r.body])).toEqual([
      ['/api/integrations/webhooks/1/', { enabled: false }],
      ['/api/integrations/webhooks/1/', { enabled: true }],
    ])
  })

  it('edits the URL and event types, sending what changed; deletes after asking', async () => {
    const { requests } = server()
    const { user, table } = await openWebhooks()
    await user.click(within(table).getByRole('button', { name: 'Editar https://erp.example.com/wms' }))
    const dialog = await screen.findByRole('dialog', { name: 'Editar assinatura' })
    expect(within(dialog).getByRole('checkbox', { name: /Pedido expedido/ })).toBeChecked()
    await user.click(within(dialog).getByRole('checkbox', { name: /Recebimento registrado/ }))
    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }))
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Editar assinatura' })).not.toBeInTheDocument())
    expect(requests.filter((r) => r.method === 'PATCH').map((r) => r.body)).toEqual([{ event_types: ['order.shipped'] }])
    await waitFor(() => expect(within(rowOf(table, 'https://erp.example.com/wms')).queryByText('Recebimento registrado')).not.toBeInTheDocument())

    await user.click(within(table).getByRole('button', { name: 'Excluir https://erp.example.com/wms' }))
    const confirm = await screen.findByRole('dialog', { name: 'Excluir a assinatura?' })
    expect(requests.some((r) => r.method === 'DELETE')).toBe(false)
    await user.click(within(confirm).getByRole('button', { name: 'Excluir' }))
    expect(await within(table).findByText('Nenhuma assinatura de webhook.')).toBeInTheDocument()
    expect(requests.filter((r) => r.method === 'DELETE').map((r) => r.url.pathname)).toEqual(['/api/integrations/webhooks/1/'])
  })

  it('the delivery log lists, filters by status, shows a payload, and redelivers through the API', async () => {
    const { requests } = server()
    const { user, table } = await openWebhooks()
    await user.click(within(table).getByRole('button', { name: 'Entregas de https://erp.example.com/wms' }))
    const drawer = await screen.findByRole('dialog', { name: 'Entregas: https://erp.example.com/wms' })
    const log = within(drawer).getByRole('table', { name: 'Entregas do webhook' })
    await within(log).findByText('701')
    expect(within(rowOf(log, '701')).getByText('Falhou')).toBeInTheDocument()
    expect(within(rowOf(log, '701')).getByText('500')).toBeInTheDocument()
    expect(within(rowOf(log, '700')).getByText('Entregue')).toBeInTheDocument()
    expect(within(rowOf(log, '702')).getByText('Pendente')).toBeInTheDocument()
    // a delivery still waiting is not offered again; delivered and dead ones are
    expect(within(log).queryByRole('button', { name: 'Reenviar entrega 702' })).not.toBeInTheDocument()
    expect(within(log).getByRole('button', { name: 'Reenviar entrega 700' })).toBeInTheDocument()
    expect(within(drawer).queryByRole('searchbox')).not.toBeInTheDocument()

    await user.click(within(log).getByRole('button', { name: 'Conteúdo da entrega 701' }))
    const payload = await screen.findByRole('dialog', { name: 'Conteúdo da entrega 701' })
    expect(within(payload).getByTestId('webhook-payload')).toHaveTextContent('"order": "SO-501"')
    await user.click(within(payload).getByRole('button', { name: 'Fechar' }))
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Conteúdo da entrega 701' })).not.toBeInTheDocument())

    await user.click(within(drawer).getByRole('combobox', { name: 'Situação da entrega' }))
    await user.click(await screen.findByRole('option', { name: 'Falhou' }))
    await waitFor(() => expect(within(log).queryByText('700')).not.toBeInTheDocument())
    expect(requests.some((r) => LOG.test(r.url.pathname) && r.url.searchParams.get('status') === 'dead')).toBe(true)

    await user.click(within(log).getByRole('button', { name: 'Reenviar entrega 701' }))
    await waitFor(() => expect(requests.filter((r) => r.method === 'POST')).toHaveLength(1))
    expect(await screen.findByText('Entrega 701 enviada de novo.')).toBeInTheDocument()
    const posts = requests.filter((r) => r.method === 'POST')
    expect(posts.map((r) => r.url.pathname)).toEqual(['/api/integrations/webhooks/1/deliveries/31/redeliver/'])
    // the log is asked again: the dead delivery is pending now and leaves the 'Falhou' filter
    await waitFor(() => expect(within(log).queryByText('701')).not.toBeInTheDocument())
  })

  it('a supervisor is not offered the page', async () => {
    const { requests } = server()
    signIn(testUser({ role: 'supervisor' }))
    await renderApp('/settings/integrations')
    expect(await screen.findByText('Somente administradores')).toBeInTheDocument()
    expect(screen.queryByRole('tab', { name: 'Webhooks' })).not.toBeInTheDocument()
    expect(requests.some((r) => r.url.pathname.startsWith(COLLECTION))).toBe(false)
  })
})
