import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { mockApi, page, renderApp, signIn, testUser } from '../../tests/support/render-app'
import { withMessageCodes } from '../../contracts/errors/server-messages.rules'
import type { ImportResult } from '../../contracts/master-data/import.contract'

const product = { id: 1, code: 'P1', variant: '', name1: 'Leite', name2: null, uom: { id: 1, code: 'UN' }, storage_class: 'ambient', gtins: [], shelf_life_days: null, lot_tracked: false, expiry_tracked: false, is_active: true }

/** A preview's bad row as the server sends it: the English messages, and their codes beside them (ADR 0015). */
function badRow(row: number, code: string, errors: Record<string, string[]>) {
  return { row, code, errors, codes: withMessageCodes(errors).codes as ImportResult['errors'][number]['codes'] }
}

const BAD = 'code,name1,uom\nA1,Um,UN\nA2,Dois,NOPE\nA3,Três,UN\n'
const FIXED = 'code,name1,uom\nA1,Um,UN\nA2,Dois,UN\nA3,Três,UN\n'

describe('CSV import dialog (SPEC 12.8)', () => {
  it('previews a file, shows each bad row with its line and errors in Portuguese, keeps Importar disabled; a fixed file imports with the server\'s progress', async () => {
    let progressAsked = () => {}
    const asked = new Promise<void>((resolve) => {
      progressAsked = resolve
    })
    const { requests } = mockApi(async ({ method, url, body }) => {
      if (url.pathname === '/api/product/products/' && method === 'GET') return { body: page([product]) }
      if (url.pathname === '/api/product/products/import/progress/') {
        progressAsked()
        return { body: { phase: 'writing', done: 2000, total: 3 } }
      }
      if (url.pathname === '/api/product/products/import/' && method === 'POST') {
        if (url.searchParams.get('dry_run') === '1') {
          return body === BAD
            ? {
                body: {
                  dry_run: true,
                  rows: 3,
                  created: 2,
                  updated: 0,
                  error_rows: 1,
                  errors: [badRow(3, 'A2', { uom: ['No uom has the code "NOPE".'] })],
                },
              }
            : { body: { dry_run: true, rows: 3, created: 2, updated: 1, error_rows: 0, errors: [] } }
        }
        await asked
        return { body: { dry_run: false, rows: 3, created: 2, updated: 1, error_rows: 0, errors: [] } }
      }
      return { status: 404, body: { detail: 'Not found.' } }
    })
    signIn(testUser({ role: 'supervisor' }))
    const { user } = await renderApp('/catalog/products')
    await within(await screen.findByRole('table', { name: 'Produtos' })).findByText('P1')
    await user.click(screen.getByRole('button', { name: 'Importar CSV' }))
    const dialog = await screen.findByRole('dialog', { name: 'Importar produtos (CSV)' })
    expect(within(dialog).getByText(/code, variant, name1, name2, uom/)).toBeInTheDocument()

    await user.upload(within(dialog).getByLabelText('Arquivo CSV'), new File([BAD], 'produtos.csv', { type: 'text/csv' }))
    expect(await within(dialog).findByText('3 linhas: 2 a criar, 0 a atualizar, 1 com erros.')).toBeInTheDocument()
    const bad = within(dialog).getByRole('table', { name: 'Linhas com erros' })
    const cells = within(bad).getAllByRole('cell').map((c) => c.textContent)
    expect(cells).toEqual(['3', 'A2', 'uom: Nenhum registro de uom tem o código "NOPE".'])
    expect(within(dialog).getByRole('button', { name: 'Importar' })).toBeDisabled()
    expect(requests.filter((r) => r.method === 'POST').map((r) => r.url.search)).toEqual(['?dry_run=1'])

    // the user fixes the file and chooses it again
    await user.upload(within(dialog).getByLabelText('Arquivo CSV'), new File([FIXED], 'produtos.csv', { type: 'text/csv' }))
    expect(await within(dialog).findByText('3 linhas: 2 a criar, 1 a atualizar, 0 com erros.')).toBeInTheDocument()
    expect(within(dialog).queryByRole('table', { name: 'Linhas com erros' })).not.toBeInTheDocument()
    const importButton = within(dialog).getByRole('button', { name: 'Importar' })
    expect(importButton).toBeEnabled()
    await user.click(importButton)
    expect(await within(dialog).findByRole('progressbar', { name: 'Progresso da importação' })).toBeInTheDocument()
    expect(await within(dialog).findByText('2 criados, 1 atualizados.', {}, { timeout: 3000 })).toBeInTheDocument()
    const sent = requests.filter((r) => r.method === 'POST').at(-1)
    expect(sent?.body).toBe(FIXED)
    expect(sent?.headers.get('content-type')).toBe('text/csv')
    const id = sent?.url.searchParams.get('progress')
    expect(id).toBeTruthy()
    expect(requests.find((r) => r.url.pathname.endsWith('/import/progress/'))?.url.searchParams.get('id')).toBe(id)
    // the list is read again
    await waitFor(() => expect(requests.filter((r) => r.method === 'GET' && r.url.pathname === '/api/product/products/').length).toBeGreaterThan(1))
  })

  it('shows a refused file\'s message in Portuguese and keeps the dialog open to choose another', async () => {
    mockApi(({ method, url }) => {
      if (url.pathname === '/api/core/locations/' && method === 'GET') return { body: page([]) }
      if (url.pathname === '/api/core/locations/import/') return { status: 400, body: { non_field_errors: ['The file has no rows below its header.'] } }
      return { status: 404, body: { detail: 'Not found.' } }
    })
    signIn(testUser({ role: 'admin' }))
    const { user } = await renderApp('/core/locations')
    await screen.findByRole('table', { name: 'Localizações' })
    await user.click(screen.getByRole('button', { name: 'Importar CSV' }))
    const dialog = await screen.findByRole('dialog', { name: 'Importar localizações (CSV)' })
    await user.upload(within(dialog).getByLabelText('Arquivo CSV'), new File(['code,warehouse\n'], 'vazio.csv', { type: 'text/csv' }))
    const alert = await within(dialog).findByRole('alert')
    expect(alert).toHaveTextContent('O arquivo não tem linhas abaixo do cabeçalho.')
    expect(within(dialog).getByRole('button', { name: 'Escolher arquivo' })).toBeEnabled()
  })

  it('says one missing column in the singular and several in the plural (the server\'s coded message)', async () => {
    const names = 'code, name, is_active'
    const refusals = [
      { non_field_errors: [`The file has no name column. Its first line names the columns: ${names}.`] },
      { non_field_errors: [`The file is missing the columns code, name. Its first line names the columns: ${names}.`] },
    ]
    mockApi(({ method, url }) => {
      if (url.pathname === '/api/partners/carriers/' && method === 'GET') return { body: page([]) }
      if (url.pathname === '/api/partners/carriers/import/') return { status: 400, body: refusals.shift() }
      return { status: 404, body: { detail: 'Not found.' } }
    })
    signIn(testUser({ role: 'admin' }))
    const { user } = await renderApp('/partners/carriers')
    await screen.findByRole('table', { name: 'Transportadoras' })
    await user.click(screen.getByRole('button', { name: 'Importar CSV' }))
    const dialog = await screen.findByRole('dialog', { name: 'Importar transportadoras (CSV)' })
    await user.upload(within(dialog).getByLabelText('Arquivo CSV'), new File(['code\nT9\n'], 'a.csv', { type: 'text/csv' }))
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(`O arquivo não tem a coluna name. A primeira linha nomeia as colunas: ${names}.`)
    await user.upload(within(dialog).getByLabelText('Arquivo CSV'), new File(['document\nX\n'], 'b.csv', { type: 'text/csv' }))
    await waitFor(() => expect(within(dialog).getByRole('alert')).toHaveTextContent(`O arquivo não tem as colunas code, name. A primeira linha nomeia as colunas: ${names}.`))
  })

  it('warns in the preview of the columns the import does not know, in the singular and the plural', async () => {
    const previews = [['document'], ['document', 'obs']]
    mockApi(({ method, url }) => {
      if (url.pathname === '/api/partners/carriers/' && method === 'GET') return { body: page([]) }
      if (url.pathname === '/api/partners/carriers/import/') return { body: { dry_run: true, rows: 1, created: 1, updated: 0, error_rows: 0, errors: [], ignored_columns: previews.shift() } }
      return { status: 404, body: { detail: 'Not found.' } }
    })
    signIn(testUser({ role: 'admin' }))
    const { user } = await renderApp('/partners/carriers')
    await screen.findByRole('table', { name: 'Transportadoras' })
    await user.click(screen.getByRole('button', { name: 'Importar CSV' }))
    const dialog = await screen.findByRole('dialog', { name: 'Importar transportadoras (CSV)' })
    await user.upload(within(dialog).getByLabelText('Arquivo CSV'), new File(['code,name,document\nT9,T,NF\n'], 'a.csv', { type: 'text/csv' }))
    expect(await within(dialog).findByText('O arquivo tem a coluna document, que esta importação não conhece: os valores dela não serão importados.')).toBeInTheDocument()
    expect(within(dialog).getByText('Colunas ignoradas')).toBeInTheDocument()
    // a warning, not an error: the file still imports
    expect(within(dialog).getByRole('button', { name: 'Importar' })).toBeEnabled()
    await user.upload(within(dialog).getByLabelText('Arquivo CSV'), new File(['code,name,document,obs\nT9,T,NF,x\n'], 'b.csv', { type: 'text/csv' }))
    expect(await within(dialog).findByText('O arquivo tem as colunas document, obs, que esta importação não conhece: os valores delas não serão importados.')).toBeInTheDocument()
  })

  it('an operator exports but sees Importar CSV disabled, saying why', async () => {
    mockApi(({ url }) => (url.pathname === '/api/partners/carriers/' ? { body: page([{ id: 3, code: 'T1', name: 'Transp', is_active: true }]) } : { status: 404, body: { detail: 'Not found.' } }))
    signIn(testUser({ role: 'operator' }))
    await renderApp('/partners/carriers')
    await within(await screen.findByRole('table', { name: 'Transportadoras' })).findByText('T1')
    const importButton = screen.getByRole('button', { name: 'Importar CSV' })
    expect(importButton).toBeDisabled()
    expect(importButton).toHaveAttribute('title', 'Somente administradores e supervisores alteram cadastros.')
    expect(screen.getByRole('button', { name: 'Exportar CSV' })).toBeEnabled()
  })
})
