import { Alert, Button, Stack, Text } from '@mantine/core'
import { IconAlertTriangle, IconFileUnknown } from '@tabler/icons-react'
import { Trans, useLingui } from '@lingui/react/macro'
import { ApiError, apiErrorText } from '../lib/api-client'

/**
 * A detail page whose record could not be read, said the same way on every page (docs/requirements.md §2.3). The API
 * answers 404 both for an id nobody has and for another company's: 'Registro não encontrado.', nothing to retry. Any
 * other failure gives its reason, with a retry where the page can make one.
 */
export function LoadFailure({ error, status, reason, onRetry }: { error?: unknown; status?: number; reason?: string | null; onRetry?: () => void }) {
  const { t } = useLingui()
  const code = status ?? (error instanceof ApiError ? error.status : undefined)
  if (code === 404)
    return (
      <Alert color="yellow" role="alert" icon={<IconFileUnknown size={18} aria-hidden />} title={t`Registro não encontrado.`}>
        <Trans>Ele não existe ou não pertence à sua empresa.</Trans>
      </Alert>
    )
  return (
    <Alert color="red" role="alert" icon={<IconAlertTriangle size={18} aria-hidden />} title={t`Não foi possível carregar.`}>
      <Stack gap="xs" align="flex-start">
        <Text size="sm">{reason ?? (error === undefined ? null : apiErrorText(error)) ?? t`Erro ao carregar dados.`}</Text>
        {onRetry ? (
          <Button size="xs" variant="light" onClick={onRetry}>
            <Trans>Tentar novamente</Trans>
          </Button>
        ) : null}
      </Stack>
    </Alert>
  )
}
