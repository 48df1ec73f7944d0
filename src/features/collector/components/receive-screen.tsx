import { useCallback, useId, useMemo, useRef, useState } from 'react'
import { Button, Group, Stack, Text, Title } from '@mantine/core'
import { IconCheck, IconPackage, IconX } from '@tabler/icons-react'
import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { useActorRef, useSelector } from '@xstate/react'
import { fromPromise } from 'xstate'
import { readGs1 } from '../../../../contracts/gs1/gs1'
import {
  fromMilli,
  milli,
  receiveMachine,
  receivePrompt,
  type ClosedPallet,
  type ClosePalletInput,
  type LoadDocumentInput,
  type ReceiveDocument,
  type ReceiveItem,
  type ReceiveTarget,
  type SubmitReceiptInput,
} from '../../../../machines/receive/receive.machine'
import { flowsInspect } from '../../../lib/flows-inspector'
import { useSession } from '../../../lib/session'
import { readString, writeString } from '../../../lib/storage'
import { closeReceivePallet } from '../api/close-receive-pallet'
import { getLabelPrinters, getMyPreferences } from '../api/get-label-printers'
import { getReceivableDocuments } from '../api/get-receivable-documents'
import { getReceiveDocument } from '../api/get-receive-document'
import { signalFeedback } from '../feedback/feedback'
import { useDeviceRequest } from '../hooks/use-device-request'
import { useScanner } from '../hooks/use-scanner'
import type { ScanTarget } from '../offline/offline-cache'
import { useOfflineCache } from '../offline/offline-cache-provider'
import { useOutbox } from '../outbox/outbox-context'
import { receiveText } from '../receive-texts'
import { ScanCodeForm } from './scan-code-form'
import classes from './scan-screen.module.css'
import { ScanNotice } from './scan-notice'
import { rememberScannedLocation } from '../last-location'

/** the printer the operator chose once on this device */
const printerKey = (username: string) => `movatic.collector.printer.${username}`

/** What a read names for receiving: the cache's answer, with the expiry and quantity a GS1-128 read carries. */
export function toReceiveTarget(target: ScanTarget): ReceiveTarget {
  switch (target.kind) {
    case 'product': {
      const gs1 = readGs1(target.code)
      const data = gs1?.ok ? (gs1.data as { lot?: string; expiryDate?: string; count?: string }) : {}
      const lot = target.lot ?? data.lot
      return {
        kind: 'product',
        code: target.code,
        id: target.product.id,
        name: target.product.name,
        ...(lot ? { lot } : {}),
        ...(data.expiryDate ? { expiry: data.expiryDate } : {}),
        ...(data.count ? { qty: data.count } : {}),
      }
    }
    case 'location':
      return { kind: 'location', code: target.code }
    case 'pallet':
      return { kind: 'pallet', code: target.code }
    default:
      return { kind: 'unknown', code: target.code }
  }
}

function Field({ label, value }: { label: React.ReactNode; value: string | null | undefined }) {
  if (!value) return null
  return (
    <Group justify="space-between" wrap="nowrap" gap="xs">
      <Text c="var(--collector-muted)">{label}</Text>
      <Text fw={700} size="lg" style={{ overflowWrap: 'anywhere', textAlign: 'right' }}>
        {value}
      </Text>
    </Group>
  )
}

/** a small typed field with its OK, for the fallbacks (lot, expiry, quantity, damage) */
function TypedField({ label, inputMode, placeholder, onSubmit }: { label: string; inputMode: 'decimal' | 'text' | 'numeric'; placeholder?: string; onSubmit: (value: string) => void }) {
  const id = useId()
  const [value, setValue] = useState('')
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault()
        onSubmit(value)
        setValue('')
      }}
    >
      <label htmlFor={id} className={classes.label}>
        {label}
      </label>
      <Group gap="xs" wrap="nowrap">
        <input id={id} className={classes.input} inputMode={inputMode} placeholder={placeholder} value={value} onChange={(e) => setValue(e.currentTarget.value)} autoComplete="off" />
        <Button type="submit" size="lg" h={56} color="var(--collector-accent)" disabled={value.trim() === ''}>
          <Trans>OK</Trans>
        </Button>
      </Group>
    </form>
  )
}

const itemText = (i: ReceiveItem) => `${i.qty} × ${i.productCode}${i.lot ? ` (${i.lot})` : ''}`

