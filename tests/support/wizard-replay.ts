/**
 * What every wizard screen shows for the wizard machine's view (ADR 0007's replays on /receiving and /shipping):
 * the primary button's text, loading and validity, Voltar, and the step's errors.
 */
import { screen, waitFor } from '@testing-library/react'
import { expect } from 'vitest'
import type { wizardView } from '../../machines/wizard/wizard.machine'

/** The wizard's primary button: Próximo, or Concluir on the last step. */
export const wizardPrimaryButton = () => screen.queryByRole('button', { name: 'Próximo' }) ?? screen.getByRole('button', { name: 'Concluir' })

/** The wizard's frame agrees with the machine's view; `serverDetail` is the last error text the fake server sent. */
export async function expectWizardFrame(view: ReturnType<typeof wizardView>, serverDetail: string, label: string): Promise<void> {
  await waitFor(() => {
    const button = wizardPrimaryButton()
    expect(button, label).toHaveTextContent(view.primary === 'finish' ? 'Concluir' : 'Próximo')
    if (view.busy) expect(button, label).toHaveAttribute('data-loading')
    else expect(button, label).not.toHaveAttribute('data-loading')
    // whether the current step may go forward, as the screen told the machine
    expect(button, label).toHaveAttribute('data-valid', String(view.canGoForward))
    expect(screen.getByRole('button', { name: 'Voltar' }), label)[view.isFirst || view.busy ? 'toBeDisabled' : 'toBeEnabled']()
    const incomplete = screen.queryByText('Complete este passo antes de continuar.')
    const server = serverDetail ? screen.queryByText(serverDetail) : null
    if (view.error?.id === 'wizard.error.incomplete') expect(incomplete, label).not.toBeNull()
    else expect(incomplete, label).toBeNull()
    if (view.error && view.error.id !== 'wizard.error.incomplete') expect(server, label).not.toBeNull()
    else expect(server, label).toBeNull()
  })
}
