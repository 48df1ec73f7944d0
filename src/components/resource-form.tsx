import { Fragment, useState, type ReactNode } from 'react'
import { Alert, Button, Divider, Group, Modal, MultiSelect, NumberInput, Select, SimpleGrid, Stack, Switch, TextInput, Tooltip } from '@mantine/core'
import { useForm } from '@mantine/form'
import { useDebouncedValue } from '@mantine/hooks'
import { IconAlertTriangle, IconPencil, IconPlus } from '@tabler/icons-react'
import type { I18n, MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { useMutation, useQuery, useQueryClient, type QueryKey } from '@tanstack/react-query'
import { AuditHistory } from './audit-history'
import type { DataColumn } from './data-table'
import { api, apiErrorText, readDrfError } from '../lib/api-client'
import { toPaged } from '../lib/list-query'
import { useSession } from '../lib/session'

/**
 * One field of a master-data form (SPEC 12.1), named as the API names it. `ref` picks a row of another list by id
 * (the row answers it as `{id, code}`); `select` one of a fixed list of values; `multiselect` several of a fixed list;
 * `refs` several rows of another list, in the order chosen (the row answers them as `[{id, code}]`).
 */
export type ResourceField = { name: string; label: MessageDescriptor; description?: MessageDescriptor; required?: boolean } & (
  | { kind: 'text'; maxLength?: number; code?: boolean; email?: boolean; nullable?: boolean; /** a time of day, 'HH:MM' */ time?: boolean }
  | { kind: 'number'; min: number; max: number; nullable?: boolean; /** decimals allowed (metres), else whole numbers */ decimal?: boolean }
  | { kind: 'select'; options: (i18n: I18n) => { value: string; label: string }[]; initial?: string }
  | { kind: 'ref'; endpoint: string; nullable?: boolean }
  | { kind: 'multiselect'; options: (i18n: I18n) => { value: string; label: string }[] }
  | { kind: 'refs'; endpoint: string }
  | { kind: 'switch' }
)

/** What the generic form needs to know of a resource: where it lives, its fields, and the words for its buttons. */
export interface ResourceConfig<T extends { id: number; code: string }> {
  /** the API's list path, e.g. `/core/sites/` */
  endpoint: string
  /** the audit trail's entity name */
  entity: string
  fields: ResourceField[]
  /** the query keys to refresh after a save */
  invalidate: QueryKey
  newLabel: MessageDescriptor
  editTitle: (row: T) => MessageDescriptor
  /** false: rows are only edited here (companies come from the operator) */
  canCreate?: boolean
  /** false: no "Ativo" switch (the resource is never deactivated) */
  deactivates?: boolean
  /** who edits; the server decides, the screen only offers what it allows */
  roles?: readonly string[]
}

export type FormValues = Record<string, string | number | boolean | null | string[]>
const CODE = /^[A-Za-z0-9._\-/]+$/
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/
const TIME = /^([01]\d|2[0-3]):[0-5]\d$/

function fieldsOf<T extends { id: number; code: string }>(config: ResourceConfig<T>): ResourceField[] {
  if (config.deactivates === false) return config.fields
  return [
    ...config.fields,
    { name: 'is_active', kind: 'switch', label: msg`Ativo`, description: msg`Desative em vez de excluir: o histórico continua referindo-se ao registro.` },
  ]
}

function initialValue(field: ResourceField, row: Record<string, unknown> | null, i18n: I18n): FormValues[string] {
  const value = row?.[field.name]
  switch (field.kind) {
    case 'switch':
      return row ? Boolean(value) : field.name === 'is_active'
    case 'number':
      // a decimal the API writes as a string ("1500.500")
      return typeof value === 'number' ? value : typeof value === 'string' && value !== '' ? Number(value) : ''
    case 'ref': {
      const id = (value as { id?: number } | null | undefined)?.id
      return id ? String(id) : null
    }
    case 'select':
      return typeof value === 'string' ? value : (field.initial ?? field.options(i18n)[0]?.value ?? null)
    case 'multiselect':
      return Array.isArray(value) ? value.map(String) : []
    case 'refs':
      return Array.isArray(value) ? value.map((r: { id: number }) => String(r.id)) : []
    default:
      return typeof value === 'string' ? value : ''
  }
}

/** The body sent: each field as the contract takes it (a blank optional text or number is null where the API allows it). */
function toBody(fields: ResourceField[], values: FormValues): Record<string, unknown> {
  const body: Record<string, unknown> = {}
  for (const f of fields) {
    const v = values[f.name]
    if (f.kind === 'switch') body[f.name] = Boolean(v)
    else if (f.kind === 'number') {
      if (v === '' || v === null) {
        if (f.nullable) body[f.name] = null
      } else body[f.name] = Number(v)
    } else if (f.kind === 'ref') {
      if (v) body[f.name] = Number(v)
      else if (f.nullable) body[f.name] = null
    } else if (f.kind === 'multiselect') body[f.name] = Array.isArray(v) ? v : []
    else if (f.kind === 'refs') body[f.name] = Array.isArray(v) ? v.map(Number) : []
    else if (f.kind === 'text') {
      const text = String(v ?? '').trim()
      body[f.name] = text === '' && f.nullable ? null : text
    } else if (v !== null) body[f.name] = v
  }
  return body
}

type RefRow = { id: number; code: string; name?: string; name1?: string }
// a product names itself in name1
const refLabel = (o: RefRow) => (o.name || o.name1 ? `${o.code} — ${o.name || o.name1}` : o.code)

/**
 * The options of a reference: the list's first 100 by code, what the user searches for (from 2 characters, on the
 * server: a list longer than 100 rows still offers every row), and the row's own values, so a chosen option keeps its
 * label when a later search does not find it.
 */
function useRefOptions(endpoint: string, search: string, seed: unknown) {
  const [debounced] = useDebouncedValue(search.trim(), 250)
  const base = useQuery({
    queryKey: ['resource-options', endpoint],
    queryFn: async () => toPaged<RefRow>(await api.get<unknown>(endpoint, { query: { page_size: 100, ordering: 'code' } })).results,
  })
  const found = useQuery({
    queryKey: ['resource-options', endpoint, debounced],
    enabled: debounced.length >= 2,
    queryFn: async () => toPaged<RefRow>(await api.get<unknown>(endpoint, { query: { page_size: 20, ordering: 'code', search: debounced } })).results,
  })
  const [seen] = useState(() => new Map<string, string>())
  const seeds = (Array.isArray(seed) ? seed : seed ? [seed] : []) as RefRow[]
  for (const o of [...seeds, ...(base.data ?? []), ...(found.data ?? [])]) if (o && typeof o.id === 'number' && !seen.has(String(o.id))) seen.set(String(o.id), refLabel(o))
  return [...seen].map(([value, label]) => ({ value, label }))
}

/** Several rows of another list, kept in the order picked (a putaway rule's locations, §20.3). */
function RefsSelect({ field, inputProps, label, seed }: { field: Extract<ResourceField, { kind: 'refs' }>; inputProps: object; label: string; seed: unknown }) {
  const [search, setSearch] = useState('')
  const data = useRefOptions(field.endpoint, search, seed)
  return <MultiSelect label={label} required={field.required} searchable clearable searchValue={search} onSearchChange={setSearch} data={data} {...inputProps} />
}

function RefSelect({ field, inputProps, label, seed }: { field: Extract<ResourceField, { kind: 'ref' }>; inputProps: object; label: string; seed: unknown }) {
  const [search, setSearch] = useState('')
  const data = useRefOptions(field.endpoint, search, seed)
  return (
    <Select
      label={label}
      required={field.required}
      clearable={field.nullable}
      allowDeselect={Boolean(field.nullable)}
      searchable
      searchValue={search}
      onSearchChange={setSearch}
      data={data}
      {...inputProps}
    />
  )
}

/**
 * Create or edit one row of a master-data list (SPEC 12.1): the fields come from the resource's list; what the server
 * refuses shows on its field (in the user's language when the server speaks it) and the form keeps what was typed;
 * deactivating is the "Ativo" switch, and an edited row shows its audit trail.
 */
export function ResourceFormModal<T extends { id: number; code: string }>({
  config,
  row,
  onClose,
  title: titleOverride,
  extra,
  onSaved,
}: {
  config: ResourceConfig<T>
  row: T | null
  onClose: () => void
  /** a form that posts elsewhere (a location range) names itself */
  title?: string
  /** shown under the fields, from what is typed (a range's preview) */
  extra?: (values: FormValues) => ReactNode
  /** what the server answered, before the form closes */
  onSaved?: (result: unknown) => void
}) {
  const { t, i18n } = useLingui()
  const queryClient = useQueryClient()
  const fields = fieldsOf(config)
  const [formError, setFormError] = useState<string | null>(null)
  const form = useForm<FormValues>({
    mode: 'controlled',
    initialValues: Object.fromEntries(fields.map((f) => [f.name, initialValue(f, row as Record<string, unknown> | null, i18n)])),
    validate: (values) => {
      const errors: Record<string, string> = {}
      for (const f of fields) {
        const v = values[f.name]
        const blank = v === '' || v === null || (Array.isArray(v) && v.length === 0)
        if (f.required && blank) errors[f.name] = t`Preencha este campo.`
        else if (f.kind === 'text' && !blank && f.code && !CODE.test(String(v).trim()))
          errors[f.name] = t`Use letras, dígitos, ponto, sublinhado, hífen ou barra.`
        else if (f.kind === 'text' && !blank && f.email && !EMAIL.test(String(v).trim())) errors[f.name] = t`Informe um e-mail válido.`
        else if (f.kind === 'text' && !blank && f.time && !TIME.test(String(v).trim())) errors[f.name] = t`Informe a hora como HH:MM (de 00:00 a 23:59).`
        else if (f.kind === 'number' && !blank && f.decimal && (!Number.isFinite(Number(v)) || Number(v) < f.min || Number(v) > f.max)) {
          const [min, max] = [f.min, f.max]
          errors[f.name] = t`Informe um número de ${min} a ${max}.`
        } else if (f.kind === 'number' && !blank && !f.decimal && (!Number.isInteger(v) || Number(v) < f.min || Number(v) > f.max)) {
          const [min, max] = [f.min, f.max]
          errors[f.name] = t`Informe um número inteiro de ${min} a ${max}.`
        }
      }
      return errors
    },
  })
  const title = titleOverride ?? i18n._(row ? config.editTitle(row) : config.newLabel)
  const save = useMutation({
    mutationFn: (body: Record<string, unknown>) => (row ? api.patch<T>(`${config.endpoint}${row.id}/`, body) : api.post<T>(config.endpoint, body)),
    onMutate: () => setFormError(null),
    onSuccess: (result) => {
      onSaved?.(result)
      void queryClient.invalidateQueries({ queryKey: config.invalidate })
      void queryClient.invalidateQueries({ queryKey: ['resource-options'] })
      onClose()
    },
    onError: (error) => setFormError(placeDrfErrors(error, form.setFieldError, fields.map((f) => f.name), t`Não foi possível salvar.`)),
  })
  const input = (f: ResourceField): ReactNode => {
    const label = i18n._(f.label)
    const description = f.description ? i18n._(f.description) : undefined
    const common = { label, description, required: f.required }
    const key = form.key(f.name)
    switch (f.kind) {
      case 'switch':
        return <Switch key={key} {...common} {...form.getInputProps(f.name, { type: 'checkbox' })} />
      case 'number':
        return <NumberInput key={key} {...common} min={f.min} max={f.max} allowDecimal={Boolean(f.decimal)} decimalScale={f.decimal ? 2 : undefined} {...form.getInputProps(f.name)} />
      case 'select':
        return <Select key={key} {...common} allowDeselect={false} data={f.options(i18n)} {...form.getInputProps(f.name)} />
      case 'ref':
        return <RefSelect key={key} field={f} label={label} seed={(row as Record<string, unknown> | null)?.[f.name]} inputProps={{ description, ...form.getInputProps(f.name) }} />
      case 'multiselect':
        return <MultiSelect key={key} {...common} data={f.options(i18n)} clearable {...form.getInputProps(f.name)} />
      case 'refs':
        return <RefsSelect key={key} field={f} label={label} seed={(row as Record<string, unknown> | null)?.[f.name]} inputProps={{ description, ...form.getInputProps(f.name) }} />
      default:
        return <TextInput key={key} {...common} type={f.email ? 'email' : 'text'} maxLength={f.maxLength ?? 200} placeholder={f.time ? 'HH:MM' : undefined} {...form.getInputProps(f.name)} />
    }
  }
  const switches = fields.filter((f) => f.kind === 'switch')
  return (
    <Modal opened onClose={onClose} title={title} size="lg" closeButtonProps={{ 'aria-label': t`Fechar` }}>
      <form onSubmit={form.onSubmit((v) => save.mutate(toBody(fields, v)))} noValidate aria-label={title}>
        <Stack gap="md">
          {formError ? (
            <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} aria-hidden />} role="alert" title={t`Não foi possível salvar.`}>
              {formError}
            </Alert>
          ) : null}
          <SimpleGrid cols={{ base: 1, sm: 2 }}>{fields.filter((f) => f.kind !== 'switch').map(input)}</SimpleGrid>
          {switches.map(input)}
          {extra?.(form.getValues())}
          <FormFooter onCancel={onClose} saving={save.isPending} audit={row ? { entity: config.entity, id: row.id } : null} />
        </Stack>
      </form>
    </Modal>
  )
}

