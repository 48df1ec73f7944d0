import { useEffect, useState } from 'react'
import { Alert, Group, Loader, Text } from '@mantine/core'
import { Trans, useLingui } from '@lingui/react/macro'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useWizard, Wizard } from '../../../components/wizard'
import { ApiError, apiErrorText } from '../../../lib/api-client'
import { assignPallets } from '../api/assign-pallets'
import { bookReceipt } from '../api/book-receipt'
import { inboundDocumentQueryOptions } from '../api/get-inbound-document'
import { putawaySuggestionsQueryOptions } from '../api/get-putaway-suggestions'
import { receivingSettingsQueryOptions } from '../api/get-receiving-settings'
import { saveReceiptDraft } from '../api/save-receipt-draft'
import { checkInPallet } from '../api/check-in-pallet'
import { INBOUND_STATUS_LABELS, isReceivable } from '../inbound-status'
import { receivingKeys } from '../receiving-query-keys'
import type { BookedReceipt, InboundDocument, LocationOption, Receipt, ReceivedItem } from '../receiving-types'
import { fromMilli } from '../../../lib/format'
import { CheckStep, checkStepValid, qtyMilli, type CheckedLine, type IssueChoice } from './check-step'
import { DocumentStep } from './document-step'
import { LabelStep } from './label-step'
import { PutawayStep } from './putaway-step'
import { ReceiptResult } from './receipt-result'

export const RECEIVING_STEPS = ['document', 'check', 'label', 'putaway'] as const

/**
 * The check form from the saved draft (resuming), else what is still expected per line; blind receiving starts each
 * line empty, since prefilling it would tell what is expected.
 */
function initialLines(doc: InboundDocument, blind: boolean): Record<number, CheckedLine> {
  const out: Record<number, CheckedLine> = {}
  for (const line of doc.lines) {
    const saved = doc.draft?.lines.find((l) => l.line === line.id)
    const left = qtyMilli(line.expected_qty) - qtyMilli(line.received_qty) - qtyMilli(line.damaged_qty)
    out[line.id] = saved
      ? { received: fromMilli(qtyMilli(saved.received_qty)), damaged: fromMilli(qtyMilli(saved.damaged_qty)), lot: saved.lot ?? '', expiry: saved.expiry_date ?? '' }
      : { received: blind ? '' : fromMilli(left > 0n ? left : 0n), damaged: 0, lot: line.lot ?? '', expiry: line.expiry_date ?? '' }
  }
  return out
}

/** Where a saved draft resumes: labelled pallets go to the label step, saved lines to the check step. */
export function resumeStep(doc: InboundDocument | undefined): number {
  // a cancelled or received document reached by its link stays on the document step, which says why
  if (!doc || !isReceivable(doc.status)) return 0
  const draft = doc.draft
  if (draft && draft.pallets.length > 0 && draft.lines.every((l) => qtyMilli(l.received_qty) === 0n || l.pallet_code)) return 2
  return 1
}

/** A short "why" from an API failure, for the wizard's error (wizard.error.server). */
function failure(error: unknown): Error {
  return new Error((error instanceof ApiError ? apiErrorText(error) : null) ?? (error instanceof Error ? error.message : String(error)))
}

export interface ReceivingWizardProps {
  /** a document to resume (from the address) */
  initialDocumentId: number | null
  onDocumentChange: (id: number | null) => void
}

