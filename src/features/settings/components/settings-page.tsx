import { Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core'
import { Trans, useLingui } from '@lingui/react/macro'
import type { ReactNode } from 'react'
import { useSession } from '../../../lib/session'
import { PageHeader } from '../../../components/page-header'
import { CompanyLogoSection } from './company-logo-section'
import { PasswordForm } from './password-form'
import { PreferencesSection } from './preferences-section'

function Section({ id, title, children }: { id: string; title: ReactNode; children: ReactNode }) {
  return (
    <Paper withBorder p="lg" maw={960} mt="md" component="section" aria-labelledby={id}>
      <Title order={2} size="h4" mb="sm" id={id}>
        {title}
      </Title>
      {children}
    </Paper>
  )
}

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

/**
 * SPEC 2.13: the signed-in user's username, company and role; SPEC 2.13: my preferences (language, theme, default
 * printer), my password, and the company's logo (admins change it).
 */
export function SettingsPage() {
  const { t } = useLingui()
  const { user } = useSession()
  const roles: Record<string, string> = { admin: t`Administrador`, supervisor: t`Supervisor`, operator: t`Operador` }
  return (
    <>
      <PageHeader title={<Trans>Configurações</Trans>} />
      <Paper withBorder p="lg" maw={960}>
        <SimpleGrid cols={{ base: 1, sm: 3 }} component="dl" m={0}>
          <Field label={<Trans>Usuário</Trans>} value={user?.username ?? '—'} />
          <Field label={<Trans>Empresa</Trans>} value={user?.company.name ?? '—'} />
          <Field label={<Trans>Papel</Trans>} value={user ? (roles[user.role] ?? user.role) : '—'} />
        </SimpleGrid>
      </Paper>
      <Section id="settings-preferences-title" title={<Trans>Preferências</Trans>}>
        <PreferencesSection />
      </Section>
      <Section id="settings-password-title" title={<Trans>Senha</Trans>}>
        <PasswordForm />
      </Section>
      <Section id="settings-logo-title" title={<Trans>Logotipo da empresa</Trans>}>
        <CompanyLogoSection editable={user?.role === 'admin'} />
      </Section>
    </>
  )
}
