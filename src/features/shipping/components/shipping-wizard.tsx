import { useEffect, useState } from 'react'
import { Alert, Group, Loader, Text } from '@mantine/core'
import { Trans, useLingui } from '@lingui/react/macro'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useWizard, Wizard } from '../../../components/wizard'
import { ApiError, apiErrorText } from '../../../lib/api-client'
import { pickSuggestionsQueryOptions } from '../api/get-pick-suggestions'
import { shippingTargetQueryOptions } from '../api/get-shipping-target'
import { saveShippingDraft } from '../api/save-shipping-draft'
import { ship } from '../api/ship'
import {
  defaultPackages,
  fefoOverrides,
  fromPackageItems,
  initialPicks,
  initialReasons,
  packingValid,
  pickingValid,
  toPackageItems,
  toPickItems,
  type PackageForm,
  type Qty,
} from '../shipping-form'
import { shippingKeys } from '../shipping-query-keys'
import type { Shipment, ShippingDetail, ShippingDraft, ShippingKind, ShippingTarget } from '../shipping-types'
import { PackingStep } from './packing-step'
import { PickingStep } from './picking-step'
import { SelectStep } from './select-step'
import { ShipStep } from './ship-step'
import { ShipmentResult } from './shipment-result'

export const SHIPPING_STEPS = ['select', 'picking', 'packing', 'ship'] as const

/** Where a saved draft resumes: packages saved → ship, picks saved → packing, else picking. */
export function shippingResumeStep(detail: ShippingDetail | undefined): number {
  if (!detail) return 0
  if (detail.draft?.packages?.length) return 3
  if (detail.draft?.picks?.length) return 2
  return 1
}

function failure(error: unknown): Error {
  return new Error((error instanceof ApiError ? apiErrorText(error) : null) ?? (error instanceof Error ? error.message : String(error)))
}

/** A Finish refused on `picks` ({"picks": ["Pick 2: …"]}): each message on the order line of the pick it names. */
function pickErrorsOf(error: unknown, sent: { line: number }[]): Record<number, string> {
  const data = error instanceof ApiError ? (error.data as { picks?: unknown } | null) : null
  const out: Record<number, string> = {}
  if (!data || !Array.isArray(data.picks)) return out
  for (const message of data.picks) {
    if (typeof message !== 'string') continue
    const n = /^Pick (\d+):/.exec(message)
    const line = n ? sent[Number(n[1]) - 1]?.line : undefined
    if (line !== undefined) out[line] = out[line] ? `${out[line]} ${message}` : message
  }
  return out
}

export interface ShippingWizardProps {
  initialTarget: ShippingTarget | null
  onTargetChange: (target: ShippingTarget | null) => void
}

