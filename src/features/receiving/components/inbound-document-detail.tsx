import { useState } from 'react'
import { Alert, Button, Group, Loader, Paper, Stack, Text, Tooltip } from '@mantine/core'
import { Trans, useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { IconBan, IconTruckLoading } from '@tabler/icons-react'
import { AuditHistory } from '../../../components/audit-history'
import { LinkButton } from '../../../components/link-button'
import { PageHeader } from '../../../components/page-header'
import { LoadFailure } from '../../../components/load-failure'
import { formatDate } from '../../../lib/format'
import { useSession } from '../../../lib/session'
import { inboundDocumentQueryOptions } from '../api/get-inbound-document'
import { canEditDocuments, INBOUND_KIND_LABELS, INBOUND_STATUS_LABELS, isReceivable, kindShort } from '../inbound-status'
import type { InboundDocument } from '../receiving-types'
import { CancelDocumentDialog } from './cancel-document-dialog'
import { InboundDocumentForm } from './inbound-document-form'
import { InboundStatusBadge } from './inbound-status-badge'

/** Why this user cannot change the document now, or null when they can (SPEC 12.6: the buttons say why). */
function useLockReason(document: InboundDocument | undefined): { edit: string | null; cancel: string | null; receive: string | null } {
  const { t, i18n } = useLingui()
  const { user } = useSession()
  if (!document) return { edit: null, cancel: null, receive: null }
  const status = i18n._(INBOUND_STATUS_LABELS[document.status]).toLowerCase()
  const notOpen = document.status === 'open' ? null : t`O documento está ${status}.`
  const role = canEditDocuments(user?.role) ? null : t`Somente administradores e supervisores alteram documentos.`
  const started = document.editable ? null : t`O recebimento já começou: o documento não pode mais ser alterado.`
  return {
    edit: role ?? (document.status === 'cancelled' ? notOpen : started),
    cancel: role ?? notOpen,
    receive: isReceivable(document.status) ? null : t`Só um documento aberto ou em recebimento pode ser recebido.`,
  }
}

/** A PO or ASN (SPEC 12.6): its form (read-only when it may not change), cancel with a reason, receive, history. */
export function InboundDocumentDetail({ documentId }: { documentId: number }) {
  const { t, i18n } = useLingui()
  const doc = useQuery(inboundDocumentQueryOptions(documentId))
  const document = doc.data
  const reasons = useLockReason(document)
  const [cancelling, setCancelling] = useState(false)
  if (!document) {
    return doc.isError ? (
      <LoadFailure error={doc.error} onRetry={() => void doc.refetch()} />
    ) : (
      <Loader role="status" aria-label={t`Carregando`} />
    )
  }
  const kind = i18n._(INBOUND_KIND_LABELS[document.kind])
  const created = formatDate(document.created_at, i18n.locale)
  return (
    <>
      <PageHeader
        title={`${kindShort(document.kind)} ${document.code}`}
        description={
          <>
            {kind} · {document.supplier.code} — {document.supplier.name} · {document.warehouse.code} · <Trans>criado em {created}</Trans>
          </>
        }
        actions={
          <Group gap="xs" wrap="nowrap">
            <Tooltip label={reasons.receive} disabled={!reasons.receive}>
              {reasons.receive ? (
                <Button leftSection={<IconTruckLoading size={16} aria-hidden />} disabled title={reasons.receive}>
                  <Trans>Receber</Trans>
                </Button>
              ) : (
                <LinkButton to="/receiving" search={{ document: document.id }} leftSection={<IconTruckLoading size={16} aria-hidden />}>
                  <Trans>Receber</Trans>
                </LinkButton>
              )}
            </Tooltip>
            <Tooltip label={reasons.cancel} disabled={!reasons.cancel}>
              <Button
                variant="light"
                color="red"
                leftSection={<IconBan size={16} aria-hidden />}
                disabled={Boolean(reasons.cancel)}
                title={reasons.cancel ?? undefined}
                onClick={() => setCancelling(true)}
              >
                <Trans>Cancelar documento</Trans>
              </Button>
            </Tooltip>
          </Group>
        }
      />
      <Stack gap="md">
        <Group gap="sm">
          <InboundStatusBadge status={document.status} />
          {reasons.edit ? (
            <Text size="sm" c="dimmed">
              {reasons.edit}
            </Text>
          ) : null}
        </Group>
        {document.status === 'cancelled' ? (
          <Alert color="gray" variant="light" title={t`Cancelado`}>
            {document.cancel_reason || t`Sem motivo informado.`}
          </Alert>
        ) : null}
        <Paper withBorder p="lg">
          <InboundDocumentForm
            // a saved or cancelled document starts the form again from what the server answered
            key={`${document.id}-${document.status}-${document.editable}`}
            document={document}
            readOnly={Boolean(reasons.edit)}
            onSaved={() => undefined}
          />
        </Paper>
        <Paper withBorder p="lg">
          <AuditHistory entity="inbound_documents" id={document.id} />
        </Paper>
      </Stack>
      {cancelling ? <CancelDocumentDialog document={document} onClose={() => setCancelling(false)} /> : null}
    </>
  )
}
