import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { useQueryClient } from '@tanstack/react-query'
import { useCallback } from 'react'
import { DataTable, type DataColumn } from '../../../components/data-table'
import type { ListParams } from '../../../lib/list-query'
import { UomEndpointNotFoundError } from '../api/find-uom-endpoint'
import { uomsQueryOptions } from '../api/get-uoms'
import type { Uom } from '../catalog-types'
import type { ListState } from '../../../lib/list-search'
import { useResourceEditor } from '../../../components/resource-form'
import { uomResource } from '../catalog-resources'

const columns: DataColumn<Uom>[] = [
  { id: 'code', header: msg`Código`, value: (row) => row.code },
  { id: 'name', header: msg`Nome`, value: (row) => row.name },
]

function describeError(error: Error) {
  if (!(error instanceof UomEndpointNotFoundError)) return null
  const tested = error.tested.join(', ')
  return <Trans>Nenhum endpoint de UOM encontrado (testados: {tested})</Trans>
}

/** Its params come from the list screen's URL (SPEC 2.14); without them the table keeps its own. */
export function UomsTable({ params, onParamsChange }: Partial<ListState> = {}) {
  const { t } = useLingui()
  const editor = useResourceEditor(uomResource)
  const queryClient = useQueryClient()
  const query = useCallback((params: ListParams) => uomsQueryOptions(queryClient, params), [queryClient])
  return (
    <>
      <DataTable
        params={params}
        onParamsChange={onParamsChange}
        tableId="catalog.uoms"
        label={t`Unidades de medida`}
        columns={[...columns, editor.column]}
        query={query}
        getRowId={(row) => String(row.id)}
        toolbar={editor.toolbar}
        describeError={describeError}
      />
      {editor.modal}
    </>
  )
}
