/**
 * A master-data list's CSV export and import (SPEC 12.8): 'Exportar CSV' downloads the list with the columns the import
 * reads; 'Importar CSV' opens a dialog that previews the file (`?dry_run=1`: rows to create and update, each bad row
 * with its line and errors in the user's language), lets the user fix the file and choose it again, then imports it in
 * one transaction with a bar fed by the server's progress (rows written), and says what was created and updated.
 * Admins and supervisors import; the others see the button disabled, with the reason.
 */
import { useEffect, useRef, useState, type DragEvent } from 'react'
import { Alert, Button, Group, Modal, Paper, Progress, ScrollArea, Stack, Table, Text, Tooltip } from '@mantine/core'
import { IconAlertTriangle, IconCircleCheck, IconFileImport, IconFileSpreadsheet, IconUpload } from '@tabler/icons-react'
import { plural } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { useQueryClient, type QueryKey } from '@tanstack/react-query'
import { notifications } from '@mantine/notifications'
import { api, apiErrorText, loadServerMessages, readDrfError } from '../lib/api-client'
import { formatNumber } from '../lib/format'
import { useSession } from '../lib/session'
import { EXPORT_PATHS, IMPORT_COLUMNS, IMPORT_PATHS, IMPORT_REQUIRED, type ImportResource } from '../../contracts/master-data/import.rules'
import type { ImportProgress, ImportResult, ImportRowError } from '../../contracts/master-data/import.contract'
import { downloadCsvText } from '../lib/download'

const IMPORT_ROLES: readonly string[] = ['admin', 'supervisor']
/** how often the dialog asks the server how far the import is */
const POLL_MS = 500
/** rows of errors drawn at once (the server lists at most 1,000; the count says how many there are) */
const SHOWN_ERRORS = 200

/** A row's messages, each in the user's language when the server named it by a code (ADR 0015). */
function rowMessages(row: ImportRowError): string[] {
  const drf = readDrfError({ ...row.errors, ...(row.codes ? { codes: row.codes } : {}) })
  return [...drf.nonFieldErrors, ...Object.entries(drf.fieldErrors).map(([field, list]) => `${field}: ${list.join(' ')}`)]
}

type Step =
  | { kind: 'choose' }
  | { kind: 'checking'; name: string }
  | { kind: 'preview'; name: string; text: string; result: ImportResult }
  | { kind: 'importing'; name: string; rows: number; progress: ImportProgress | null }
  | { kind: 'done'; result: ImportResult }

export function CsvTransfer({ resource, title, invalidate }: { resource: ImportResource; title: string; invalidate: QueryKey }) {
  const { t, i18n } = useLingui()
  const { user } = useSession()
  const [open, setOpen] = useState(false)
  const [exporting, setExporting] = useState(false)
  const canImport = Boolean(user && IMPORT_ROLES.includes(user.role))
  const reason = t`Somente administradores e supervisores alteram cadastros.`

  const exportCsv = async () => {
    setExporting(true)
    try {
      const text = await api.get<string>(EXPORT_PATHS[resource], { headers: { accept: 'text/csv' } })
      downloadCsvText(text, `${resource}.csv`)
    } catch (error) {
      notifications.show({ color: 'red', message: t`Não foi possível exportar: ${apiErrorText(error) ?? ''}` })
    } finally {
      setExporting(false)
    }
  }

  return (
    <>
      <Button
        size="xs"
        variant="default"
        leftSection={<IconFileSpreadsheet size={14} aria-hidden />}
        onClick={() => void exportCsv()}
        disabled={exporting}
        aria-busy={exporting}
      >
        <Trans>Exportar CSV</Trans>
      </Button>
      <Tooltip label={reason} disabled={canImport}>
        <Button
          size="xs"
          variant="default"
          leftSection={<IconFileImport size={14} aria-hidden />}
          disabled={!canImport}
          title={canImport ? undefined : reason}
          onClick={() => setOpen(true)}
        >
          <Trans>Importar CSV</Trans>
        </Button>
      </Tooltip>
      {open ? <ImportDialog resource={resource} title={title} invalidate={invalidate} onClose={() => setOpen(false)} locale={i18n.locale} /> : null}
    </>
  )
}