/** A master-data form's last lines: Cancelar and Salvar, then the record's audit trail when it exists. */
export function FormFooter({ onCancel, saving, audit }: { onCancel: () => void; saving: boolean; audit: { entity: string; id: number } | null }) {
  return (
    <>
      <Group justify="flex-end">
        <Button variant="default" onClick={onCancel}>
          <Trans>Cancelar</Trans>
        </Button>
        <Button type="submit" loading={saving}>
          <Trans>Salvar</Trans>
        </Button>
      </Group>
      {audit ? (
        <>
          <Divider />
          <AuditHistory entity={audit.entity} id={audit.id} />
        </>
      ) : null}
    </>
  )
}

/**
 * A refusal shown where it belongs (SPEC 12.1): each field's errors on its field, and what has no field of the form
 * (detail, non_field_errors, another field) returned as one line for the form's alert; `fallback` when nothing was said.
 */
export function placeDrfErrors(error: unknown, setFieldError: (field: string, message: string) => void, fields: readonly string[], fallback: string): string | null {
  const drf = readDrfError(error)
  const unplaced: string[] = []
  for (const [field, messages] of Object.entries(drf.fieldErrors)) {
    if (fields.includes(field)) setFieldError(field, messages.join(' '))
    else unplaced.push(`${field}: ${messages.join(' ')}`)
  }
  const general = [drf.detail, ...drf.nonFieldErrors, ...unplaced].filter((m): m is string => Boolean(m))
  if (general.length) return general.join(' ')
  return Object.keys(drf.fieldErrors).length === 0 ? (apiErrorText(error) ?? fallback) : null
}

