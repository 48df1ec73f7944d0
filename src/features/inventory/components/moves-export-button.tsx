import { useEffect, useRef, useState } from 'react'
import { Button } from '@mantine/core'
import { notifications } from '@mantine/notifications'
import { IconFileSpreadsheet } from '@tabler/icons-react'
import { Trans, useLingui } from '@lingui/react/macro'
import { apiErrorText } from '../../../lib/api-client'
import { formatNumber } from '../../../lib/format'
import type { ListParams } from '../../../lib/list-query'
import { getAllMoves, MOVES_EXPORT_MAX } from '../api/get-moves'
import { downloadBlob, fileStamp } from '../csv-download'
import type { MoveColumn } from '../move-columns'
import type { MoveFilters } from '../moves-filters'
import { csvBlob, toCsv } from '../stock-csv'

/** SPEC 10.7: the ledger's current search and filters to CSV, the visible columns in the order shown. */
export function MovesExportButton({ params, filters, columns, count }: { params: ListParams; filters: MoveFilters; columns: readonly MoveColumn[]; count: number }) {
  const { t, i18n } = useLingui()
  const [progress, setProgress] = useState<{ done: number; expected: number } | null>(null)
  const controller = useRef<AbortController | null>(null)
  useEffect(() => () => controller.current?.abort(), [])

  const run = async () => {
    controller.current?.abort()
    const abort = new AbortController()
    controller.current = abort
    setProgress({ done: 0, expected: Math.min(count, MOVES_EXPORT_MAX) })
    try {
      const all = await getAllMoves(params, filters, { signal: abort.signal, onProgress: (done, expected) => setProgress({ done, expected }) })
      const header = columns.map((column) => i18n._(column.header))
      const csv = toCsv(header, all.moves.map((move) => columns.map((column) => column.csv(move, i18n))))
      downloadBlob(csvBlob(csv), `${t`movimentacoes`}-${fileStamp(new Date())}.csv`)
      const exported = formatNumber(all.moves.length, i18n.locale)
      if (all.capped) {
        const total = formatNumber(all.count, i18n.locale)
        notifications.show({ color: 'yellow', autoClose: 10_000, title: t`Exportação limitada`, message: t`Foram exportadas as primeiras ${exported} de ${total} linhas. Refine a pesquisa para exportar o restante.` })
      } else {
        notifications.show({ color: 'green', message: t`${exported} linhas exportadas.` })
      }
    } catch (error) {
      if (abort.signal.aborted) return
      notifications.show({ color: 'red', message: apiErrorText(error) ?? t`Erro ao carregar dados.` })
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
    <Button variant="default" size="xs" leftSection={<IconFileSpreadsheet size={16} aria-hidden />} onClick={() => void run()} disabled={progress !== null || count === 0} aria-busy={progress !== null}>
      {progress ? <Trans>Exportando {done} de {expected}...</Trans> : <Trans>Exportar CSV</Trans>}
    </Button>
  )
}
