import { msg } from '@lingui/core/macro'
import { useLingui } from '@lingui/react/macro'
import { DataTable, type DataColumn } from '../../../components/data-table'
import { skillsQueryOptions } from '../api/get-skills'
import type { Skill } from '../workforce-types'

const columns: DataColumn<Skill>[] = [
  { id: 'code', header: msg`Código`, value: (row) => row.code },
  { id: 'name', header: msg`Nome`, value: (row) => row.name },
]

export function SkillsTable() {
  const { t } = useLingui()
  return <DataTable tableId="workforce.skills" label={t`Habilidades`} columns={columns} query={skillsQueryOptions} getRowId={(row) => String(row.id)} />
}
