import { Badge, Button, Group, Stack, Text, Title } from '@mantine/core'
import { notifications } from '@mantine/notifications'
import { IconRefresh } from '@tabler/icons-react'
import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { DataTable, type DataColumn } from '../../../components/data-table'
import { apiErrorText } from '../../../lib/api-client'
import type { ListState } from '../../../lib/list-search'
import { printJobsQueryOptions } from '../api/get-print-jobs'
import { resendPrintJob } from '../api/resend-print-job'
import { printingKeys } from '../printing-query-keys'
import { JOB_STATUS_COLORS, JOB_STATUS_LABELS, LABEL_KIND_LABELS } from '../printing-texts'
import { canResendJob, type PrintJob } from '../printing-types'

/**
 * The recent print jobs and their status, asked again every 2 s while one is on its way. The page,
 * search and ordering come from the screen's URL (SPEC 2.14); without them the table keeps its own.
 */
export function PrintJobsTable({ params, onParamsChange }: Partial<ListState> = {}) {
  const { t, i18n } = useLingui()
  const queryClient = useQueryClient()
  const resend = useMutation({
    mutationFn: (job: PrintJob) => resendPrintJob(job.id),
    onSuccess: () => {
      notifications.show({ color: 'green', message: t`Solicitação enviada à fila de impressão.`, closeButtonProps: { 'aria-label': t`Fechar` } })
    },
    onError: (error) => {
      notifications.show({ color: 'red', message: apiErrorText(error) ?? t`Falha ao enviar impressão`, closeButtonProps: { 'aria-label': t`Fechar` } })
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: printingKeys.jobs() }),
  })

  // the server orders jobs by when, status and number only
  const columns: DataColumn<PrintJob>[] = [
    { id: 'created_at', header: msg`Quando`, kind: 'date', value: (row) => row.created_at },
    {
      id: 'target_label',
      header: msg`Etiqueta`,
      sortable: false,
      value: (row) => row.target_label,
      render: (row) => (
        <>
          <Text size="sm">{row.target_label}</Text>
          <Text size="xs" c="dimmed">
            {i18n._(LABEL_KIND_LABELS[row.kind])}
          </Text>
        </>
      ),
    },
    { id: 'printer', header: msg`Impressora`, sortable: false, value: (row) => row.printer.name },
    { id: 'copies', header: msg`Cópias`, kind: 'number', sortable: false, value: (row) => row.copies, render: (row) => String(row.copies) },
    {
      id: 'status',
      header: msg`Situação`,
      value: (row) => row.status,
      render: (row) => (
        <>
          <Badge variant="dot" color={JOB_STATUS_COLORS[row.status]}>
            {i18n._(JOB_STATUS_LABELS[row.status])}
          </Badge>
          {row.last_error && row.status !== 'sent' ? (
            <Text size="xs" c="dimmed" maw={320} style={{ whiteSpace: 'normal' }}>
              {row.last_error}
            </Text>
          ) : null}
        </>
      ),
    },
    {
      id: 'actions',
      header: msg`Ações`,
      sortable: false,
      value: () => null,
      render: (row) => {
        const label = row.target_label
        return canResendJob(row) ? (
          <Button
            size="compact-xs"
            variant="light"
            leftSection={<IconRefresh size={14} aria-hidden />}
            aria-label={t`Reenviar ${label}`}
            loading={resend.isPending && resend.variables?.id === row.id}
            onClick={() => resend.mutate(row)}
          >
            <Trans>Reenviar</Trans>
          </Button>
        ) : null
      },
    },
  ]

  return (
    <Stack gap="xs">
      <Group justify="space-between">
        <Title order={2} size="h4">
          <Trans>Impressões recentes</Trans>
        </Title>
      </Group>
      <DataTable
        tableId="printing.jobs"
        label={t`Impressões recentes`}
        columns={columns}
        query={printJobsQueryOptions}
        getRowId={(row) => String(row.id)}
        params={params}
        onParamsChange={onParamsChange}
        emptyText={<Trans>Nenhuma impressão ainda.</Trans>}
      />
    </Stack>
  )
}
