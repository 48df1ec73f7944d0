import { useState } from 'react'
import { Alert, Button, Group, NumberInput, Select, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core'
import { useForm } from '@mantine/form'
import { randomId } from '@mantine/hooks'
import { notifications } from '@mantine/notifications'
import { Trans, useLingui } from '@lingui/react/macro'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { IconAlertTriangle } from '@tabler/icons-react'
import { LinesEditor, type LinesEditorColumn } from '../../../components/lines-editor'
import { ProductPicker, type ProductOption } from '../../../components/product-picker'
import { ApiError, readDrfError } from '../../../lib/api-client'
import { formatQty } from '../../../lib/format'
import { createInboundDocument, updateInboundDocument } from '../api/save-inbound-document'
import { INBOUND_KIND_LABELS } from '../inbound-status'
import { receivingKeys } from '../receiving-query-keys'
import type { InboundDocument, InboundDocumentRequest, InboundKind, SupplierOption } from '../receiving-types'
import { SupplierPicker } from './supplier-picker'

interface LineValues {
  key: string
  product: ProductOption | null
  expected_qty: string | number
  lot: string
  expiry_date: string
}

interface DocumentValues {
  kind: InboundKind
  code: string
  supplier: SupplierOption | null
  expected_date: string
  lines: LineValues[]
}

const CODE = /^[A-Za-z0-9._\-/]+$/
const HEADER_FIELDS = ['kind', 'code', 'supplier', 'expected_date'] as const
const LINE_FIELD = /^lines\.(\d+)\.(product|expected_qty|lot|expiry_date)$/

const emptyLine = (): LineValues => ({ key: randomId(), product: null, expected_qty: '', lot: '', expiry_date: '' })

function initialValues(doc: InboundDocument | null): DocumentValues {
  if (!doc) return { kind: 'po', code: '', supplier: null, expected_date: '', lines: [emptyLine()] }
  return {
    kind: doc.kind,
    code: doc.code,
    supplier: { id: doc.supplier.id, code: doc.supplier.code, name: doc.supplier.name },
    expected_date: doc.expected_date ?? '',
    lines: doc.lines.map((l) => ({
      key: `line-${l.id}`,
      product: { id: l.product.id, code: l.product.code, name1: l.product.name1 },
      expected_qty: Number(l.expected_qty),
      lot: l.lot ?? '',
      expiry_date: l.expiry_date ?? '',
    })),
  }
}

/** The body as the contract takes it (contracts/receiving inboundDocumentBody): blanks are null, quantities strings. */
function toBody(v: DocumentValues): InboundDocumentRequest {
  return {
    kind: v.kind,
    code: v.code.trim(),
    supplier: v.supplier!.id,
    expected_date: v.expected_date || null,
    lines: v.lines.map((l) => ({
      product: l.product!.id,
      expected_qty: String(l.expected_qty),
      lot: l.lot.trim() || null,
      expiry_date: l.expiry_date || null,
    })),
  }
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null

/**
 * Where each refusal goes (SPEC 12.1): a header field's on its field, a line's (`lines.1.expected_qty`) on its row, a
 * product the company does not have ("Line 2: …", code receiving_line_no_pk with its line number) on that row's
 * product, the lines' own ("at least one line") under the lines; the rest is one line for the form's alert.
 */
function placeErrors(error: unknown, setFieldError: (path: string, message: string) => void, rows: number): string | null {
  const drf = readDrfError(error)
  const raw = error instanceof ApiError ? error.data : null
  const codes = isRecord(raw) && isRecord(raw.codes) && Array.isArray(raw.codes.lines) ? (raw.codes.lines as unknown[]) : []
  const general: string[] = []
  const listErrors: string[] = []
  for (const [field, messages] of Object.entries(drf.fieldErrors)) {
    if ((HEADER_FIELDS as readonly string[]).includes(field) || LINE_FIELD.test(field)) setFieldError(field, messages.join(' '))
    else if (/^lines\.\d+$/.test(field)) setFieldError(`${field}.product`, messages.join(' '))
    else if (field === 'lines') {
      messages.forEach((message, i) => {
        const coded = codes[i]
        const n = isRecord(coded) && isRecord(coded.params) ? Number(coded.params.n) : NaN
        if (Number.isInteger(n) && n >= 1 && n <= rows) setFieldError(`lines.${n - 1}.product`, message)
        else listErrors.push(message)
      })
    } else general.push(`${field}: ${messages.join(' ')}`)
  }
  if (listErrors.length) setFieldError('lines', listErrors.join(' '))
  const text = [drf.detail, ...drf.nonFieldErrors, ...general].filter((m): m is string => Boolean(m))
  if (text.length) return text.join(' ')
  if (Object.keys(drf.fieldErrors).length === 0) return error instanceof Error && error.message ? error.message : null
  return null
}

export interface InboundDocumentFormProps {
  /** null: a new document */
  document: InboundDocument | null
  /** fields shown but not changed: an operator, or a document that receiving has started or that was cancelled */
  readOnly: boolean
  onSaved: (document: InboundDocument) => void
  /** a new document's Cancel (back to the list) */
  onCancel?: () => void
}

/**
 * A purchase order or ASN (SPEC 12.6): kind, code, supplier, expected date and its lines (product, quantity, lot and
 * expiry when known). What the server refuses shows on its field or row, in the user's language, and what was typed
 * stays.
 */
export function InboundDocumentForm({ document, readOnly, onSaved, onCancel }: InboundDocumentFormProps) {
  const { t, i18n } = useLingui()
  const queryClient = useQueryClient()
  const [formError, setFormError] = useState<string | null>(null)
  const form = useForm<DocumentValues>({
    mode: 'controlled',
    initialValues: initialValues(document),
    validate: {
      code: (v) => (v.trim() === '' ? t`Preencha este campo.` : CODE.test(v.trim()) ? null : t`Use letras, dígitos, ponto, sublinhado, hífen ou barra.`),
      supplier: (v) => (v ? null : t`Escolha um fornecedor.`),
      lines: {
        product: (v) => (v ? null : t`Escolha um produto.`),
        expected_qty: (v) => (v !== '' && Number(v) > 0 ? null : t`Informe um valor maior que zero.`),
      },
    },
  })
  const save = useMutation({
    mutationFn: (body: InboundDocumentRequest) => (document ? updateInboundDocument(document.id, body) : createInboundDocument(body)),
    onMutate: () => setFormError(null),
    onSuccess: (saved) => {
      queryClient.setQueryData(receivingKeys.document(saved.id), saved)
      void queryClient.invalidateQueries({ queryKey: receivingKeys.documentLists() })
      void queryClient.invalidateQueries({ queryKey: ['audit', 'inbound_documents', saved.id] })
      form.resetDirty()
      notifications.show({ color: 'green', message: t`Documento ${saved.code} salvo.`, closeButtonProps: { 'aria-label': t`Fechar` } })
      onSaved(saved)
    },
    onError: (error) => setFormError(placeErrors(error, form.setFieldError, form.getValues().lines.length)),
  })

  const lines = form.getValues().lines
  const received = document && !document.editable && document.status !== 'cancelled'
  const columns: LinesEditorColumn[] = [
    {
      id: 'product',
      header: t`Produto`,
      render: (i) => (
        <ProductPicker
          key={form.key(`lines.${i}.product`)}
          aria-label={t`Produto da linha ${i + 1}`}
          required
          disabled={readOnly}
          {...form.getInputProps(`lines.${i}.product`)}
          value={form.getValues().lines[i].product}
        />
      ),
    },
    {
      id: 'expected_qty',
      header: t`Quantidade`,
      width: 140,
      render: (i) => (
        <NumberInput
          key={form.key(`lines.${i}.expected_qty`)}
          aria-label={t`Quantidade da linha ${i + 1}`}
          required
          disabled={readOnly}
          min={0}
          decimalScale={3}
          hideControls
          {...form.getInputProps(`lines.${i}.expected_qty`)}
        />
      ),
    },
    {
      id: 'lot',
      header: t`Lote`,
      width: 150,
      render: (i) => <TextInput key={form.key(`lines.${i}.lot`)} aria-label={t`Lote da linha ${i + 1}`} maxLength={64} disabled={readOnly} {...form.getInputProps(`lines.${i}.lot`)} />,
    },
    {
      id: 'expiry_date',
      header: t`Validade`,
      width: 160,
      render: (i) => (
        <TextInput key={form.key(`lines.${i}.expiry_date`)} aria-label={t`Validade da linha ${i + 1}`} type="date" disabled={readOnly} {...form.getInputProps(`lines.${i}.expiry_date`)} />
      ),
    },
  ]
  if (received) {
    // once receiving has started the lines also say what arrived (SPEC 2.8: difference = received + damaged − expected)
    columns.push(
      { id: 'received_qty', header: t`Recebido`, width: 100, render: (i) => <Text size="sm" mt={6}>{formatQty(document.lines[i]?.received_qty ?? '0', i18n.locale)}</Text> },
      { id: 'difference', header: t`Diferença`, width: 100, render: (i) => <Text size="sm" mt={6}>{formatQty(document.lines[i]?.difference ?? '0', i18n.locale)}</Text> },
    )
  }
  const title = document ? t`Documento ${document.code}` : t`Novo documento de recebimento`

  return (
    <form onSubmit={form.onSubmit((v) => save.mutate(toBody(v)))} noValidate aria-label={title}>
      <Stack gap="md">
        {formError ? (
          <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} aria-hidden />} role="alert" title={t`Não foi possível salvar.`}>
            {formError}
          </Alert>
        ) : null}
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }}>
          <Select
            key={form.key('kind')}
            label={t`Tipo`}
            required
            disabled={readOnly}
            allowDeselect={false}
            data={(['po', 'asn'] as const).map((k) => ({ value: k, label: i18n._(INBOUND_KIND_LABELS[k]) }))}
            {...form.getInputProps('kind')}
          />
          <TextInput key={form.key('code')} label={t`Código`} required maxLength={64} disabled={readOnly} {...form.getInputProps('code')} />
          <SupplierPicker key={form.key('supplier')} label={t`Fornecedor`} required disabled={readOnly} {...form.getInputProps('supplier')} value={form.getValues().supplier} />
          <TextInput key={form.key('expected_date')} label={t`Data prevista`} type="date" disabled={readOnly} {...form.getInputProps('expected_date')} />
        </SimpleGrid>
        <Title order={2} size="h4">
          <Trans>Linhas</Trans>
        </Title>
        <LinesEditor
          label={t`Linhas do documento`}
          columns={columns}
          count={lines.length}
          rowKey={(i) => lines[i].key}
          onAdd={readOnly ? undefined : () => form.insertListItem('lines', emptyLine())}
          onRemove={readOnly ? undefined : (i) => form.removeListItem('lines', i)}
          addLabel={t`Adicionar linha`}
          removeLabel={(i) => t`Remover a linha ${i + 1}`}
          minRows={1}
          minRowsReason={t`Um documento precisa de pelo menos uma linha.`}
          error={typeof form.errors.lines === 'string' ? form.errors.lines : undefined}
        />
        {readOnly ? null : (
          <Group justify="flex-end">
            {document ? (
              <Button variant="default" disabled={!form.isDirty()} onClick={() => form.reset()}>
                <Trans>Desfazer alterações</Trans>
              </Button>
            ) : (
              <Button variant="default" onClick={onCancel}>
                <Trans>Cancelar</Trans>
              </Button>
            )}
            <Button type="submit" loading={save.isPending}>
              <Trans>Salvar</Trans>
            </Button>
          </Group>
        )}
      </Stack>
    </form>
  )
}
