import { useState, type ReactNode } from 'react'
import { Alert, Button, Group, Text } from '@mantine/core'
import { IconInfoCircle, IconTruckDelivery, IconX } from '@tabler/icons-react'
import { Trans, useLingui } from '@lingui/react/macro'
import { LinkAnchor } from './link-anchor'
import { useQueryClient } from '@tanstack/react-query'
import { LinkButton } from '../../../components/link-button'
import { cancelDocument } from '../api/save-documents'
import { shippingKeys } from '../shipping-query-keys'
import type { SalesOrder, Wave } from '../shipping-types'
import { CancelDocumentDialog } from './cancel-document-dialog'
import { useCanEditDocuments } from './document-permission'
import { DocumentStatusBadge } from './document-status-badge'

type Doc = Pick<SalesOrder | Wave, 'id' | 'code' | 'status' | 'editable' | 'cancel_reason'> & { draft?: SalesOrder['draft'] }
export type DocumentKind = 'order' | 'wave'

/** The id of the text that says why a document cannot be changed (the disabled buttons point at it). */
export const LOCK_REASON_ID = 'document-lock-reason'

/**
 * Why this user cannot change this document, or null (SPEC 12.6): operators read documents only; a document is
 * changed while open and before picking starts (the server answers 409 otherwise).
 */
export function useDocumentLock(doc: Doc | null, kind: DocumentKind): string | null {
  const { t } = useLingui()
  const canEdit = useCanEditDocuments()
  if (!canEdit) return t`Requer supervisor: somente administradores e supervisores alteram pedidos e ondas.`
  if (!doc) return null
  if (doc.status === 'cancelled') {
    const reason = doc.cancel_reason
    return reason ? t`Cancelado. Motivo: ${reason}` : t`Cancelado.`
  }
  if (doc.status === 'shipped') return kind === 'order' ? t`Pedido expedido: não pode mais ser alterado.` : t`Onda expedida: não pode mais ser alterada.`
  if (doc.status === 'released' && !pickingStarted(doc))
    return t`Onda liberada para separação: os pedidos e o código não mudam mais. Cancelar a onda devolve as reservas ao estoque.`
  if (!doc.editable) return t`A separação já começou: não pode mais ser alterado nem cancelado.`
  return null
}

/** The wizard's draft already holds picks (the server's rule: nothing changes or is cancelled then, SPEC 12.6). */
const pickingStarted = (doc: Doc) => (doc.draft?.picks?.length ?? 0) > 0

/**
 * Why Cancel is refused, or null: the edit lock, except that a released wave is still cancelled before picking starts,
 * its reservations given back (SPEC 19.3).
 */
export function cancelLockOf(doc: Doc, lock: string | null, canEdit: boolean): string | null {
  if (canEdit && doc.status === 'released' && !pickingStarted(doc)) return null
  return lock
}

export function LockNotice({ lock }: { lock: string | null }) {
  if (!lock) return null
  return (
    <Alert color="gray" variant="light" icon={<IconInfoCircle size={18} aria-hidden />}>
      <Text size="sm" id={LOCK_REASON_ID}>
        {lock}
      </Text>
    </Alert>
  )
}

/** A document's status, its wave, the link to ship it in the wizard and Cancel with a reason (SPEC 12.6). */
export function DocumentActions({
  kind,
  document,
  lock,
  children,
}: {
  kind: DocumentKind
  document: Doc & { wave?: SalesOrder['wave'] }
  lock: string | null
  /** more of the document's actions, before Cancel (a wave's release) */
  children?: ReactNode
}) {
  const { t } = useLingui()
  const queryClient = useQueryClient()
  const [cancelling, setCancelling] = useState(false)
  const canEdit = useCanEditDocuments()
  const cancelLock = cancelLockOf(document, lock, canEdit)
  const released = document.status === 'released'
  const id = document.id
  const code = document.code
  const wave = document.wave
  const cancel = async (reason: string) => {
    const saved = await cancelDocument(kind === 'order' ? 'orders' : 'waves', id, { reason })
    queryClient.setQueryData(kind === 'order' ? shippingKeys.orderDocument(id) : shippingKeys.waveDocument(id), saved)
    void queryClient.invalidateQueries({ queryKey: shippingKeys.all })
    void queryClient.invalidateQueries({ queryKey: ['audit', kind === 'order' ? 'sales_orders' : 'waves', id] })
  }
  return (
    <Group justify="space-between" wrap="wrap">
      <Group gap="sm">
        <DocumentStatusBadge status={document.status} />
        {wave ? (
          <Text size="sm">
            <Trans>
              Na onda{' '}
              <LinkAnchor to="/shipping/waves/$id" params={{ id: String(wave.id) }}>
                {wave.code}
              </LinkAnchor>
            </Trans>
          </Text>
        ) : null}
      </Group>
      <Group gap="xs">
        {document.status === 'open' || document.status === 'released' ? (
          // operators ship: the wizard is everyone's (SPEC 2.9)
          <LinkButton
            to="/shipping"
            search={kind === 'order' ? { order: id } : { wave: id }}
            variant="light"
            leftSection={<IconTruckDelivery size={16} aria-hidden />}
            aria-label={kind === 'order' ? t`Expedir o pedido ${code}` : t`Expedir a onda ${code}`}
          >
            <Trans>Expedir</Trans>
          </LinkButton>
        ) : null}
        {children}
        <Button
          color="red"
          variant="light"
          leftSection={<IconX size={16} aria-hidden />}
          disabled={cancelLock !== null}
          aria-describedby={cancelLock ? LOCK_REASON_ID : undefined}
          onClick={() => setCancelling(true)}
        >
          {kind === 'order' ? <Trans>Cancelar pedido</Trans> : <Trans>Cancelar onda</Trans>}
        </Button>
      </Group>
      {cancelling ? (
        <CancelDocumentDialog
          title={kind === 'order' ? t`Cancelar o pedido ${code}` : t`Cancelar a onda ${code}`}
          confirmLabel={kind === 'order' ? t`Cancelar pedido` : t`Cancelar onda`}
          notice={
            released
              ? t`A onda já foi liberada: as reservas voltam ao estoque, as tarefas de separação abertas são canceladas e os pedidos saem da onda, continuando abertos.`
              : undefined
          }
          onCancel={cancel}
          onClose={() => setCancelling(false)}
        />
      ) : null}
    </Group>
  )
}
