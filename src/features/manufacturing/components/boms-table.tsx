import { useState } from 'react'
import { Badge, Button, Tooltip } from '@mantine/core'
import { IconEye, IconPencil, IconPlus } from '@tabler/icons-react'
import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { DataTable, type DataColumn } from '../../../components/data-table'
import type { ListState } from '../../../lib/list-search'
import { bomsQueryOptions, type BomListRow } from '../api/get-boms'
import { BomFormModal } from './bom-form-modal'
import { useCanWriteCopack } from './copack-permission'

const columns: DataColumn<BomListRow>[] = [
  { id: 'product__code', header: msg`Produto`, value: (row) => row.product.code },
  { id: 'product__name1', header: msg`Nome`, value: (row) => row.product.name1 },
  { id: 'components_count', header: msg`Componentes`, value: (row) => row.components_count, kind: 'number' },
  { id: 'revision', header: msg`Revisão`, value: (row) => row.revision, kind: 'number' },
  {
    id: 'is_active',
    header: msg`Situação`,
    value: (row) => row.is_active,
    render: (row) =>
      row.is_active ? (
        <Badge color="green" variant="dot">
          <Trans>Ativa</Trans>
        </Badge>
      ) : (
        <Badge color="gray" variant="dot">
          <Trans>Inativa</Trans>
        </Badge>
      ),
  },
]

/**
 * The bills of materials (SPEC 12.7, 13.2): product, number of components, current revision, active. Every role opens one to see its
 * components; admins and supervisors create and edit (the others see why they cannot).
 */
export function BomsTable({ params, onParamsChange }: Partial<ListState> = {}) {
  const { t } = useLingui()
  const canWrite = useCanWriteCopack()
  const reason = t`Somente administradores e supervisores alteram listas de materiais.`
  const [open, setOpen] = useState<{ id: number | null } | null>(null)
  const actions: DataColumn<BomListRow> = {
    id: 'actions',
    header: msg`Ações`,
    value: () => null,
    sortable: false,
    render: (row) => (
      <Button
        size="compact-sm"
        variant="subtle"
        leftSection={canWrite ? <IconPencil size={14} aria-hidden /> : <IconEye size={14} aria-hidden />}
        aria-label={canWrite ? t`Editar ${row.code}` : t`Ver ${row.code}`}
        onClick={() => setOpen({ id: row.id })}
      >
        {canWrite ? <Trans>Editar</Trans> : <Trans>Ver</Trans>}
      </Button>
    ),
  }
  return (
    <>
      <DataTable
        params={params}
        onParamsChange={onParamsChange}
        tableId="manufacturing.boms"
        label={t`Listas de materiais`}
        columns={[...columns, actions]}
        query={bomsQueryOptions}
        getRowId={(row) => String(row.id)}
        emptyText={<Trans>Nenhuma lista de materiais encontrada.</Trans>}
        toolbar={() => (
          <Tooltip label={reason} disabled={canWrite}>
            <Button size="xs" leftSection={<IconPlus size={14} aria-hidden />} disabled={!canWrite} title={canWrite ? undefined : reason} onClick={() => setOpen({ id: null })}>
              <Trans>Nova lista de materiais</Trans>
            </Button>
          </Tooltip>
        )}
      />
      {open ? <BomFormModal key={open.id ?? 'new'} bomId={open.id} onClose={() => setOpen(null)} /> : null}
    </>
  )
}
