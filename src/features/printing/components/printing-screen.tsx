import { Grid, Paper, Stack, Title } from '@mantine/core'
import { Trans } from '@lingui/react/macro'
import type { ListState } from '../../../lib/list-search'
import { useLabelPrint } from '../hooks/use-label-print'
import classes from './error-contrast.module.css'
import { LabelPreview } from './label-preview'
import { LabelPrintForm } from './label-print-form'
import { PrintJobsTable } from './print-jobs-table'

/** SPEC 2.7: the form beside the label it will print, and the recent jobs below (their page in the screen's URL). */
export function PrintingScreen({ jobs }: { jobs?: ListState } = {}) {
  const { snapshot, send, view, checking } = useLabelPrint()
  const { context } = snapshot
  return (
    <Stack gap="lg" className={classes.root}>
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 5 }}>
          <Paper withBorder p="md" radius="md">
            <LabelPrintForm context={context} view={view} send={send} checking={checking} />
          </Paper>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 7 }}>
          <Paper withBorder p="md" radius="md" h="100%" component="section" aria-labelledby="label-preview-title">
            <Title order={2} size="h4" mb="sm" id="label-preview-title">
              <Trans>Pré-visualização</Trans>
            </Title>
            <LabelPreview kind={context.kind} id={view.previewId} printer={view.printer} />
          </Paper>
        </Grid.Col>
      </Grid>
      <PrintJobsTable {...jobs} />
    </Stack>
  )
}
