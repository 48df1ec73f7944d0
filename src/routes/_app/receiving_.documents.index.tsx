import { createFileRoute } from '@tanstack/react-router'
import { Button, Group, SegmentedControl, Tooltip } from '@mantine/core'
import { Trans, useLingui } from '@lingui/react/macro'
import { IconPlus } from '@tabler/icons-react'
import { INBOUND_STATUSES, type InboundStatus } from '../../../contracts/receiving/receiving.rules'
import { LinkButton } from '../../components/link-button'
import { PageHeader } from '../../components/page-header'
import { listParamsOf, useListSearch, validateListSearch, type ListSearch } from '../../lib/list-search'
import { useSession } from '../../lib/session'
import { inboundDocumentListQueryOptions } from '../../features/receiving/api/list-inbound-documents'
import { InboundDocumentsTable } from '../../features/receiving/components/inbound-documents-table'
import { canEditDocuments, INBOUND_STATUS_LABELS } from '../../features/receiving/inbound-status'

interface DocumentsSearch extends ListSearch {
  /** one status, or every document */
  status?: InboundStatus
}

export const Route = createFileRoute('/_app/receiving_/documents/')({
  // STYLE 17: page, page size, search, ordering and the status filter live in the URL; the loader prefetches that page
  validateSearch: (raw: Record<string, unknown>): DocumentsSearch => {
    const status = (INBOUND_STATUSES as readonly unknown[]).includes(raw.status) ? (raw.status as InboundStatus) : undefined
    return { ...validateListSearch(raw), ...(status ? { status } : {}) }
  },
  loaderDeps: ({ search }) => ({ params: listParamsOf(search), status: search.status }),
  // the table shows a failed load itself (SPEC 8), so a failure here must not replace the screen
  loader: ({ context, deps }) =>
    context.queryClient.ensureQueryData(inboundDocumentListQueryOptions(deps.params, deps.status)).then(
      () => undefined,
      () => undefined,
    ),
  component: InboundDocumentsPage,
})

function InboundDocumentsPage() {
  const { t, i18n } = useLingui()
  const search = Route.useSearch()
  const navigate = Route.useNavigate()
  const list = useListSearch(search)
  const { user } = useSession()
  const canEdit = canEditDocuments(user?.role)
  const reason = t`Somente administradores e supervisores alteram documentos.`
  return (
    <>
      <PageHeader
        title={<Trans>Pedidos de compra e ASNs</Trans>}
        description={<Trans>O que vai chegar: altere enquanto nada foi recebido, cancele com um motivo.</Trans>}
        actions={
          canEdit ? (
            <LinkButton to="/receiving/documents/new" leftSection={<IconPlus size={16} aria-hidden />}>
              <Trans>Novo documento</Trans>
            </LinkButton>
          ) : (
            <Tooltip label={reason}>
              <Button disabled leftSection={<IconPlus size={16} aria-hidden />} title={reason}>
                <Trans>Novo documento</Trans>
              </Button>
            </Tooltip>
          )
        }
      />
      <Group mb="sm">
        <SegmentedControl
          aria-label={t`Situação`}
          value={search.status ?? 'all'}
          onChange={(value) =>
            void navigate({
              // another filter starts at its first page
              search: (prev) => ({ ...prev, page: undefined, status: value === 'all' ? undefined : (value as InboundStatus) }),
            })
          }
          data={[{ value: 'all', label: t`Todas` }, ...INBOUND_STATUSES.map((s) => ({ value: s, label: i18n._(INBOUND_STATUS_LABELS[s]) }))]}
        />
      </Group>
      <InboundDocumentsTable {...list} status={search.status} />
    </>
  )
}
