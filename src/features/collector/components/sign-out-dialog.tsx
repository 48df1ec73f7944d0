import { Button, Modal, Stack, Text } from '@mantine/core'
import { Plural, Trans, useLingui } from '@lingui/react/macro'

/**
 * Signing out with unsent commands (SPEC 11.1): a warning, never a loss. The commands stay on the device and go when
 * their operator signs in again here.
 */
export function SignOutDialog({ unsent, opened, onCancel, onConfirm }: { unsent: number; opened: boolean; onCancel: () => void; onConfirm: () => void }) {
  const { t } = useLingui()
  return (
    <Modal opened={opened} onClose={onCancel} title={t`Sair com comandos não enviados?`} centered size="sm">
      <Stack gap="md">
        <Text>
          <Plural value={unsent} one="# comando ainda não foi enviado ao servidor." other="# comandos ainda não foram enviados ao servidor." />{' '}
          <Trans>Eles ficam guardados neste aparelho e serão enviados quando você entrar de novo.</Trans>
        </Text>
        <Button size="lg" h={56} color="var(--collector-accent)" onClick={onCancel} data-autofocus>
          <Trans>Continuar conectado</Trans>
        </Button>
        <Button size="lg" h={56} variant="outline" color="var(--collector-bad)" onClick={onConfirm}>
          <Trans>Sair mesmo assim</Trans>
        </Button>
      </Stack>
    </Modal>
  )
}
