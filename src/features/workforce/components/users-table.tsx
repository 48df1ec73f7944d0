import { useState } from 'react'
import { Badge, Button } from '@mantine/core'
import { IconPencil, IconPlus } from '@tabler/icons-react'
import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { useSession } from '../../../lib/session'
import { DataTable, type DataColumn } from '../../../components/data-table'
import { usersQueryOptions } from '../api/get-users'
import type { WorkforceUser } from '../workforce-types'
import { UserFormModal } from './user-form-modal'
import type { ListState } from '../../../lib/list-search'

const ROLE_LABELS = { admin: msg`Administrador`, supervisor: msg`Supervisor`, operator: msg`Operador` }

/** /workforce/users (SPEC 2.11): the company's users; admins create and edit them (the server enforces it anyway); its params come from the list screen's URL (SPEC 2.14); without them the table keeps its own. */
export function UsersTable({ params, onParamsChange }: Partial<ListState> = {}) {
  const { t, i18n } = useLingui()
  const { user: me } = useSession()
  const isAdmin = me?.role === 'admin'
  const [editing, setEditing] = useState<{ user: WorkforceUser | null } | null>(null)
  const columns: DataColumn<WorkforceUser>[] = [
    { id: 'username', header: msg`Usuário`, value: (row) => row.username },
    { id: 'first_name', header: msg`Nome`, value: (row) => [row.first_name, row.last_name].filter(Boolean).join(' ') || '—', sortable: false },
    { id: 'email', header: msg`E-mail`, value: (row) => row.email ?? '—', sortable: false },
    { id: 'role', header: msg`Papel`, value: (row) => row.role, render: (row) => (ROLE_LABELS[row.role] ? i18n._(ROLE_LABELS[row.role]) : row.role) },
    {
      id: 'is_active',
      header: msg`Situação`,
      value: (row) => row.is_active,
      render: (row) =>
        row.is_active ? (
          <Badge color="green" variant="dot">
            <Trans>Ativo</Trans>
          </Badge>
        ) : (
          <Badge color="gray" variant="dot">
            <Trans>Inativo</Trans>
          </Badge>
        ),
    },
    { id: 'default_site', header: msg`Site padrão`, value: (row) => row.default_site?.code ?? '—', sortable: false },
    { id: 'default_warehouse', header: msg`Armazém padrão`, value: (row) => row.default_warehouse?.code ?? '—', sortable: false },
    { id: 'last_login_at', header: msg`Último acesso`, value: (row) => row.last_login_at, kind: 'date' },
    ...(isAdmin
      ? [
          {
            id: 'actions',
            header: msg`Ações`,
            value: () => null,
            sortable: false,
            render: (row: WorkforceUser) => (
              <Button size="compact-sm" variant="subtle" leftSection={<IconPencil size={14} aria-hidden />} aria-label={t`Editar ${row.username}`} onClick={() => setEditing({ user: row })}>
                <Trans>Editar</Trans>
              </Button>
            ),
          } satisfies DataColumn<WorkforceUser>,
        ]
      : []),
  ]
  return (
    <>
      <DataTable
        params={params}
        onParamsChange={onParamsChange}
        tableId="workforce.users"
        label={t`Usuários`}
        columns={columns}
        query={usersQueryOptions}
        getRowId={(row) => String(row.id)}
        // SPEC 2.14: the e-mail is one click away in Colunas, so the table fits at 1280 px
        defaultHidden={['email']}
        toolbar={() =>
          isAdmin ? (
            <Button size="xs" leftSection={<IconPlus size={14} aria-hidden />} onClick={() => setEditing({ user: null })}>
              <Trans>Novo usuário</Trans>
            </Button>
          ) : null
        }
      />
      {editing ? <UserFormModal key={editing.user?.id ?? 'new'} user={editing.user} opened onClose={() => setEditing(null)} /> : null}
    </>
  )
}
