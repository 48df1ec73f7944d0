import { createFileRoute } from '@tanstack/react-router'
import { Trans } from '@lingui/react/macro'
import { PageHeader } from '../../components/page-header'
import { DEFAULT_LIST_PARAMS } from '../../lib/list-query'
import { salesOrdersQueryOptions } from '../../features/shipping/api/get-sales-orders'
import { shippingTargetQueryOptions } from '../../features/shipping/api/get-shipping-target'
import { ShippingWizard } from '../../features/shipping/components/shipping-wizard'
import type { ShippingTarget } from '../../features/shipping/shipping-types'

interface ShippingSearch {
  /** the order or wave being shipped: reopening it resumes its saved draft */
  order?: number
  wave?: number
}

const positive = (value: unknown) => {
  const n = Number(value)
  return Number.isInteger(n) && n > 0 ? n : undefined
}

function targetOf(search: ShippingSearch): ShippingTarget | null {
  if (search.order) return { kind: 'order', id: search.order }
  if (search.wave) return { kind: 'wave', id: search.wave }
  return null
}

export const Route = createFileRoute('/_app/shipping')({
  validateSearch: (search: Record<string, unknown>): ShippingSearch => {
    const order = positive(search.order)
    if (order) return { order }
    const wave = positive(search.wave)
    return wave ? { wave } : {}
  },
  loaderDeps: ({ search }) => ({ order: search.order, wave: search.wave }),
  // the wizard shows failed loads itself; an order or wave to resume is read first, to know where it resumes
  loader: ({ context, deps }) => {
    const target = targetOf(deps)
    return Promise.all([
      context.queryClient.ensureQueryData(salesOrdersQueryOptions(DEFAULT_LIST_PARAMS)),
      target ? context.queryClient.ensureQueryData(shippingTargetQueryOptions(target)) : null,
    ]).then(
      () => undefined,
      () => undefined,
    )
  },
  component: ShippingPage,
})

function ShippingPage() {
  const search = Route.useSearch()
  const navigate = Route.useNavigate()
  return (
    <>
      <PageHeader title={<Trans>Expedição</Trans>} description={<Trans>Pedido ou onda, separação, embalagem e expedição.</Trans>} />
      <ShippingWizard
        // read once by the wizard: choosing another order inside it only updates the address
        initialTarget={targetOf(search)}
        onTargetChange={(target) =>
          void navigate({ search: target === null ? {} : target.kind === 'order' ? { order: target.id } : { wave: target.id }, replace: true })
        }
      />
    </>
  )
}
