import { Alert, Badge, Button, Drawer, Group, Loader, Paper, Stack, Text } from '@mantine/core'
import { IconAlertTriangle, IconPlus } from '@tabler/icons-react'
import { Trans, useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { apiErrorText } from '../../../lib/api-client'
import { formatDate } from '../../../lib/format'
import { supplierIssuesQueryOptions } from '../api/get-supplier-issues'
import { EMAIL_STATUS_LABELS, SEVERITY_COLORS, SEVERITY_LABELS } from '../quality-texts'
import type { IssueSupplier } from '../quality-types'

/** A supplier's issues, newest first. Open while `supplier` is set. */
export function SupplierIssuesDrawer({
  supplier,
  onClose,
  onReport,
}: {
  supplier: IssueSupplier | null
  onClose: () => void
  /** opens the report form for this supplier */
  onReport: (supplier: IssueSupplier) => void
}) {
  const { t } = useLingui()
  const name = supplier?.name ?? ''
  return (
    <Drawer opened={supplier !== null} onClose={onClose} position="right" size="lg" title={t`Ocorrências: ${name}`} closeButtonProps={{ 'aria-label': t`Fechar` }}>
      {supplier ? <IssuesList supplier={supplier} onReport={onReport} /> : null}
    </Drawer>
  )
}

function IssuesList({ supplier, onReport }: { supplier: IssueSupplier; onReport: (supplier: IssueSupplier) => void }) {
  const { t, i18n } = useLingui()
  const issues = useQuery(supplierIssuesQueryOptions(supplier.id))
  const rows = issues.data?.results ?? []
  const total = issues.data?.count ?? 0

  return (
    <Stack gap="sm">
      <Group justify="space-between">
        <Text size="sm" c="dimmed" aria-live="polite">
          {issues.isPending ? <Trans>Carregando...</Trans> : <Trans>Total: {total}</Trans>}
        </Text>
        <Button size="xs" leftSection={<IconPlus size={14} aria-hidden />} onClick={() => onReport(supplier)}>
          <Trans>Registrar ocorrência</Trans>
        </Button>
      </Group>
      {issues.isFetching && !issues.isPending ? <Loader size="xs" role="status" aria-label={t`Carregando`} /> : null}
      {issues.isError ? (
        <Alert color="yellow" icon={<IconAlertTriangle size={18} aria-hidden />} role="alert">
          {apiErrorText(issues.error) ?? <Trans>Erro ao carregar dados.</Trans>}
        </Alert>
      ) : null}
      {!issues.isPending && !issues.isError && rows.length === 0 ? (
        <Text size="sm" c="dimmed">
          <Trans>Nenhuma ocorrência registrada.</Trans>
        </Text>
      ) : null}
      <Stack gap="xs" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }} aria-label={t`Ocorrências`}>
        {rows.map((issue) => {
          const emailStatus = issue.email_status ? EMAIL_STATUS_LABELS[issue.email_status] : undefined
          return (
            <Paper key={issue.id} component="li" withBorder p="sm" radius="sm">
              <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
                <Stack gap={2}>
                  <Text size="sm" fw={600}>
                    {issue.issue_type?.name ?? t`Sem tipo`}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {formatDate(issue.created_at, i18n.locale)}
                    {issue.created_by ? ` · ${issue.created_by}` : ''}
                  </Text>
                </Stack>
                <Badge variant="dot" color={SEVERITY_COLORS[issue.severity] ?? 'gray'}>
                  {SEVERITY_LABELS[issue.severity] ? i18n._(SEVERITY_LABELS[issue.severity]) : issue.severity}
                </Badge>
              </Group>
              <Text size="sm" mt={6} style={{ whiteSpace: 'pre-wrap' }}>
                {issue.description}
              </Text>
              {issue.email ? (
                <Text size="xs" c="dimmed" mt={4}>
                  {emailStatus ? i18n._(emailStatus) : <Trans>E-mail</Trans>}
                  {issue.email_to ? `: ${issue.email_to}` : ''}
                </Text>
              ) : null}
            </Paper>
          )
        })}
      </Stack>
    </Stack>
  )
}
