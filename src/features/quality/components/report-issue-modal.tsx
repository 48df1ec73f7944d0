import { Button, Group, Modal, Select, Stack, Switch, Text, TextInput, Textarea } from '@mantine/core'
import { useForm } from '@mantine/form'
import { notifications } from '@mantine/notifications'
import { Trans, useLingui } from '@lingui/react/macro'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { apiErrorText, readDrfError } from '../../../lib/api-client'
import { issueTypesQueryOptions } from '../api/get-issue-types'
import { reportSupplierIssue } from '../api/report-supplier-issue'
import { qualityKeys } from '../quality-query-keys'
import { SEVERITY_LABELS } from '../quality-texts'
import classes from './error-contrast.module.css'
import { DEFAULT_SEVERITY, SEVERITIES, type IssueSupplier, type ReportIssueBody } from '../quality-types'

interface ReportValues {
  issueType: string | null
  severity: string
  description: string
  email: boolean
  emailTo: string
}

const FIELDS: Record<string, keyof ReportValues> = {
  issue_type: 'issueType',
  severity: 'severity',
  description: 'description',
  email: 'email',
  email_to: 'emailTo',
}

/** SPEC 2.15: report an issue with a supplier. Open while `supplier` is set. */
export function ReportIssueModal({ supplier, onClose }: { supplier: IssueSupplier | null; onClose: () => void }) {
  const { t } = useLingui()
  const name = supplier?.name ?? ''
  return (
    <Modal opened={supplier !== null} onClose={onClose} title={t`Registrar ocorrência: ${name}`} size="lg" closeButtonProps={{ 'aria-label': t`Fechar` }}>
      {/* a fresh form per supplier: the e-mail is prefilled with theirs */}
      {supplier ? <ReportIssueForm key={supplier.id} supplier={supplier} onDone={onClose} /> : null}
    </Modal>
  )
}

function ReportIssueForm({ supplier, onDone }: { supplier: IssueSupplier; onDone: () => void }) {
  const { t, i18n } = useLingui()
  const queryClient = useQueryClient()
  const issueTypes = useQuery(issueTypesQueryOptions())
  const form = useForm<ReportValues>({
    mode: 'controlled',
    initialValues: { issueType: null, severity: String(DEFAULT_SEVERITY), description: '', email: false, emailTo: supplier.email ?? '' },
    validate: {
      description: (value) => (value.trim() === '' ? t`Descreva a ocorrência.` : null),
    },
  })

  const report = useMutation({
    mutationFn: (body: ReportIssueBody) => reportSupplierIssue(supplier.id, body),
    onSuccess: () => {
      // SPEC 8
      notifications.show({ color: 'green', message: t`Ocorrência registrada.`, closeButtonProps: { 'aria-label': t`Fechar` } })
      void queryClient.invalidateQueries({ queryKey: qualityKeys.supplierIssues(supplier.id) })
      onDone()
    },
    onError: (error) => {
      // SPEC 8: 'Erro: ' and the message; the fields the server refused are marked too
      const message = apiErrorText(error) ?? error.message
      notifications.show({ color: 'red', message: t`Erro: ${message}`, closeButtonProps: { 'aria-label': t`Fechar` } })
      for (const [field, messages] of Object.entries(readDrfError(error).fieldErrors)) {
        const key = FIELDS[field]
        if (key) form.setFieldError(key, messages[0])
      }
    },
  })

  const submit = form.onSubmit((values) => {
    report.mutate({
      issue_type: values.issueType ? Number(values.issueType) : null,
      severity: Number(values.severity),
      description: values.description.trim(),
      email: values.email,
      email_to: values.email && values.emailTo.trim() !== '' ? values.emailTo.trim() : null,
    })
  })

  return (
    <form onSubmit={submit} noValidate aria-label={t`Registrar ocorrência`} className={classes.root}>
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          {supplier.code} — {supplier.name}
        </Text>
        <Select
          label={t`Tipo de ocorrência`}
          placeholder={t`Nenhum`}
          clearable
          disabled={issueTypes.isPending}
          data={(issueTypes.data ?? []).map((type) => ({ value: String(type.id), label: type.name }))}
          key={form.key('issueType')}
          {...form.getInputProps('issueType')}
        />
        <Select
          label={t`Gravidade`}
          description={t`1 é a mais alta, 5 a mais baixa.`}
          allowDeselect={false}
          data={SEVERITIES.map((s) => ({ value: String(s), label: i18n._(SEVERITY_LABELS[s]) }))}
          key={form.key('severity')}
          {...form.getInputProps('severity')}
        />
        <Textarea
          label={t`Descrição`}
          required
          rows={4}
          maxLength={4000}
          key={form.key('description')}
          {...form.getInputProps('description')}
        />
        <Switch label={t`Enviar por e-mail`} key={form.key('email')} {...form.getInputProps('email', { type: 'checkbox' })} />
        <TextInput
          label={t`E-mail para`}
          description={t`Vazio: o e-mail do fornecedor.`}
          type="email"
          disabled={!form.values.email}
          key={form.key('emailTo')}
          {...form.getInputProps('emailTo')}
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onDone} disabled={report.isPending}>
            <Trans>Cancelar</Trans>
          </Button>
          <Button type="submit" loading={report.isPending}>
            <Trans>Registrar</Trans>
          </Button>
        </Group>
      </Stack>
    </form>
  )
}