/**
 * /m/receive (SPEC 11.4): the receive machine on the collector. A document is picked by its code or from the list;
 * every product read is classified against the offline cache in the keydown's own task and given to the machine,
 * which accepts or refuses it at once (sound, vibration, flash). Closing a pallet saves the items in the document's
 * draft receipt (the desktop wizard's), gives it an SSCC and prints its label on the operator's printer; Finish
 * writes the booking to the outbox, which sends it with its command_id as the receipt's idempotency key.
 */
export function ReceiveScreen() {
  const { t, i18n } = useLingui()
  const id = useId()
  const { user } = useSession()
  const username = user?.username ?? 'unknown'
  const { index, ready } = useOfflineCache()
  const { enqueue } = useOutbox()

  // the collector's own reader, not TanStack Query (first-load budget, ADR 0014)
  const printers = useDeviceRequest('printers', getLabelPrinters)
  const [chosenPrinter, setChosenPrinter] = useState(() => readString('local', printerKey(username)))
  // a default printer is a convenience: not asked twice
  const prefs = useDeviceRequest(`preferences:${username}`, getMyPreferences, { retry: false })
  const printerList = printers.data?.results ?? []
  const preferred = prefs.data?.default_printer?.id
  // the printer chosen on this device, else the user's default (SPEC 2.13, Settings), else the only (or first) one
  const printer = printerList.find((p) => String(p.id) === chosenPrinter) ?? printerList.find((p) => p.id === preferred) ?? printerList[0] ?? null

  const latest = useRef({ index, enqueue, printer: printer?.id ?? null, i18n })
  latest.current = { index, enqueue, printer: printer?.id ?? null, i18n }

  const machine = useMemo(
    () =>
      receiveMachine.provide({
        actors: {
          loadDocument: fromPromise<ReceiveDocument, LoadDocumentInput>(({ input }) => getReceiveDocument(input.code)),
          closePallet: fromPromise<ClosedPallet, ClosePalletInput>(({ input }) => closeReceivePallet(input, latest.current.printer)),
          submit: fromPromise<unknown, SubmitReceiptInput>(async ({ input }) => {
            const damaged = input.pallets.flatMap((p) => p.items).filter((i) => milli(i.damaged) > 0n)
            const damage = damaged.map((i) => `${i.damaged} × ${i.productCode}${i.lot ? ` (${i.lot})` : ''}`).join(', ')
            const pallets = input.pallets
              .filter((p): p is ClosedPallet & { palletCode: string; location: number } => p.palletCode !== null && p.location !== null)
              .map((p) => ({ pallet_code: p.palletCode, sscc: p.sscc, location: p.location }))
            return latest.current.enqueue(
              'receiving.receive',
              {
                document: input.document.id,
                ...(pallets.length ? { pallets } : {}),
                // SPEC 11.4: damage opens a supplier issue with the booking
                ...(damaged.length ? { report_issue: { description: latest.current.i18n._(msg`Avaria no recebimento pelo coletor: ${damage}`) } } : {}),
              },
              `${input.document.code}: ${input.pallets.map((p) => p.sscc ?? p.palletCode ?? '—').join(', ')}`,
            )
          }),
        },
        actions: {
          accepted: () => signalFeedback('success'),
          refused: () => signalFeedback('error'),
        },
      }),
    [],
  )
  const actor = useActorRef(machine, { inspect: flowsInspect })
  const state = useSelector(actor, (s) => s.value as string)
  const context = useSelector(actor, (s) => s.context)
  const prompt = useSelector(actor, (s) => receivePrompt(s))
  const picking = state === 'document' || state === 'done'
  // asked each time the operator is back at picking a document
  const documents = useDeviceRequest(picking ? 'receivable-documents' : null, (signal) => getReceivableDocuments(undefined, signal))

  const fieldRef = useRef<HTMLInputElement>(null)
  const [code, setCode] = useState('')
  const onRead = useCallback(
    (read: { code: string }) => {
      setCode('')
      const target = latest.current.index.classify(read.code)
      actor.send({ type: 'SCAN', target: toReceiveTarget(target) })
      // after the machine's feedback: where the operator is, for 'Próxima tarefa' (SPEC 19.4)
      rememberScannedLocation(username, target)
    },
    [actor, username],
  )
  // no lookup over the network: the offline cache answers, in onRead
  const scanner = useScanner({ lookup: () => Promise.resolve(null), historyCap: 1, fieldRef, onRead, signalReads: false })

  const doc = context.document
  const onPallets = (line: number) => {
    const open = context.pallet.find((i) => i.line === line)
    const closed = context.pallets.flatMap((p) => p.items).filter((i) => i.line === line)
    return fromMilli([...closed, ...(open ? [open] : [])].reduce((sum, i) => sum + milli(i.qty) + milli(i.damaged), 0n))
  }
  const confirming = state === 'quantity' || state === 'overConfirm' || state === 'finish' || state === 'submitting'

  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        <Trans>Receber</Trans>
        {doc ? ` · ${doc.code}` : ''}
      </Title>
      <div role="status" aria-live="assertive" data-testid="receive-prompt" className={classes.prompt}>
        {receiveText(i18n, prompt)}
      </div>
      <ScanNotice notice={scanner.notice} testId="receive-scan-notice" />
      {context.refusal ? (
        <div role="alert" data-testid="receive-refusal" className={classes.refusal}>
          <IconX size={22} aria-hidden style={{ flexShrink: 0 }} />
          <span>{receiveText(i18n, context.refusal)}</span>
        </div>
      ) : null}
      {!ready ? (
        <Text c="var(--collector-warn)" fw={600}>
          <Trans>Baixando locais e produtos para trabalhar sem rede…</Trans>
        </Text>
      ) : null}

      {context.item ? (
        <Stack gap={4} data-testid="receive-item">
          <Field label={<Trans>Produto</Trans>} value={`${context.item.productCode} · ${context.item.productName}`} />
          <Field label={<Trans>Lote</Trans>} value={context.item.lot} />
          <Field label={<Trans>Validade</Trans>} value={context.item.expiry} />
          <Field label={<Trans>Quantidade</Trans>} value={context.item.qty} />
          <Field label={<Trans>Avaria</Trans>} value={context.item.damaged !== '0' ? context.item.damaged : null} />
        </Stack>
      ) : null}

      {confirming ? (
        <Button size="xl" h={72} fullWidth color="var(--collector-accent)" leftSection={<IconCheck size={28} aria-hidden />} loading={state === 'submitting'} onClick={() => actor.send({ type: 'CONFIRM' })}>
          <Trans>Confirmar</Trans>
        </Button>
      ) : null}

      {state === 'lot' ? <TypedField label={t`Lote`} inputMode="text" onSubmit={(lot) => actor.send({ type: 'LOT', lot })} /> : null}
      {state === 'expiry' ? <TypedField label={t`Validade`} inputMode="numeric" placeholder={t`DD/MM/AAAA`} onSubmit={(date) => actor.send({ type: 'EXPIRY', date })} /> : null}
      {state === 'quantity' ? (
        <>
          <TypedField label={t`Quantidade`} inputMode="decimal" onSubmit={(qty) => actor.send({ type: 'QTY', qty })} />
          <TypedField label={t`Avaria (quantidade danificada)`} inputMode="decimal" onSubmit={(qty) => actor.send({ type: 'DAMAGED', qty })} />
        </>
      ) : null}

      {/* typing is the fallback, never the way: the scanner's burst lands wherever focus is */}
      <ScanCodeForm fieldRef={fieldRef} code={code} onCode={setCode} onSubmit={scanner.submit} />

      {state === 'item' || state === 'closing' ? (
        // one above the other: side by side, 'Fechar palete' does not fit at 412 px
        <Stack gap="xs">
          <Button size="lg" h={56} color="var(--collector-accent)" leftSection={<IconPackage size={22} aria-hidden />} loading={state === 'closing'} onClick={() => actor.send({ type: 'CLOSE_PALLET' })}>
            <Trans>Fechar palete</Trans>
          </Button>
          <Button size="lg" h={56} variant="outline" color="var(--collector-accent-text)" disabled={state === 'closing'} onClick={() => actor.send({ type: 'FINISH' })}>
            <Trans>Finalizar</Trans>
          </Button>
        </Stack>
      ) : null}

      {['lot', 'expiry', 'quantity', 'overConfirm', 'finish'].includes(state) ? (
        <Button size="lg" h={56} variant="outline" color="var(--collector-accent-text)" onClick={() => actor.send({ type: 'CANCEL' })}>
          <Trans>Cancelar</Trans>
        </Button>
      ) : null}

      {doc ? (
        <section aria-label={t`Itens do documento`}>
          <Stack gap={4} data-testid="receive-lines">
            {doc.lines.map((l) => (
              <Group key={l.id} justify="space-between" wrap="nowrap" gap="xs">
                <Text>
                  {l.productCode} · {l.productName}
                </Text>
                <Text fw={700}>{doc.blind ? onPallets(l.id) : t`${onPallets(l.id)} de ${fromMilli(milli(l.expected) - milli(l.booked))}`}</Text>
              </Group>
            ))}
          </Stack>
        </section>
      ) : null}

      {context.pallet.length ? (
        <section aria-label={t`Palete aberto`} data-testid="receive-open-pallet">
          <Text fw={700}>
            <Trans>Palete aberto</Trans>
          </Text>
          {context.pallet.map((i) => (
            <Text key={i.line}>{itemText(i)}</Text>
          ))}
        </section>
      ) : null}

      {context.pallets.length ? (
        <section aria-label={t`Paletes fechados`} data-testid="receive-pallets">
          <Text fw={700}>
            <Trans>Paletes fechados</Trans>
          </Text>
          {context.pallets.map((p, n) => (
            <Stack key={p.palletCode ?? `damaged-${n}`} gap={0} data-testid="receive-pallet">
              <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
                {p.sscc ?? p.palletCode ?? t`Só avarias`}
              </Text>
              <Text size="sm">{p.items.map(itemText).join(', ')}</Text>
              {p.announced ? (
                <Text size="sm" c="var(--collector-muted)">
                  {t`Palete anunciado: mantém a etiqueta do fornecedor`}
                </Text>
              ) : p.palletCode ? (
                <Text size="sm" c={p.printJob ? 'var(--collector-muted)' : 'var(--collector-warn)'}>
                  {p.printJob ? t`Etiqueta enviada para ${printer?.name ?? ''}` : t`Etiqueta não impressa: imprima pela tela de etiquetas.`}
                </Text>
              ) : null}
            </Stack>
          ))}
        </section>
      ) : null}

      {doc && printerList.length > 1 ? (
        // a plain select, not Mantine's (its input kit weighs on the first load, SPEC 11.13)
        <div>
          <label htmlFor={`${id}-printer`} className={classes.label}>
            {t`Impressora de etiquetas`}
          </label>
          <select
            id={`${id}-printer`}
            className={`${classes.input} ${classes.select}`}
            value={printer ? String(printer.id) : ''}
            onChange={(event) => {
              setChosenPrinter(event.currentTarget.value)
              writeString('local', printerKey(username), event.currentTarget.value)
            }}
          >
            {printerList.map((p) => (
              <option key={p.id} value={String(p.id)}>
                {p.name}
              </option>
            ))}
          </select>
        </div>
      ) : null}

      {doc ? (
        // not while a pallet is being closed or the receipt written: neither could be taken back, and the screen would forget them
        <Button size="md" variant="subtle" color="var(--collector-accent-text)" disabled={state === 'closing' || state === 'submitting'} onClick={() => actor.send({ type: 'RESET' })}>
          <Trans>Trocar documento</Trans>
        </Button>
      ) : null}

      {context.finished ? (
        <div role="status" data-testid="receive-done" className={classes.done}>
          <IconCheck size={20} aria-hidden style={{ flexShrink: 0 }} />
          <span>
            <Trans>
              Recebimento de {context.finished.document} enviado: {context.finished.pallets} paletes
            </Trans>
          </span>
        </div>
      ) : null}

      {picking ? (
        <section aria-label={t`Pedidos e ASNs abertos`}>
          <Text fw={700}>
            <Trans>Pedidos e ASNs abertos</Trans>
          </Text>
          <Stack gap="xs" data-testid="receive-documents">
            {(documents.data?.results ?? []).map((d) => (
              <Button key={d.id} size="lg" h="auto" mih={64} py={6} variant="default" justify="flex-start" fullWidth classNames={{ label: classes.choice }} onClick={() => actor.send({ type: 'PICK', code: d.code })}>
                {/* the code whole on its own line: beside the supplier it was cut short at 412 px */}
                <span>{d.code}</span>{' '}
                <Text span size="sm" fw={400}>
                  {d.supplier.name}
                </Text>
              </Button>
            ))}
            {documents.data && documents.data.results.length === 0 ? (
              <Text c="var(--collector-muted)">
                <Trans>Nenhum pedido ou ASN aberto.</Trans>
              </Text>
            ) : null}
          </Stack>
        </section>
      ) : null}
    </Stack>
  )
}
