import type { ReactNode } from 'react'
import { Paper, Text, ThemeIcon, Group } from '@mantine/core'
import { IconHammer } from '@tabler/icons-react'
import { Trans } from '@lingui/react/macro'
import { PageHeader } from './page-header'

/** A screen a later issue builds: never blank, it says what it will be. */
export function PlaceholderPage({ title, description }: { title: ReactNode; description: ReactNode }) {
  return (
    <>
      <PageHeader title={title} />
      <Paper withBorder p="lg" radius="md">
        <Group wrap="nowrap" align="flex-start">
          <ThemeIcon variant="light" size="lg" aria-hidden>
            <IconHammer size={20} />
          </ThemeIcon>
          <div>
            <Text>{description}</Text>
            <Text c="dimmed" size="sm" mt={4}>
              <Trans>Esta tela está em construção.</Trans>
            </Text>
          </div>
        </Group>
      </Paper>
    </>
  )
}
