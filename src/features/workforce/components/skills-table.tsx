import { msg } from '@lingui/core/macro'
import { useLingui } from '@lingui/react/macro'
import { DataTable, type DataColumn } from '../../../components/data-table'
import { skillsQueryOptions } from '../api/get-skills'
import type { Skill } from '../workforce-types'
import type { ListState } from '../../../lib/list-search'
import { useResourceEditor } from '../../../components/resource-form'
import { skillResource } from '../workforce-resources'

const columns: DataColumn<Skill>[] = [
  { id: 'code', header: msg`Código`, value: (row) => row.code },
  { id: 'name', header: msg`Nome`, value: (row) => row.name },
]

/** Its params come from the list screen's URL (SPEC 2.14); without them the table keeps its own. */
export function SkillsTable({ params, onParamsChange }: Partial<ListState> = {}) {
  const { t } = useLingui()
  const editor = useResourceEditor(skillResource)
  return (
    <>
      <DataTable
        params={params}
        onParamsChange={onParamsChange}
        tableId="workforce.skills"
        label={t`Habilidades`}
        columns={[...columns, editor.column]}
        query={skillsQueryOptions}
        getRowId={(row) => String(row.id)}
        toolbar={editor.toolbar}
      />
      {editor.modal}
    </>
  )
}
