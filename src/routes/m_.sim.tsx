import { createFileRoute } from '@tanstack/react-router'
import { Box, Center, Text } from '@mantine/core'
import { Trans, useLingui } from '@lingui/react/macro'
import { requireAuth } from '../app/require-auth'

// SPEC 2.16: the handheld simulator shows the collector in a narrow frame (the header opens it in a new tab).
export const Route = createFileRoute('/m_/sim')({
  beforeLoad: requireAuth,
  component: CollectorSimulator,
})

function CollectorSimulator() {
  const { t } = useLingui()
  return (
    <Center mih="100vh" bg="var(--mantine-color-gray-light)" p="md" style={{ flexDirection: 'column', gap: 12 }}>
      <Text size="sm" c="dimmed">
        <Trans>Simulador do coletor</Trans>
      </Text>
      <Box
        component="iframe"
        src="/m/home"
        title={t`Coletor`}
        w={420}
        h={760}
        maw="100%"
        style={{ border: '12px solid #212529', borderRadius: 28, background: 'var(--mantine-color-body)' }}
      />
    </Center>
  )
}
