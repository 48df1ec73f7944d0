import { Checkbox, SimpleGrid, TextInput } from '@mantine/core'
import type { UseFormReturnType } from '@mantine/form'
import type { I18n } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { useLingui } from '@lingui/react/macro'
import { EVENT_TYPES, WEBHOOK_URL_MAX, type EventType } from '../../../../contracts/integrations/webhooks.rules'
import { ApiError, readDrfError } from '../../../lib/api-client'
import { EVENT_TYPE_LABELS } from '../webhook-labels'

export type WebhookFormValues = { url: string; event_types: EventType[]; enabled: boolean }

/** The client's own checks; the server checks the address again (scheme, credentials, private networks: ADR 0020). */
export function webhookValidation(i18n: I18n) {
  return {
    url: (v: string) => (/^https?:\/\/\S+$/i.test(v.trim()) ? null : i18n._(msg`Informe um endereço http:// ou https://.`)),
    event_types: (v: EventType[]) => (v.length ? null : i18n._(msg`Escolha pelo menos um evento.`)),
  }
}

/**
 * A refused save: the server's 400 on `url` or `event_types` goes on its field (already in the user's language,
 * ADR 0015); true when it did, so the caller shows anything else in a notification.
 */
export function showFieldErrors(form: UseFormReturnType<WebhookFormValues>, error: unknown): boolean {
  if (!(error instanceof ApiError) || error.status !== 400) return false
  const { fieldErrors } = readDrfError(error.data)
  const errors = Object.fromEntries(Object.entries(fieldErrors).map(([field, messages]) => [field, messages.join(' ')]))
  if (!Object.keys(errors).length) return false
  form.setErrors(errors)
  return true
}

/** The URL and the event types, shared by the create form and the edit dialog. */
export function WebhookFields({ form }: { form: UseFormReturnType<WebhookFormValues> }) {
  const { t, i18n } = useLingui()
  return (
    <>
      <TextInput
        label={t`URL de destino`}
        description={t`O endereço que recebe um POST assinado a cada evento.`}
        placeholder="https://erp.example.com/wms/webhooks"
        required
        maxLength={WEBHOOK_URL_MAX}
        {...form.getInputProps('url')}
      />
      <Checkbox.Group label={t`Eventos`} description={t`A assinatura recebe somente os eventos marcados.`} required {...form.getInputProps('event_types')}>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing={6} verticalSpacing={6} mt={6}>
          {EVENT_TYPES.map((type) => (
            <Checkbox key={type} value={type} label={i18n._(EVENT_TYPE_LABELS[type])} description={type} />
          ))}
        </SimpleGrid>
      </Checkbox.Group>
    </>
  )
}
