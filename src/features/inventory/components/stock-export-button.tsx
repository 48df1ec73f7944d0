import { useEffect, useRef, useState } from 'react'
import { Button } from '@mantine/core'
import { notifications } from '@mantine/notifications'
import { IconFileSpreadsheet } from '@tabler/icons-react'
import { Trans, useLingui } from '@lingui/react/macro'
import { useQueryClient } from '@tanstack/react-query'
import { formatNumber } from '../../../lib/format'
import type { ListParams } from '../../../lib/list-query'
import { EXPORT_MAX_LINES, getAllStock } from '../api/get-all-stock'
import type { StockColumn } from '../stock-columns'
import { csvBlob, toCsv } from '../stock-csv'
import { downloadBlob } from '../../../lib/download'
import { stockErrorText } from '../stock-error'

function stamp(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0')
  return `${date.getFullYear()}${pad(date.getMonth() + 1)}${pad(date.getDate())}-${pad(date.getHours())}${pad(date.getMinutes())}`
}

/** Exports the current search and ordering to CSV, with the visible columns in the order shown. */
export function StockExportButton({ params, columns, count }: { params: ListParams; columns: readonly StockColumn[]; count: number }) {
  const { t, i18n } = useLingui()
  const queryClient = useQueryClient()
  const [progress, setProgress] = useState<{ done: number; expected: number } | null>(null)
  const controller = useRef<AbortController | null>(null)
  useEffect(() => () => controller.current?.abort(), [])

  const run = async () => {
    controller.current?.abort()
    const abort = new AbortController()
    controller.current = abort
    setProgress({ done: 0, expected: Math.min(count, EXPORT_MAX_LINES) })
    try {
      const all = await getAllStock(queryClient, params, {
        signal: abort.signal,
        onProgress: (done, expected) => setProgress({ done, expected }),
      })
      const header = columns.map((column) => i18n._(column.header))
      const csv = toCsv(header, all.lines.map((line) => columns.map((column) => column.csv(line))))
      downloadBlob(csvBlob(csv), `${t`estoque`}-${stamp(new Date())}.csv`)
      const exported = formatNumber(all.lines.length, i18n.locale)
      if (all.capped) {
        const total = formatNumber(all.count, i18n.locale)
        notifications.show({
          color: 'yellow',
          autoClose: 10_000,
          title: t`Exportação limitada`,
          message: t`Foram exportadas as primeiras ${exported} de ${total} linhas. Refine a pesquisa para exportar o restante.`,
        })
      } else {
        notifications.show({ color: 'green', message: t`${exported} linhas exportadas.` })
      }
    } catch (error) {
      if (abort.signal.aborted) return
      const text = stockErrorText(error)
      notifications.show({ color: 'red', message: t`Erro ao consultar estoque: ${text}` })
    } finally {
      if (controller.current === abort) {
        controller.current = null
        setProgress(null)
      }
    }
  }

  const done = progress ? formatNumber(progress.done, i18n.locale) : ''
  const expected = progress ? formatNumber(progress.expected, i18n.locale) : ''
  return (
    <Button
      variant="default"
      size="xs"
      leftSection={<IconFileSpreadsheet size={16} aria-hidden />}
      onClick={() => void run()}
      disabled={progress !== null || count === 0}
      aria-busy={progress !== null}
    >
      {progress ? <Trans>Exportando {done} de {expected}...</Trans> : <Trans>Exportar CSV</Trans>}
    </Button>
  )
}