/** SPEC 2.8 on real documents, driven by the generic wizard machine. */
export function ReceivingWizard({ initialDocumentId, onDocumentChange }: ReceivingWizardProps) {
  const { t, i18n } = useLingui()
  const queryClient = useQueryClient()
  const [documentId, setDocumentId] = useState<number | null>(initialDocumentId)
  const [startAt] = useState(() => (initialDocumentId === null ? 0 : resumeStep(queryClient.getQueryData(receivingKeys.document(initialDocumentId)))))
  const doc = useQuery({ ...inboundDocumentQueryOptions(documentId ?? 0), enabled: documentId !== null })
  const document = documentId !== null && doc.data?.id === documentId ? doc.data : undefined
  const settings = useQuery(receivingSettingsQueryOptions())
  // settings that cannot be read keep receiving blind, as the handheld does; null while they load
  const blind = settings.data ? settings.data.blind : settings.isError ? true : null

  const [linesFor, setLinesFor] = useState<number | null>(null)
  const [lines, setLines] = useState<Record<number, CheckedLine>>({})
  const [issue, setIssue] = useState<IssueChoice>({ open: false, severity: 3, description: '' })
  const [receipt, setReceipt] = useState<Receipt | null>(null)
  const [printer, setPrinter] = useState<number | null>(null)
  const [destinations, setDestinations] = useState<Record<string, LocationOption | null>>({})

  // a document (re)loaded: the check form starts from its draft, once per document (once blind or not is known)
  if (document && blind !== null && linesFor !== document.id) {
    setLinesFor(document.id)
    setLines(initialLines(document, blind))
    setReceipt(document.draft && document.draft.pallets.length > 0 ? document.draft : null)
    setDestinations({})
  }

  const wizard = useWizard<BookedReceipt>({
    steps: RECEIVING_STEPS,
    startAt,
    keyPrefix: 'rcv',
    saveStep: async (step) => {
      if (step !== 'check' || documentId === null) return
      // SPEC 2.8: the check step saves its draft, so leaving half-way loses nothing; then pallets get SSCCs
      const items: ReceivedItem[] = Object.entries(lines)
        .filter(([, l]) => qtyMilli(l.received) > 0n || qtyMilli(l.damaged) > 0n)
        .map(([id, l]) => ({
          line: Number(id),
          received_qty: fromMilli(qtyMilli(l.received)),
          damaged_qty: fromMilli(qtyMilli(l.damaged)),
          lot: l.lot.trim() || null,
          expiry_date: l.expiry || null,
        }))
      try {
        await saveReceiptDraft(documentId, items)
        setReceipt(await assignPallets(documentId))
      } catch (error) {
        throw failure(error)
      }
      void queryClient.invalidateQueries({ queryKey: receivingKeys.document(documentId) })
    },
    finish: async (idempotencyKey) => {
      if (documentId === null || !receipt) throw new Error(t`Nenhum documento selecionado.`)
      const damaged = Object.values(lines).some((l) => qtyMilli(l.damaged) > 0n)
      let booked: BookedReceipt
      try {
        booked = await bookReceipt(documentId, {
          idempotency_key: idempotencyKey,
          pallets: receipt.pallets.map((p) => ({ pallet_code: p.pallet_code, sscc: p.sscc, location: destinations[p.pallet_code]!.id })),
          report_issue: damaged && issue.open ? { severity: issue.severity, description: issue.description.trim() || undefined } : null,
        })
      } catch (error) {
        throw failure(error)
      }
      void queryClient.invalidateQueries({ queryKey: receivingKeys.all })
      return booked
    },
  })
  const { view, setValid } = wizard

  const suggestions = useQuery({ ...putawaySuggestionsQueryOptions(documentId ?? 0), enabled: documentId !== null && view.step === 'putaway' && !view.finished })
  // the suggested destinations fill what the user has not chosen
  useEffect(() => {
    if (!suggestions.data) return
    setDestinations((current) => {
      const next = { ...current }
      for (const s of suggestions.data) if (s.pallet_code && next[s.pallet_code] === undefined) next[s.pallet_code] = s.location
      return next
    })
  }, [suggestions.data])

  const valid = {
    document: document !== undefined && isReceivable(document.status),
    check: document !== undefined && checkStepValid(lines),
    label: receipt !== null && receipt.pallets.length > 0,
    putaway: receipt !== null && receipt.pallets.length > 0 && receipt.pallets.every((p) => destinations[p.pallet_code]),
  }
  useEffect(() => {
    // resent after each save: the machine takes validity only while editing
    if (view.busy) return
    for (const [step, ok] of Object.entries(valid)) setValid(step, ok)
  }, [view.busy, valid.document, valid.check, valid.label, valid.putaway, setValid]) // eslint-disable-line react-hooks/exhaustive-deps

  const steps = [
    { id: 'document', label: t`Documento` },
    { id: 'check', label: t`Conferência` },
    { id: 'label', label: t`Etiquetas` },
    { id: 'putaway', label: t`Armazenagem` },
  ]

  const another = () => {
    setDocumentId(null)
    setLinesFor(null)
    setReceipt(null)
    setIssue({ open: false, severity: 3, description: '' })
    onDocumentChange(null)
    wizard.restart()
  }

  const statusWord = document ? i18n._(INBOUND_STATUS_LABELS[document.status]).toLowerCase() : ''
  let content
  if (view.finished && wizard.result) {
    content = <ReceiptResult receipt={wizard.result} documentCode={document?.code ?? ''} printer={printer} onAnother={another} />
  } else if (view.step === 'document') {
    content = (
      <>
        {document && !isReceivable(document.status) ? (
          // a cancelled or received document reached from its link (/receiving?document=) is not received again
          <Alert color="red" mb="sm" role="alert">
            <Trans>
              O documento {document.code} está {statusWord}: só um documento aberto ou em recebimento pode ser recebido.
            </Trans>
          </Alert>
        ) : document ? (
          <Alert color="blue" mb="sm">
            <Trans>
              Documento selecionado: {document.code} — {document.supplier.name}
            </Trans>
          </Alert>
        ) : null}
        <DocumentStep
          selectedId={documentId}
          onSelect={(row) => {
            setDocumentId(row.id)
            onDocumentChange(row.id)
          }}
        />
      </>
    )
  } else if (!document || (view.step === 'check' && linesFor !== document.id)) {
    content = doc.isError && !document ? (
      <Alert color="red" role="alert">
        {apiErrorText(doc.error) ?? t`Erro ao carregar dados.`}
      </Alert>
    ) : (
      <Loader role="status" aria-label={t`Carregando`} />
    )
  } else if (view.step === 'check') {
    content = (
      <CheckStep
        document={document}
        blind={blind ?? true}
        lines={lines}
        onChange={(id, patch) => setLines((all) => ({ ...all, [id]: { ...all[id], ...patch } }))}
        issue={issue}
        onIssueChange={setIssue}
        onScanPallet={async (sscc) => {
          try {
            const draft = await checkInPallet(document.id, sscc)
            // the pallet's lines as announced, still editable here before Next saves them
            const checked = Object.fromEntries(
              draft.lines
                .filter((l) => l.sscc === sscc)
                .map((l) => [l.line, { received: fromMilli(qtyMilli(l.received_qty)), damaged: fromMilli(qtyMilli(l.damaged_qty)), lot: l.lot ?? '', expiry: l.expiry_date ?? '' }]),
            )
            setLines((all) => ({ ...all, ...checked }))
            return null
          } catch (error) {
            return failure(error).message
          }
        }}
      />
    )
  } else if (view.step === 'label') {
    content = receipt ? (
      <LabelStep receipt={receipt} printer={printer} onPrinterChange={setPrinter} />
    ) : (
      <Text c="dimmed">
        <Trans>Volte à conferência e salve as quantidades recebidas.</Trans>
      </Text>
    )
  } else {
    content = (
      <PutawayStep
        warehouse={document.warehouse.id}
        suggestions={suggestions.data}
        error={suggestions.error}
        destinations={destinations}
        onChange={(code, location) => setDestinations((all) => ({ ...all, [code]: location }))}
      />
    )
  }

  return (
    <>
      {document && view.step !== 'document' && !view.finished ? (
        <Group gap="xs" mb="sm">
          <Text fw={600}>{document.code}</Text>
          <Text c="dimmed">
            {document.supplier.code} — {document.supplier.name}
          </Text>
        </Group>
      ) : null}
      <Wizard steps={steps} view={view} onNext={wizard.next} onBack={wizard.back}>
        {content}
      </Wizard>
    </>
  )
}