/** SPEC 2.9 on real orders and waves, driven by the generic wizard machine. */
export function ShippingWizard({ initialTarget, onTargetChange }: ShippingWizardProps) {
  const { t } = useLingui()
  const queryClient = useQueryClient()
  const [kind, setKind] = useState<ShippingKind>(initialTarget?.kind ?? 'order')
  const [target, setTarget] = useState<ShippingTarget | null>(initialTarget)
  const [startAt] = useState(() => (initialTarget ? shippingResumeStep(queryClient.getQueryData(shippingKeys.target(initialTarget))) : 0))
  const detailQuery = useQuery({ ...shippingTargetQueryOptions(target ?? { kind: 'order', id: 0 }), enabled: target !== null })
  const detail = target && detailQuery.data?.id === target.id ? detailQuery.data : undefined

  const [formFor, setFormFor] = useState<string | null>(null)
  const [picks, setPicks] = useState<Record<string, Qty>>({})
  const [reasons, setReasons] = useState<Record<number, string>>({})
  // the server's refusals of picks at Finish, on their order line ("Pick N: …" names the Nth pick sent)
  const [pickErrors, setPickErrors] = useState<Record<number, string>>({})
  const [packages, setPackages] = useState<PackageForm[]>([])
  const [carrier, setCarrier] = useState<number | null>(null)
  const [tracking, setTracking] = useState('')

  const suggestions = useQuery({ ...pickSuggestionsQueryOptions(target ?? { kind: 'order', id: 0 }), enabled: target !== null && detail !== undefined })
  const lines = suggestions.data

  // the form starts from the saved draft, once per order or wave (when its lines are known)
  const formKey = target && detail && lines ? `${target.kind}:${target.id}` : null
  if (formKey && formFor !== formKey && detail && lines) {
    const draft = detail.draft
    setFormFor(formKey)
    const start = initialPicks(lines, draft)
    setPicks(start)
    setReasons(initialReasons(draft))
    setPackages(draft?.packages?.length ? fromPackageItems(draft.packages) : defaultPackages(start))
    setCarrier(draft?.carrier ?? null)
    setTracking(draft?.tracking_reference ?? '')
  }

  // a pick of a worse lot than FEFO's carries its line's reason (SPEC 10.5; the server refuses it without one)
  const pickItems = () => toPickItems(picks, reasons, lines ? fefoOverrides(lines, picks) : new Set())
  const draftOf = (step: string): ShippingDraft => {
    const base: ShippingDraft = { picks: pickItems(), carrier, tracking_reference: tracking.trim() }
    return step === 'picking' ? base : { ...base, packages: toPackageItems(packages) }
  }

  const wizard = useWizard<Shipment>({
    steps: SHIPPING_STEPS,
    startAt,
    keyPrefix: 'shp',
    saveStep: async (step) => {
      if (!target || step === 'select') return
      // picks changed since the packages were made: start packing again from one package with everything
      if (step === 'picking' && !packingValid(picks, packages)) setPackages(defaultPackages(picks))
      try {
        // leaving half-way loses nothing: the steps so far are saved on the order or wave
        await saveShippingDraft(target, draftOf(step))
      } catch (error) {
        throw failure(error)
      }
    },
    finish: async (idempotencyKey) => {
      if (!target) throw new Error(t`Nada selecionado.`)
      const sent = pickItems()
      try {
        const shipment = await ship(target, {
          idempotency_key: idempotencyKey,
          picks: sent,
          packages: toPackageItems(packages),
          carrier,
          tracking_reference: tracking.trim(),
        })
        void queryClient.invalidateQueries({ queryKey: shippingKeys.all })
        setPickErrors({})
        return shipment
      } catch (error) {
        setPickErrors(pickErrorsOf(error, sent))
        throw failure(error)
      }
    },
  })
  const { view, setValid } = wizard

  const valid = {
    select: detail !== undefined && detail.status === 'open',
    picking: lines !== undefined && pickingValid(lines, picks, reasons),
    packing: packingValid(picks, packages),
    ship: carrier !== null,
  }
  useEffect(() => {
    // resent after each save: the machine takes validity only while editing
    if (view.busy) return
    for (const [step, ok] of Object.entries(valid)) setValid(step, ok)
  }, [view.busy, valid.select, valid.picking, valid.packing, valid.ship, setValid]) // eslint-disable-line react-hooks/exhaustive-deps

  const choose = (next: ShippingTarget) => {
    setTarget(next)
    setFormFor(null)
    onTargetChange(next)
  }
  const another = () => {
    setTarget(null)
    setFormFor(null)
    onTargetChange(null)
    wizard.restart()
  }

  const steps = [
    { id: 'select', label: t`Pedido ou onda` },
    { id: 'picking', label: t`Separação` },
    { id: 'packing', label: t`Embalagem` },
    { id: 'ship', label: t`Expedição` },
  ]

  let content
  if (view.finished && wizard.result) {
    content = <ShipmentResult shipment={wizard.result} onAnother={another} />
  } else if (view.step === 'select') {
    content = <SelectStep kind={kind} onKindChange={setKind} target={target} detail={detail} onSelect={choose} />
  } else if (!detail) {
    content = detailQuery.isError ? (
      <Alert color="red" role="alert">
        {apiErrorText(detailQuery.error) ?? t`Erro ao carregar dados.`}
      </Alert>
    ) : (
      <Loader role="status" aria-label={t`Carregando`} />
    )
  } else if (view.step === 'picking') {
    content = (
      <PickingStep
        lines={lines}
        error={suggestions.error}
        picks={picks}
        onChange={(key, qty) => setPicks((all) => ({ ...all, [key]: qty }))}
        reasons={reasons}
        onReasonChange={(line, reason) => {
          setReasons((all) => ({ ...all, [line]: reason }))
          setPickErrors(({ [line]: _answered, ...rest }) => rest)
        }}
        serverErrors={pickErrors}
      />
    )
  } else if (view.step === 'packing') {
    content = lines ? <PackingStep lines={lines} picks={picks} packages={packages} onChange={setPackages} /> : <Loader role="status" aria-label={t`Carregando`} />
  } else {
    content = (
      <ShipStep
        carrier={carrier}
        onCarrierChange={setCarrier}
        tracking={tracking}
        onTrackingChange={setTracking}
        summary={{ picks: toPickItems(picks).length, packages: toPackageItems(packages).length }}
      />
    )
  }

  return (
    <>
      {detail && view.step !== 'select' && !view.finished ? (
        <Group gap="xs" mb="sm">
          <Text fw={600}>{detail.code}</Text>
          {detail.customer ? (
            <Text c="dimmed">
              {detail.customer.code} — {detail.customer.name}
            </Text>
          ) : (
            <Text c="dimmed">
              <Trans>Onda</Trans>
            </Text>
          )}
        </Group>
      ) : null}
      <Wizard steps={steps} view={view} onNext={wizard.next} onBack={wizard.back}>
        {content}
      </Wizard>
    </>
  )
}