const EDIT_ROLES = ['admin', 'supervisor'] as const

/**
 * The editing controls of a master-data list: a "new" button for the toolbar, an "Editar" column, and the form when
 * open. Who may not edit sees them disabled, with the reason (SPEC 12.1: operators read master data only).
 */
export function useResourceEditor<T extends { id: number; code: string }>(
  config: ResourceConfig<T>,
  rowActions?: (row: T) => ReactNode,
  /** a resource with a form of its own (products: GTINs) */
  renderForm?: (row: T | null, onClose: () => void) => ReactNode,
) {
  const { t, i18n } = useLingui()
  const { user } = useSession()
  const roles = config.roles ?? EDIT_ROLES
  const canEdit = Boolean(user && roles.includes(user.role))
  const reason = roles.includes('supervisor') ? t`Somente administradores e supervisores alteram cadastros.` : t`Somente administradores alteram este cadastro.`
  const [editing, setEditing] = useState<{ row: T | null } | null>(null)
  const column: DataColumn<T> = {
    id: 'actions',
    header: msg`Ações`,
    value: () => null,
    sortable: false,
    render: (row) => (
      <Group gap={4} wrap="nowrap">
        <Tooltip label={reason} disabled={canEdit}>
          <Button
            size="compact-sm"
            variant="subtle"
            leftSection={<IconPencil size={14} aria-hidden />}
            aria-label={t`Editar ${row.code}`}
            disabled={!canEdit}
            title={canEdit ? undefined : reason}
            onClick={() => setEditing({ row })}
          >
            <Trans>Editar</Trans>
          </Button>
        </Tooltip>
        {rowActions?.(row)}
      </Group>
    ),
  }
  const toolbar =
    config.canCreate === false
      ? undefined
      : () => (
          <Tooltip label={reason} disabled={canEdit}>
            <Button
              size="xs"
              leftSection={<IconPlus size={14} aria-hidden />}
              disabled={!canEdit}
              title={canEdit ? undefined : reason}
              onClick={() => setEditing({ row: null })}
            >
              {i18n._(config.newLabel)}
            </Button>
          </Tooltip>
        )
  const close = () => setEditing(null)
  const modal = editing ? (
    <Fragment key={editing.row?.id ?? 'new'}>{renderForm ? renderForm(editing.row, close) : <ResourceFormModal config={config} row={editing.row} onClose={close} />}</Fragment>
  ) : null
  return { column, toolbar, modal, canEdit }
}

/** The code and name that most master-data rows start with. */
export const codeNameFields: ResourceField[] = [
  { name: 'code', kind: 'text', code: true, required: true, maxLength: 64, label: msg`Código` },
  { name: 'name', kind: 'text', required: true, maxLength: 200, label: msg`Nome` },
]
