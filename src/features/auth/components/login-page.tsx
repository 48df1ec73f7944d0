import { useState, type FormEvent } from 'react'
import { Button, Center, Checkbox, Group, Image, Paper, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core'
import { IconAlertCircle } from '@tabler/icons-react'
import { Trans, useLingui } from '@lingui/react/macro'
import { LoginFailure, useSession } from '../../../lib/session'
import type { LoginError, User } from '../../../lib/session-types'
import { LanguageSelect } from '../../../components/language-select'
import productLogoUrl from '../../../assets/movatic-logo.svg'

interface LoginValues {
  username: string
  password: string
  remember: boolean
}

type LoginFieldErrors = Partial<Record<'username' | 'password', string>>

function LoginErrorMessage({ error }: { error: LoginError }) {
  switch (error.kind) {
    case 'invalid':
      return <Trans>Usuário ou senha inválidos.</Trans>
    case 'network':
      return <Trans>Não consegui conectar ao backend. Verifique se o servidor está em execução e tente novamente.</Trans>
    case 'throttled': {
      const seconds = error.retryAfter
      return seconds ? (
        <Trans>Muitas tentativas de login. Aguarde {seconds} segundos e tente novamente.</Trans>
      ) : (
        <Trans>Muitas tentativas de login. Aguarde um momento e tente novamente.</Trans>
      )
    }
    case 'server':
      return error.text ? <>{error.text}</> : <Trans>Falha no login. Verifique sua conexão e tente novamente.</Trans>
  }
}

/** SPEC 2.2, 5, 8: the login screen. `onSignedIn` takes the user where they were going. */
export function LoginPage({ onSignedIn }: { onSignedIn: (user: User | null) => void }) {
  const { t } = useLingui()
  const { login } = useSession()
  const [submitting, setSubmitting] = useState(false)
  const [error, setError] = useState<LoginError | null>(null)
  const [passwordVisible, setPasswordVisible] = useState(false)
  // Plain state rather than @mantine/form: this page is the first load, and two fields need no form library
  const [values, setValues] = useState<LoginValues>({ username: '', password: '', remember: true })
  const [fieldErrors, setFieldErrors] = useState<LoginFieldErrors>({})

  const setField = <K extends keyof LoginValues>(field: K, value: LoginValues[K]) => {
    setValues((current) => ({ ...current, [field]: value }))
    // an error goes away as soon as its field changes
    if (field === 'username' || field === 'password') setFieldErrors((current) => ({ ...current, [field]: undefined }))
  }

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const errors: LoginFieldErrors = {}
    if (values.username.trim() === '') errors.username = t`Informe o usuário`
    if (values.password === '') errors.password = t`Informe a senha`
    setFieldErrors(errors)
    if (errors.username || errors.password) return
    setSubmitting(true)
    setError(null)
    try {
      onSignedIn(await login(values.username.trim(), values.password, values.remember))
    } catch (failure) {
      setError(failure instanceof LoginFailure ? failure : { kind: 'server' })
      setSubmitting(false)
    }
  }

  return (
    <Center mih="100vh" p="md" bg="var(--mantine-color-gray-light)">
      <Paper withBorder shadow="sm" p="xl" radius="md" w="100%" maw={420} component="main">
        <Group justify="space-between" mb="lg" wrap="nowrap">
          <Group gap="xs" wrap="nowrap">
            <Image src={productLogoUrl} alt="" w={36} h={36} />
            <Text fw={700}>Movatic WMS</Text>
          </Group>
          <LanguageSelect />
        </Group>
        <Title order={1} size="h2">
          <Trans>Entrar</Trans>
        </Title>
        <Text c="dimmed" size="sm" mb="lg">
          <Trans>Acesse o Movatic WMS</Trans>
        </Text>
        <form onSubmit={(event) => void submit(event)} noValidate>
          <Stack>
            {error ? (
              // Mantine's Alert look from parts the page already has (Alert and its CloseButton are 2 kB of /login's budget);
              // not loaded on demand: "the backend could not be reached" must show when nothing more can load
              <Paper role="alert" p="sm" radius="md" bg="var(--mantine-color-red-light)" c="var(--mantine-color-red-light-color)">
                <Group gap="xs" wrap="nowrap" align="flex-start">
                  <IconAlertCircle size={18} aria-hidden style={{ flexShrink: 0, marginTop: 2 }} />
                  <Text size="sm" c="inherit">
                    <LoginErrorMessage error={error} />
                  </Text>
                </Group>
              </Paper>
            ) : null}
            <TextInput
              label={t`Usuário`}
              autoComplete="username"
              autoFocus
              value={values.username}
              onChange={(event) => setField('username', event.currentTarget.value)}
              error={fieldErrors.username}
            />
            <PasswordInput
              label={t`Senha`}
              autoComplete="current-password"
              visible={passwordVisible}
              onVisibilityChange={setPasswordVisible}
              visibilityToggleFocusable
              visibilityToggleButtonProps={{
                'aria-label': passwordVisible ? t`Ocultar` : t`Mostrar`,
                style: { width: 'auto', paddingInline: 8 },
              }}
              visibilityToggleIcon={({ reveal }) => (
                <Text size="xs" fw={600} component="span" aria-hidden>
                  {reveal ? t`Ocultar` : t`Mostrar`}
                </Text>
              )}
              rightSectionWidth={80}
              value={values.password}
              onChange={(event) => setField('password', event.currentTarget.value)}
              error={fieldErrors.password}
            />
            <Checkbox
              label={t`Lembrar-me neste dispositivo`}
              checked={values.remember}
              onChange={(event) => setField('remember', event.currentTarget.checked)}
            />
            <Button type="submit" disabled={submitting} fullWidth>
              {submitting ? t`Entrando...` : t`Entrar`}
            </Button>
          </Stack>
        </form>
      </Paper>
    </Center>
  )
}