function ImportDialog({ resource, title, invalidate, onClose, locale }: { resource: ImportResource; title: string; invalidate: QueryKey; onClose: () => void; locale: string }) {
  const { t } = useLingui()
  const queryClient = useQueryClient()
  const [step, setStep] = useState<Step>({ kind: 'choose' })
  const [failure, setFailure] = useState<string[] | null>(null)
  const [dragging, setDragging] = useState(false)
  const input = useRef<HTMLInputElement>(null)
  const alive = useRef(true)
  useEffect(() => {
    alive.current = true
    return () => {
      alive.current = false
    }
  }, [])
  const n = (value: number) => formatNumber(value, locale)
  const busy = step.kind === 'checking' || step.kind === 'importing'

  const preview = async (file: File) => {
    setFailure(null)
    setStep({ kind: 'checking', name: file.name })
    try {
      // read off the main thread's way (a Blob's text is asynchronous): a 50,000-row file never freezes the page
      const text = await file.text()
      const result = await api.post<ImportResult>(IMPORT_PATHS[resource], text, { query: { dry_run: '1' }, headers: { 'content-type': 'text/csv' } })
      // the rows' coded messages come in a successful answer: their words load before the preview shows them
      if (result.errors.length > 0) await loadServerMessages()
      if (alive.current) setStep({ kind: 'preview', name: file.name, text, result })
    } catch (error) {
      if (!alive.current) return
      setStep({ kind: 'choose' })
      setFailure(refusal(error))
    }
  }

  const run = async (name: string, text: string, rows: number) => {
    setFailure(null)
    const id = crypto.randomUUID()
    setStep({ kind: 'importing', name, rows, progress: null })
    // the server says how far it is (rows written) while the one transaction runs
    const timer = setInterval(() => {
      api
        .get<ImportProgress | null>(`${IMPORT_PATHS[resource]}progress/`, { query: { id } })
        .then((progress) => {
          if (progress && alive.current) setStep((s) => (s.kind === 'importing' ? { ...s, progress } : s))
        })
        .catch(() => {})
    }, POLL_MS)
    try {
      const result = await api.post<ImportResult>(IMPORT_PATHS[resource], text, { query: { progress: id }, headers: { 'content-type': 'text/csv' } })
      if (result.errors.length > 0) await loadServerMessages()
      await queryClient.invalidateQueries({ queryKey: invalidate })
      if (alive.current) setStep({ kind: 'done', result })
    } catch (error) {
      if (!alive.current) return
      setStep({ kind: 'choose' })
      setFailure(refusal(error))
    } finally {
      clearInterval(timer)
    }
  }

  const refusal = (error: unknown): string[] => {
    const drf = readDrfError(error)
    const lines = [...(drf.detail ? [drf.detail] : []), ...drf.nonFieldErrors, ...(drf.fieldErrors.rows ?? [])]
    return lines.length ? lines : [apiErrorText(error) ?? t`Não foi possível importar o arquivo.`]
  }

  const choose = (files: FileList | null) => {
    const file = files?.[0]
    if (file) void preview(file)
    if (input.current) input.current.value = ''
  }
  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault()
    setDragging(false)
    if (!busy) choose(event.dataTransfer.files)
  }

  const columns = Object.keys(IMPORT_COLUMNS[resource])
  const required = IMPORT_REQUIRED[resource]
  const result = step.kind === 'preview' ? step.result : null
  const hasErrors = Boolean(result && result.error_rows > 0)
  const nothing = Boolean(result && result.created + result.updated === 0)
  // a server older than the warning sends no list
  const ignored = result?.ignored_columns ?? []
  const ignoredList = ignored.join(', ')

  return (
    <Modal opened onClose={busy ? () => {} : onClose} title={title} size="xl" closeOnClickOutside={!busy} closeOnEscape={!busy} withCloseButton={!busy} closeButtonProps={{ 'aria-label': t`Fechar` }}>
      <Stack gap="sm">
        <Text size="sm">
          <Trans>
            A primeira linha do arquivo nomeia as colunas: {columns.join(', ')} (obrigatórias: {required.join(', ')}). O arquivo de “Exportar CSV” volta
            aqui sem mudanças. Nada é gravado antes de “Importar”, e uma importação grava todas as linhas ou nenhuma.
          </Trans>
        </Text>

        {step.kind !== 'done' ? (
          <Paper
            withBorder
            p="md"
            onDragOver={(event) => {
              event.preventDefault()
              setDragging(true)
            }}
            onDragLeave={() => setDragging(false)}
            onDrop={onDrop}
            style={{ borderStyle: 'dashed', borderColor: dragging ? 'var(--mantine-color-blue-filled)' : undefined }}
          >
            <Group justify="space-between" wrap="nowrap">
              <Text size="sm">
                {step.kind === 'choose' ? <Trans>Escolha um arquivo CSV ou arraste-o para cá.</Trans> : <Trans>Arquivo: {step.name}</Trans>}
              </Text>
              <Button size="xs" variant="default" leftSection={<IconUpload size={14} aria-hidden />} disabled={busy} onClick={() => input.current?.click()}>
                {step.kind === 'choose' ? <Trans>Escolher arquivo</Trans> : <Trans>Escolher outro arquivo</Trans>}
              </Button>
              <input ref={input} type="file" accept=".csv,text/csv,text/plain" hidden aria-label={t`Arquivo CSV`} onChange={(event) => choose(event.currentTarget.files)} />
            </Group>
          </Paper>
        ) : null}

        {failure ? (
          <Alert color="red" variant="light" role="alert" icon={<IconAlertTriangle size={18} aria-hidden />} title={t`O arquivo não foi importado.`}>
            {failure.map((line, i) => (
              <Text size="sm" key={i}>
                {line}
              </Text>
            ))}
          </Alert>
        ) : null}

        {step.kind === 'checking' ? (
          <Stack gap={4} role="status">
            <Text size="sm">
              <Trans>Verificando o arquivo...</Trans>
            </Text>
            <Progress value={100} striped animated aria-label={t`Verificando o arquivo`} />
          </Stack>
        ) : null}

        {result ? (
          <>
            <Text size="sm" role="status">
              <Trans>
                {n(result.rows)} linhas: {n(result.created)} a criar, {n(result.updated)} a atualizar, {n(result.error_rows)} com erros.
              </Trans>
            </Text>
            {ignored.length ? (
              <Alert color="yellow" variant="light" role="status" icon={<IconAlertTriangle size={18} aria-hidden />} title={t`Colunas ignoradas`}>
                <Text size="sm">
                  {t`${plural(ignored.length, {
                    one: `O arquivo tem a coluna ${ignoredList}, que esta importação não conhece: os valores dela não serão importados.`,
                    other: `O arquivo tem as colunas ${ignoredList}, que esta importação não conhece: os valores delas não serão importados.`,
                  })}`}
                </Text>
              </Alert>
            ) : null}
            {hasErrors ? (
              <>
                <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} aria-hidden />} title={t`Corrija estas linhas no arquivo e escolha-o de novo.`}>
                  {result.error_rows > Math.min(result.errors.length, SHOWN_ERRORS) ? (
                    <Text size="sm">
                      <Trans>
                        Mostrando as primeiras {n(Math.min(result.errors.length, SHOWN_ERRORS))} de {n(result.error_rows)} linhas com erros.
                      </Trans>
                    </Text>
                  ) : null}
                </Alert>
                <ScrollArea.Autosize mah={320} type="auto">
                  <Table striped withTableBorder aria-label={t`Linhas com erros`}>
                    <Table.Thead>
                      <Table.Tr>
                        <Table.Th>
                          <Trans>Linha</Trans>
                        </Table.Th>
                        <Table.Th>
                          <Trans>Código</Trans>
                        </Table.Th>
                        <Table.Th>
                          <Trans>Erros</Trans>
                        </Table.Th>
                      </Table.Tr>
                    </Table.Thead>
                    <Table.Tbody>
                      {result.errors.slice(0, SHOWN_ERRORS).map((row) => (
                        <Table.Tr key={row.row}>
                          <Table.Td>{row.row}</Table.Td>
                          <Table.Td>{row.code}</Table.Td>
                          <Table.Td>
                            {rowMessages(row).map((line, i) => (
                              <Text size="sm" key={i}>
                                {line}
                              </Text>
                            ))}
                          </Table.Td>
                        </Table.Tr>
                      ))}
                    </Table.Tbody>
                  </Table>
                </ScrollArea.Autosize>
              </>
            ) : null}
          </>
        ) : null}

        {step.kind === 'importing' ? <ImportBar step={step} n={n} /> : null}

        {step.kind === 'done' ? (
          <Alert color="green" variant="light" role="status" icon={<IconCircleCheck size={18} aria-hidden />} title={t`Importação concluída.`}>
            <Trans>
              {n(step.result.created)} criados, {n(step.result.updated)} atualizados.
            </Trans>
          </Alert>
        ) : null}

        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={busy}>
            {step.kind === 'done' ? <Trans>Fechar</Trans> : <Trans>Cancelar</Trans>}
          </Button>
          {step.kind === 'preview' ? (
            <Tooltip label={hasErrors ? t`Corrija as linhas com erros antes de importar.` : t`Nenhuma linha para importar.`} disabled={!hasErrors && !nothing}>
              <Button
                leftSection={<IconFileImport size={16} aria-hidden />}
                disabled={hasErrors || nothing}
                onClick={() => void run(step.name, step.text, step.result.rows)}
              >
                <Trans>Importar</Trans>
              </Button>
            </Tooltip>
          ) : null}
        </Group>
      </Stack>
    </Modal>
  )
}

function ImportBar({ step, n }: { step: Extract<Step, { kind: 'importing' }>; n: (value: number) => string }) {
  const { t } = useLingui()
  const p = step.progress
  const rows = n(step.rows)
  const value = !p || p.phase === 'checking' ? 0 : p.phase === 'finishing' ? 100 : Math.round((100 * p.done) / Math.max(1, p.total))
  const done = p ? n(p.done) : ''
  const label = !p
    ? t`Enviando ${rows} linhas...`
    : p.phase === 'checking'
      ? t`Verificando ${rows} linhas...`
      : p.phase === 'writing'
        ? t`Gravando ${done} de ${rows} linhas...`
        : t`Concluindo (índices e histórico)...`
  return (
    <Stack gap={4} role="status">
      <Text size="sm">{label}</Text>
      <Progress value={value} striped animated aria-label={t`Progresso da importação`} />
    </Stack>
  )
}
