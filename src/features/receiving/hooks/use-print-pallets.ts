import { useState } from 'react'
import { notifications } from '@mantine/notifications'
import { useLingui } from '@lingui/react/macro'
import { apiErrorText } from '../../../lib/api-client'
import { printPalletLabel } from '../api/print-pallet-label'

/** Prints pallet labels through the printing API and says how it went (SPEC 8: the print toasts). */
export function usePrintPallets(printer: number | null) {
  const { t } = useLingui()
  const [printing, setPrinting] = useState<string | null>(null)
  const print = async (codes: string[], key: string) => {
    if (printer === null) return
    setPrinting(key)
    let failed = 0
    let lastError = ''
    for (const code of codes) {
      try {
        await printPalletLabel(code, printer)
      } catch (error) {
        failed++
        lastError = apiErrorText(error) ?? ''
      }
    }
    setPrinting(null)
    if (failed === 0) notifications.show({ color: 'green', message: t`Solicitação enviada à fila de impressão.`, closeButtonProps: { 'aria-label': t`Fechar` } })
    else notifications.show({ color: 'red', message: lastError || t`Falha ao enviar impressão`, closeButtonProps: { 'aria-label': t`Fechar` } })
  }
  return { print, printing }
}
