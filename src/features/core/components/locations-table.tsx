import { useState, type ReactNode } from 'react'
import { Button, Group, Tooltip } from '@mantine/core'
import { IconListNumbers } from '@tabler/icons-react'
import type { I18n } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { DataTable, type DataColumn, type DataTableToolbarState } from '../../../components/data-table'
import { locationKindLabel, storageClassLabel } from '../../../lib/type-labels'
import { locationsQueryOptions } from '../api/get-locations'
import type { Location } from '../core-types'
import type { ListState } from '../../../lib/list-search'
import { useResourceEditor } from '../../../components/resource-form'
import { CsvTransfer } from '../../../components/csv-transfer'
import { locationResource } from '../core-resources'
import { LocationRangeModal } from './location-range-modal'

const columns = (i18n: I18n): DataColumn<Location>[] => [
  { id: 'code', header: msg`Código`, value: (row) => row.code },
  { id: 'name', header: msg`Nome`, value: (row) => row.name },
  { id: 'warehouse__code', header: msg`Armazém`, value: (row) => row.warehouse?.code },
  { id: 'kind', header: msg`Tipo`, value: (row) => row.kind, render: (row) => locationKindLabel(i18n, row.kind) },
  { id: 'storage_class', header: msg`Classe de armazenagem`, value: (row) => row.storage_class, render: (row) => storageClassLabel(i18n, row.storage_class) },
  { id: 'storage_category__code', header: msg`Categoria de armazenagem`, value: (row) => row.storage_category?.code ?? '' },
  { id: 'is_active', header: msg`Ativa`, value: (row) => row.is_active, kind: 'boolean' },
]

/**
 * Its params come from the list screen's URL (SPEC 2.14); without them the table keeps its own.
 * `rowActions`: optional controls for each row (the route composes other features' actions here), in a last, unsorted column.
 * `toolbarActions`: more buttons beside "Nova localização" and "Criar faixa" (the route composes batch label printing here).
 */
export function LocationsTable({
  params,
  onParamsChange,
  rowActions,
  toolbarActions,
}: Partial<ListState> & { rowActions?: (row: Location) => ReactNode; toolbarActions?: (state: DataTableToolbarState) => ReactNode } = {}) {
  const { t, i18n } = useLingui()
  const editor = useResourceEditor(locationResource, rowActions)
  const [range, setRange] = useState(false)
  const reason = t`Somente administradores e supervisores alteram cadastros.`
  return (
    <>
      <DataTable
        params={params}
        onParamsChange={onParamsChange}
        tableId="core.locations"
        label={t`Localizações`}
        // the storage category (§20.3) is there to show under Colunas: at 1280 px every column at once is wider than the screen
        defaultHidden={['storage_category__code']}
        columns={[...columns(i18n), editor.column]}
        query={locationsQueryOptions}
        getRowId={(row) => String(row.id)}
        toolbar={(state) => (
          <Group gap="xs">
            {editor.toolbar?.()}
            <CsvTransfer resource="locations" title={t`Importar localizações (CSV)`} invalidate={locationResource.invalidate} />
            <Tooltip label={reason} disabled={editor.canEdit}>
              <Button
                size="xs"
                variant="default"
                leftSection={<IconListNumbers size={14} aria-hidden />}
                disabled={!editor.canEdit}
                title={editor.canEdit ? undefined : reason}
                onClick={() => setRange(true)}
              >
                <Trans>Criar faixa</Trans>
              </Button>
            </Tooltip>
            {toolbarActions?.(state)}
          </Group>
        )}
      />
      {editor.modal}
      {range ? <LocationRangeModal onClose={() => setRange(false)} /> : null}
    </>
  )
}
