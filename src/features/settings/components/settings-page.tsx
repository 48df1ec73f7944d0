import { Paper, SimpleGrid, Stack, Text } from '@mantine/core'
import { Trans, useLingui } from '@lingui/react/macro'
import type { ReactNode } from 'react'
import { useSession } from '../../../lib/session'
import { PageHeader } from '../../../components/page-header'

function Field({ label, value }: { label: ReactNode; value: ReactNode }) {
  return (
    <Stack gap={2}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600} component="dt">
        {label}
      </Text>
      <Text component="dd" m={0}>
        {value}
      </Text>
    </Stack>
  )
}

/** SPEC 2.13: the signed-in user's username, company and role. */
export function SettingsPage() {
  const { t } = useLingui()
  const { user } = useSession()
  const roles: Record<string, string> = { admin: t`Administrador`, supervisor: t`Supervisor`, operator: t`Operador` }
  return (
    <>
      <PageHeader title={<Trans>Configurações</Trans>} />
      <Paper withBorder p="lg" maw={720}>
        <SimpleGrid cols={{ base: 1, sm: 3 }} component="dl" m={0}>
          <Field label={<Trans>Usuário</Trans>} value={user?.username ?? '—'} />
          <Field label={<Trans>Empresa</Trans>} value={user?.company.name ?? '—'} />
          <Field label={<Trans>Papel</Trans>} value={user ? (roles[user.role] ?? user.role) : '—'} />
        </SimpleGrid>
      </Paper>
    </>
  )
}
