import { useState } from 'react'
import { Alert, Button, Group, Modal, PasswordInput, Select, SimpleGrid, Stack, Switch, TextInput } from '@mantine/core'
import { Trans, useLingui } from '@lingui/react/macro'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { apiErrorText, readDrfError } from '../../../lib/api-client'
import type { Role } from '../../../lib/session-types'
import { siteOptionsQueryOptions, warehouseOptionsQueryOptions } from '../api/get-structure-options'
import { saveUser } from '../api/save-user'
import { workforceKeys } from '../workforce-query-keys'
import type { UserInput, WorkforceUser } from '../workforce-types'

const FIELDS = ['username', 'password', 'role', 'first_name', 'last_name', 'email', 'is_active', 'default_site', 'default_warehouse'] as const

function initial(user: WorkforceUser | null): UserInput {
  return {
    username: user?.username ?? '',
    password: '',
    role: user?.role ?? 'operator',
    first_name: user?.first_name ?? '',
    last_name: user?.last_name ?? '',
    email: user?.email ?? '',
    is_active: user?.is_active ?? true,
    default_site: user?.default_site?.id ?? null,
    default_warehouse: user?.default_warehouse?.id ?? null,
  }
}

export interface UserFormModalProps {
  /** null: a new user */
  user: WorkforceUser | null
  opened: boolean
  onClose: () => void
}

/** Create or edit a user (admins; SPEC 2.11): DRF field errors show on their fields. */
export function UserFormModal({ user, opened, onClose }: UserFormModalProps) {
  const { t } = useLingui()
  const queryClient = useQueryClient()
  const [form, setForm] = useState<UserInput>(() => initial(user))
  const sites = useQuery({ ...siteOptionsQueryOptions(), enabled: opened })
  const warehouses = useQuery({ ...warehouseOptionsQueryOptions(), enabled: opened })
  const save = useMutation({
    mutationFn: () => {
      const body: UserInput = { ...form, username: form.username.trim(), email: form.email?.trim() || null }
      // editing: the password changes only when one is typed
      if (user && !form.password) delete body.password
      return saveUser(user?.id ?? null, body)
    },
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: workforceKeys.userLists() })
      onClose()
    },
  })
  const drf = save.error ? readDrfError(save.error) : null
  const fieldError = (name: (typeof FIELDS)[number]) => drf?.fieldErrors[name]?.join(' ')
  const other = drf && !FIELDS.some((f) => fieldError(f)) ? apiErrorText(save.error) : null
  const set = <K extends keyof UserInput>(key: K, value: UserInput[K]) => setForm((f) => ({ ...f, [key]: value }))
  const canSave = form.username.trim() !== '' && (user !== null || (form.password ?? '').length > 0) && !save.isPending
  const roles: { value: Role; label: string }[] = [
    { value: 'admin', label: t`Administrador` },
    { value: 'supervisor', label: t`Supervisor` },
    { value: 'operator', label: t`Operador` },
  ]
  return (
    <Modal opened={opened} onClose={onClose} title={user ? t`Editar usuário ${user.username}` : t`Novo usuário`} size="lg" closeButtonProps={{ 'aria-label': t`Fechar` }}>
      <form
        onSubmit={(event) => {
          event.preventDefault()
          if (canSave) save.mutate()
        }}
      >
        <Stack>
          {other ? (
            <Alert color="red" role="alert">
              {other}
            </Alert>
          ) : null}
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput label={t`Usuário`} required value={form.username} onChange={(e) => set('username', e.currentTarget.value)} error={fieldError('username')} maxLength={150} />
            <PasswordInput
              label={user ? t`Nova senha` : t`Senha`}
              required={!user}
              description={user ? t`Deixe em branco para manter a atual.` : undefined}
              value={form.password ?? ''}
              onChange={(e) => set('password', e.currentTarget.value)}
              error={fieldError('password')}
              autoComplete="new-password"
            />
            <TextInput label={t`Nome`} value={form.first_name} onChange={(e) => set('first_name', e.currentTarget.value)} error={fieldError('first_name')} />
            <TextInput label={t`Sobrenome`} value={form.last_name} onChange={(e) => set('last_name', e.currentTarget.value)} error={fieldError('last_name')} />
            <TextInput label={t`E-mail`} type="email" value={form.email ?? ''} onChange={(e) => set('email', e.currentTarget.value)} error={fieldError('email')} />
            <Select label={t`Papel`} data={roles} value={form.role} allowDeselect={false} onChange={(v) => set('role', (v ?? 'operator') as Role)} error={fieldError('role')} />
            <Select
              label={t`Site padrão`}
              clearable
              data={(sites.data ?? []).map((s) => ({ value: String(s.id), label: `${s.code} — ${s.name}` }))}
              value={form.default_site === null ? null : String(form.default_site)}
              onChange={(v) => set('default_site', v === null ? null : Number(v))}
              error={fieldError('default_site')}
            />
            <Select
              label={t`Armazém padrão`}
              clearable
              data={(warehouses.data ?? []).map((w) => ({ value: String(w.id), label: `${w.code} — ${w.name}` }))}
              value={form.default_warehouse === null ? null : String(form.default_warehouse)}
              onChange={(v) => set('default_warehouse', v === null ? null : Number(v))}
              error={fieldError('default_warehouse')}
            />
          </SimpleGrid>
          <Switch label={t`Ativo`} checked={form.is_active} onChange={(e) => set('is_active', e.currentTarget.checked)} error={fieldError('is_active')} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              <Trans>Cancelar</Trans>
            </Button>
            <Button type="submit" disabled={!canSave} loading={save.isPending}>
              <Trans>Salvar</Trans>
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  )
}
