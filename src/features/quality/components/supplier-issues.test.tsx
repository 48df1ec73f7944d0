/**
 * Supplier issues on the suppliers screen (SPEC 2.15, 3, 5, 8): each row reports an issue through
 * a form (type or none, severity 1 to 5 defaulting to 3, description, e-mail switch and address
 * prefilled with the supplier's); 'Ocorrência registrada.' or 'Erro: ' and the message; the
 * supplier's issues listed in a drawer.
 */
import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { mockApi, page, renderApp, signIn, type MockAnswer, type MockRequest } from '../../../../tests/support/render-app'

const SUPPLIER = { id: 7, code: 'F-001', name: 'Acme Embalagens', edi: 'EDI-1', priority: 2, email: 'qualidade@acme.example' }
const ISSUE = {
  id: 1,
  supplier: { id: 7, code: 'F-001', name: 'Acme Embalagens' },
  issue_type: { id: 2, name: 'Avaria' },
  severity: 1,
  description: 'Caixas amassadas no recebimento',
  email: true,
  email_to: 'qualidade@acme.example',
  email_status: 'pending',
  created_by: 'ana',
  created_at: '2026-11-21T10:00:00Z',
}

function server(report?: MockAnswer) {
  const issues: unknown[] = []
  const api = mockApi(({ url, method, body }: MockRequest): MockAnswer => {
    const p = url.pathname
    if (p === '/api/partners/suppliers/') return { body: page([SUPPLIER]) }
    if (p === '/api/partners/suppliers/issue_types/') return { body: page([{ id: 1, name: 'Atraso' }, { id: 2, name: 'Avaria' }]) }
    if (p === '/api/partners/suppliers/7/issues/') return { body: page(issues) }
    if (method === 'POST' && p === '/api/partners/suppliers/7/report_issue/') {
      if (report) return report
      issues.unshift({ ...ISSUE, ...(body as object) })
      return { status: 201, body: ISSUE }
    }
    return { status: 404, body: { detail: 'Not found.' } }
  })
  return { ...api, issues }
}

async function openReportForm() {
  signIn()
  const app = await renderApp('/partners/suppliers')
  const table = await screen.findByRole('table', { name: 'Fornecedores' })
  await app.user.click(await within(table).findByRole('button', { name: 'Registrar ocorrência: Acme Embalagens' }))
  const form = await screen.findByRole('form', { name: 'Registrar ocorrência' })
  return { ...app, form }
}

describe('supplier issues', () => {
  it('reports an issue with the defaults and the supplier e-mail, then says so (SPEC 2.15, 8)', async () => {
    const { requests } = server()
    const { user, form } = await openReportForm()
    expect(within(form).getByRole('combobox', { name: 'Gravidade' })).toHaveValue('3 — Média')
    expect(within(form).getByRole('textbox', { name: 'E-mail para' })).toHaveValue('qualidade@acme.example')
    expect(within(form).getByRole('textbox', { name: 'E-mail para' })).toBeDisabled()

    await user.click(within(form).getByRole('combobox', { name: 'Tipo de ocorrência' }))
    await user.click(await screen.findByRole('option', { name: 'Avaria' }))
    await user.click(within(form).getByRole('combobox', { name: 'Gravidade' }))
    await user.click(await screen.findByRole('option', { name: '1 — Alta' }))
    await user.type(within(form).getByRole('textbox', { name: /Descrição/ }), 'Caixas amassadas no recebimento')
    await user.click(within(form).getByRole('switch', { name: 'Enviar por e-mail' }))
    await user.click(within(form).getByRole('button', { name: 'Registrar' }))

    expect(await screen.findByText('Ocorrência registrada.')).toBeInTheDocument()
    await waitFor(() => expect(screen.queryByRole('form', { name: 'Registrar ocorrência' })).not.toBeInTheDocument())
    expect(requests.find((r) => r.method === 'POST')!.body).toEqual({
      issue_type: 2,
      severity: 1,
      description: 'Caixas amassadas no recebimento',
      email: true,
      email_to: 'qualidade@acme.example',
    })
  })

  it('sends no type and no address when none is chosen', async () => {
    const { requests } = server()
    const { user, form } = await openReportForm()
    await user.type(within(form).getByRole('textbox', { name: /Descrição/ }), 'Atraso de 3 dias')
    await user.click(within(form).getByRole('button', { name: 'Registrar' }))
    expect(await screen.findByText('Ocorrência registrada.')).toBeInTheDocument()
    expect(requests.find((r) => r.method === 'POST')!.body).toEqual({ issue_type: null, severity: 3, description: 'Atraso de 3 dias', email: false, email_to: null })
  })

  it('asks for a description before sending anything', async () => {
    const { requests } = server()
    const { user, form } = await openReportForm()
    await user.click(within(form).getByRole('button', { name: 'Registrar' }))
    expect(await within(form).findByText('Descreva a ocorrência.')).toBeInTheDocument()
    expect(requests.some((r) => r.method === 'POST')).toBe(false)
  })

  it("shows 'Erro: ' and the message, and marks the refused field (SPEC 8)", async () => {
    server({ status: 400, body: { email_to: ['Enter a valid email address.'] } })
    const { user, form } = await openReportForm()
    await user.type(within(form).getByRole('textbox', { name: /Descrição/ }), 'x')
    await user.click(within(form).getByRole('switch', { name: 'Enviar por e-mail' }))
    const to = within(form).getByRole('textbox', { name: 'E-mail para' })
    await user.clear(to)
    await user.type(to, 'not-an-address')
    await user.click(within(form).getByRole('button', { name: 'Registrar' }))
    expect(await screen.findByText('Erro: email_to: Informe um e-mail válido.')).toBeInTheDocument()
    expect(to).toHaveAttribute('aria-invalid', 'true')
    // the form stays open with what was typed
    expect(within(form).getByRole('textbox', { name: /Descrição/ })).toHaveValue('x')
  })

  it("lists a supplier's issues", async () => {
    const { issues } = server()
    issues.push(ISSUE)
    signIn()
    const { user } = await renderApp('/partners/suppliers')
    const table = await screen.findByRole('table', { name: 'Fornecedores' })
    await user.click(await within(table).findByRole('button', { name: 'Ocorrências: Acme Embalagens' }))
    const list = await screen.findByRole('list', { name: 'Ocorrências' })
    expect(await within(list).findByText('Caixas amassadas no recebimento')).toBeInTheDocument()
    expect(within(list).getByText('Avaria')).toBeInTheDocument()
    expect(within(list).getByText('1 — Alta')).toBeInTheDocument()
    expect(within(list).getByText(/E-mail na fila: qualidade@acme.example/)).toBeInTheDocument()
  })
})
