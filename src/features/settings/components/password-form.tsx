import { useState } from 'react'
import { Alert, Button, Group, PasswordInput, SimpleGrid, Stack } from '@mantine/core'
import { useForm } from '@mantine/form'
import { notifications } from '@mantine/notifications'
import { IconAlertTriangle } from '@tabler/icons-react'
import { Trans, useLingui } from '@lingui/react/macro'
import { useMutation } from '@tanstack/react-query'
import { apiErrorText, readDrfError } from '../../../lib/api-client'
import { PASSWORD_MIN_LENGTH } from '../../../../contracts/auth/auth.rules'
import { changePassword } from '../api/change-password'

interface PasswordValues {
  current_password: string
  new_password: string
  confirm: string
}

/** SPEC 2.13: change my own password; my other sessions end, this one stays. */
export function PasswordForm() {
  const { t } = useLingui()
  const [general, setGeneral] = useState<string | null>(null)
  const form = useForm<PasswordValues>({
    mode: 'controlled',
    initialValues: { current_password: '', new_password: '', confirm: '' },
    validate: {
      current_password: (v) => (v ? null : t`Informe a senha atual.`),
      new_password: (v) => (v.length >= PASSWORD_MIN_LENGTH ? null : t`Use pelo menos ${PASSWORD_MIN_LENGTH} caracteres.`),
      confirm: (v, values) => (v === values.new_password ? null : t`As senhas não conferem.`),
    },
  })
  const save = useMutation({
    mutationFn: (v: PasswordValues) => changePassword({ current_password: v.current_password, new_password: v.new_password }),
    onMutate: () => setGeneral(null),
    onSuccess: () => {
      form.reset()
      notifications.show({ color: 'green', message: t`Senha alterada. As suas outras sessões foram encerradas.`, closeButtonProps: { 'aria-label': t`Fechar` } })
    },
    onError: (error) => {
      // the server's words on their fields; what was typed stays
      const drf = readDrfError(error)
      const known = ['current_password', 'new_password'] as const
      for (const field of known) if (drf.fieldErrors[field]) form.setFieldError(field, drf.fieldErrors[field].join(' '))
      if (!known.some((f) => drf.fieldErrors[f])) setGeneral(apiErrorText(error) ?? t`Não foi possível alterar a senha.`)
    },
  })
  return (
    <form onSubmit={form.onSubmit((v) => save.mutate(v))} noValidate aria-label={t`Alterar minha senha`}>
      <Stack gap="md">
        {general ? (
          <Alert color="red" variant="light" role="alert" icon={<IconAlertTriangle size={18} aria-hidden />}>
            {general}
          </Alert>
        ) : null}
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <PasswordInput label={t`Senha atual`} autoComplete="current-password" required key={form.key('current_password')} {...form.getInputProps('current_password')} />
          <PasswordInput
            label={t`Nova senha`}
            description={t`Pelo menos ${PASSWORD_MIN_LENGTH} caracteres.`}
            autoComplete="new-password"
            required
            inputWrapperOrder={['label', 'input', 'description', 'error']}
            key={form.key('new_password')}
            {...form.getInputProps('new_password')}
          />
          <PasswordInput label={t`Confirme a nova senha`} autoComplete="new-password" required key={form.key('confirm')} {...form.getInputProps('confirm')} />
        </SimpleGrid>
        <Group justify="flex-end">
          <Button type="submit" loading={save.isPending}>
            <Trans>Alterar senha</Trans>
          </Button>
        </Group>
      </Stack>
    </form>
  )
}
