import { Alert, Badge, Button, Group, Loader, Stack, Table, Text, Title } from '@mantine/core'
import { notifications } from '@mantine/notifications'
import { IconAlertTriangle, IconRefresh } from '@tabler/icons-react'
import { Trans, useLingui } from '@lingui/react/macro'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { apiErrorText } from '../../../lib/api-client'
import { formatDate } from '../../../lib/format'
import { printJobsQueryOptions } from '../api/get-print-jobs'
import { resendPrintJob } from '../api/resend-print-job'
import { printingKeys } from '../printing-query-keys'
import { JOB_STATUS_COLORS, JOB_STATUS_LABELS, LABEL_KIND_LABELS } from '../printing-texts'
import { canResendJob, type PrintJob } from '../printing-types'

/** The recent print jobs and their status, asked again every 2 s while one is on its way. */
export function PrintJobsTable() {
  const { t, i18n } = useLingui()
  const queryClient = useQueryClient()
  const jobs = useQuery(printJobsQueryOptions())
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
  const rows = jobs.data?.results ?? []

  return (
    <Stack gap="xs">
      <Group justify="space-between">
        <Title order={2} size="h4">
          <Trans>Impressões recentes</Trans>
        </Title>
        {jobs.isFetching ? <Loader size="xs" role="status" aria-label={t`Carregando`} /> : null}
      </Group>
      {jobs.isError ? (
        <Alert color="yellow" icon={<IconAlertTriangle size={18} aria-hidden />} role="alert">
          {apiErrorText(jobs.error) ?? <Trans>Erro ao carregar dados.</Trans>}
        </Alert>
      ) : null}
      <Table.ScrollContainer minWidth={640}>
        <Table striped withTableBorder verticalSpacing="xs" aria-label={t`Impressões recentes`}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>
                <Trans>Quando</Trans>
              </Table.Th>
              <Table.Th>
                <Trans>Etiqueta</Trans>
              </Table.Th>
              <Table.Th>
                <Trans>Impressora</Trans>
              </Table.Th>
              <Table.Th ta="right">
                <Trans>Cópias</Trans>
              </Table.Th>
              <Table.Th>
                <Trans>Situação</Trans>
              </Table.Th>
              <Table.Th>
                <Trans>Ações</Trans>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((job) => {
              const status = i18n._(JOB_STATUS_LABELS[job.status])
              const label = job.target_label
              return (
                <Table.Tr key={job.id}>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDate(job.created_at, i18n.locale)}</Table.Td>
                  <Table.Td>
                    <Text size="sm">{label}</Text>
                    <Text size="xs" c="dimmed">
                      {i18n._(LABEL_KIND_LABELS[job.kind])}
                    </Text>
                  </Table.Td>
                  <Table.Td>{job.printer.name}</Table.Td>
                  <Table.Td ta="right">{job.copies}</Table.Td>
                  <Table.Td>
                    <Badge variant="dot" color={JOB_STATUS_COLORS[job.status]}>
                      {status}
                    </Badge>
                    {job.last_error && job.status !== 'sent' ? (
                      <Text size="xs" c="dimmed" maw={320}>
                        {job.last_error}
                      </Text>
                    ) : null}
                  </Table.Td>
                  <Table.Td>
                    {canResendJob(job) ? (
                      <Button
                        size="compact-xs"
                        variant="light"
                        leftSection={<IconRefresh size={14} aria-hidden />}
                        aria-label={t`Reenviar ${label}`}
                        loading={resend.isPending && resend.variables?.id === job.id}
                        onClick={() => resend.mutate(job)}
                      >
                        <Trans>Reenviar</Trans>
                      </Button>
                    ) : null}
                  </Table.Td>
                </Table.Tr>
              )
            })}
            {rows.length === 0 ? (
              <Table.Tr>
                <Table.Td colSpan={6}>
                  <Text c="dimmed" ta="center" py="md" size="sm">
                    {jobs.isPending ? <Trans>Carregando...</Trans> : <Trans>Nenhuma impressão ainda.</Trans>}
                  </Text>
                </Table.Td>
              </Table.Tr>
            ) : null}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Stack>
  )
}
