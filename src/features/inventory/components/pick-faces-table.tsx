import { useState } from 'react'
import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core'
import { notifications } from '@mantine/notifications'
import { IconAlertTriangle, IconPencil, IconPlus, IconTrash } from '@tabler/icons-react'
import type { I18n } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { DataTable, type DataColumn } from '../../../components/data-table'
import { CsvTransfer } from '../../../components/csv-transfer'
import { apiErrorText } from '../../../lib/api-client'
import { formatQty } from '../../../lib/format'
import type { ListState } from '../../../lib/list-search'
import { useSession } from '../../../lib/session'
import type { PickFace } from '../../../../contracts/inventory/pick-faces.contract'
import { pickFacesQueryOptions } from '../api/get-pick-faces'
import { deletePickFace } from '../api/delete-pick-face'
import { inventoryKeys } from '../inventory-query-keys'
import { PickFaceFormModal, replenishUnitLabel } from './pick-face-form-modal'
import { ReplenishmentPanel } from './replenishment-panel'

const WRITE_ROLES: readonly string[] = ['admin', 'supervisor']

const qty = (value: (row: PickFace) => string) => (row: PickFace, locale: string) => formatQty(value(row), locale)

const columns = (i18n: I18n): DataColumn<PickFace>[] => [
  { id: 'location__code', header: msg`Localização`, value: (row) => row.location.code, nowrap: true },
  { id: 'product__code', header: msg`Produto`, value: (row) => row.product.code, nowrap: true },
  { id: 'product__name1', header: msg`Descrição`, value: (row) => row.product.name1 },
  { id: 'warehouse__code', header: msg`Armazém`, value: (row) => row.warehouse.code },
  { id: 'min_qty', header: msg`Mínimo`, value: (row) => Number(row.min_qty), kind: 'number', render: qty((r) => r.min_qty) },
  { id: 'max_qty', header: msg`Máximo`, value: (row) => Number(row.max_qty), kind: 'number', render: qty((r) => r.max_qty) },
  { id: 'on_hand', header: msg`Em estoque`, value: (row) => Number(row.on_hand), kind: 'number', render: qty((r) => r.on_hand) },
  {
    id: 'replenish_unit',
    header: msg`Reabastece em`,
    value: (row) => row.replenish_unit,
    render: (row, locale) => `${replenishUnitLabel(i18n, row.replenish_unit)} × ${formatQty(row.replenish_qty, locale)}`,
  },
  { id: 'is_active', header: msg`Ativo`, value: (row) => row.is_active, kind: 'boolean' },
]

/**
 * Pontos de separação (§20.1): the list with its search (product code or name, location code), its CSV export and
 * import, and for admins and supervisors the form and delete (SPEC 13.2: the others are not offered them; the import
 * button, shared with the other lists, shows them why it is disabled).
 */
export function PickFacesTable({ params, onParamsChange }: Partial<ListState> = {}) {
  const { t, i18n } = useLingui()
  const { user } = useSession()
  const canEdit = Boolean(user && WRITE_ROLES.includes(user.role))
  const [editing, setEditing] = useState<{ face: PickFace | null } | null>(null)
  const [removing, setRemoving] = useState<PickFace | null>(null)
  const actions: DataColumn<PickFace> = {
    id: 'actions',
    header: msg`Ações`,
    value: () => null,
    sortable: false,
    render: (row) => {
      const name = `${row.location.code} · ${row.product.code}`
      return (
        <Group gap={4} wrap="nowrap">
          <Button size="compact-sm" variant="subtle" leftSection={<IconPencil size={14} aria-hidden />} aria-label={t`Editar ${name}`} onClick={() => setEditing({ face: row })}>
            <Trans>Editar</Trans>
          </Button>
          <Button size="compact-sm" variant="subtle" color="red" leftSection={<IconTrash size={14} aria-hidden />} aria-label={t`Excluir ${name}`} onClick={() => setRemoving(row)}>
            <Trans>Excluir</Trans>
          </Button>
        </Group>
      )
    },
  }
  return (
    <>
      {canEdit ? <ReplenishmentPanel /> : null}
      <DataTable
        params={params}
        onParamsChange={onParamsChange}
        tableId="inventory.pick-faces"
        label={t`Pontos de separação`}
        columns={canEdit ? [...columns(i18n), actions] : columns(i18n)}
        query={(p) => pickFacesQueryOptions(p)}
        getRowId={(row) => String(row.id)}
        defaultHidden={['warehouse__code']}
        // SPEC 2.14: nine columns and the actions fit at 1280 px
        compact
        toolbar={() => (
          <Group gap="xs">
            {canEdit ? (
              <Button size="xs" leftSection={<IconPlus size={14} aria-hidden />} onClick={() => setEditing({ face: null })}>
                <Trans>Novo ponto de separação</Trans>
              </Button>
            ) : null}
            <CsvTransfer resource="pick_faces" title={t`Importar pontos de separação (CSV)`} invalidate={inventoryKeys.pickFaces()} />
          </Group>
        )}
      />
      {editing ? <PickFaceFormModal key={editing.face?.id ?? 'new'} face={editing.face} onClose={() => setEditing(null)} /> : null}
      {removing ? <DeletePickFaceModal face={removing} onClose={() => setRemoving(null)} /> : null}
    </>
  )
}

function DeletePickFaceModal({ face, onClose }: { face: PickFace; onClose: () => void }) {
  const { t } = useLingui()
  const queryClient = useQueryClient()
  const location = face.location.code
  const product = face.product.code
  const remove = useMutation({
    mutationFn: () => deletePickFace(face.id),
    onSuccess: () => {
      notifications.show({ color: 'green', message: t`Ponto de separação ${location} · ${product} excluído.`, closeButtonProps: { 'aria-label': t`Fechar` } })
      void queryClient.invalidateQueries({ queryKey: inventoryKeys.pickFaces() })
      onClose()
    },
  })
  return (
    <Modal opened onClose={onClose} title={t`Excluir ponto de separação`} closeButtonProps={{ 'aria-label': t`Fechar` }}>
      <Stack gap="md">
        {remove.isError ? (
          <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} aria-hidden />} role="alert">
            {apiErrorText(remove.error) ?? <Trans>Não foi possível excluir o ponto de separação.</Trans>}
          </Alert>
        ) : null}
        <Text size="sm">
          <Trans>
            Excluir o ponto de separação de <strong>{product}</strong> em <strong>{location}</strong>? O estoque da localização não muda.
          </Trans>
        </Text>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={remove.isPending} data-autofocus>
            <Trans>Cancelar</Trans>
          </Button>
          <Button color="red" leftSection={<IconTrash size={16} aria-hidden />} loading={remove.isPending} onClick={() => remove.mutate()}>
            <Trans>Excluir</Trans>
          </Button>
        </Group>
      </Stack>
    </Modal>
  )
}
