import { useState } from 'react'
import { Alert, Box, Button, FileButton, Group, Image, SimpleGrid, Stack, Text } from '@mantine/core'
import { notifications } from '@mantine/notifications'
import { IconTrash, IconUpload } from '@tabler/icons-react'
import { Trans, useLingui } from '@lingui/react/macro'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { apiErrorText } from '../../../lib/api-client'
import { companyLogoImageQueryOptions, companyLogoKeys, companyLogoQueryOptions } from '../../../lib/company-logo'
import { LOGO_MAX_BYTES, LOGO_TYPES, type LogoVariant } from '../../../../contracts/master-data/company-logo.rules'
import { removeCompanyLogo, uploadCompanyLogo } from '../api/company-logo'

function readAsDataUrl(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader()
    reader.onload = () => resolve(String(reader.result))
    reader.onerror = () => reject(reader.error ?? new Error('unreadable file'))
    reader.readAsDataURL(file)
  })
}

function Variant({ variant, editable }: { variant: LogoVariant; editable: boolean }) {
  const { t } = useLingui()
  const queryClient = useQueryClient()
  const info = useQuery(companyLogoQueryOptions())
  const file = info.data?.[variant] ?? null
  const image = useQuery({ ...companyLogoImageQueryOptions(variant, file?.updated_at ?? ''), enabled: file !== null })
  const [error, setError] = useState<string | null>(null)
  const kb = LOGO_MAX_BYTES / 1024
  const done = () => void queryClient.invalidateQueries({ queryKey: companyLogoKeys.info() })
  const upload = useMutation({
    mutationFn: async (f: File) => uploadCompanyLogo(variant, { type: f.type, data: await readAsDataUrl(f) }),
    onMutate: () => setError(null),
    onSuccess: (saved) => {
      queryClient.setQueryData(companyLogoKeys.info(), saved)
      notifications.show({ color: 'green', message: t`Logotipo salvo.`, closeButtonProps: { 'aria-label': t`Fechar` } })
    },
    onError: (e) => setError(apiErrorText(e) ?? t`Não foi possível enviar o logotipo.`),
  })
  const remove = useMutation({
    mutationFn: () => removeCompanyLogo(variant),
    onMutate: () => setError(null),
    onSuccess: done,
    onError: (e) => setError(apiErrorText(e) ?? t`Não foi possível remover o logotipo.`),
  })
  const pick = (f: File | null) => {
    if (!f) return
    // the server checks too; this spares sending a file it would refuse
    if (!(LOGO_TYPES as readonly string[]).includes(f.type)) return setError(t`Envie uma imagem PNG, SVG ou JPEG.`)
    if (f.size > LOGO_MAX_BYTES) return setError(t`O logotipo deve ter no máximo ${kb} KB.`)
    upload.mutate(f)
  }
  const title = variant === 'light' ? t`Tema claro` : t`Tema escuro`
  return (
    <Stack gap="xs" component="section" aria-label={title}>
      <Text size="sm" fw={500}>
        {title}
      </Text>
      <Box
        p="sm"
        h={72}
        style={{
          borderRadius: 'var(--mantine-radius-sm)',
          border: '1px solid var(--mantine-color-default-border)',
          // each variant on the background it is made for
          background: variant === 'light' ? '#ffffff' : '#1a1b1e',
          display: 'flex',
          alignItems: 'center',
        }}
      >
        {image.data ? (
          <Image src={image.data} alt={t`Logotipo atual (${title})`} h={44} w="auto" fit="contain" />
        ) : (
          <Text size="sm" c={variant === 'light' ? '#495057' : '#ced4da'}>
            {variant === 'dark' && info.data?.light ? <Trans>Nenhum: o do tema claro é usado.</Trans> : <Trans>Nenhum logotipo enviado.</Trans>}
          </Text>
        )}
      </Box>
      {error ? (
        <Alert color="red" variant="light" role="alert">
          {error}
        </Alert>
      ) : null}
      <Group gap="xs">
        <FileButton onChange={pick} accept={LOGO_TYPES.join(',')} disabled={!editable}>
          {(props) => (
            <Button {...props} size="xs" variant="default" leftSection={<IconUpload size={14} aria-hidden />} loading={upload.isPending} disabled={!editable}>
              {file ? t`Substituir (${title})` : t`Enviar (${title})`}
            </Button>
          )}
        </FileButton>
        {file ? (
          <Button size="xs" variant="subtle" color="red" leftSection={<IconTrash size={14} aria-hidden />} onClick={() => remove.mutate()} loading={remove.isPending} disabled={!editable}>
            {t`Remover (${title})`}
          </Button>
        ) : null}
      </Group>
    </Stack>
  )
}

/** SPEC 2.13, SPEC 1: the company's logo in the header, light and dark; admins change it, everyone sees it. */
export function CompanyLogoSection({ editable }: { editable: boolean }) {
  const kb = LOGO_MAX_BYTES / 1024
  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed">
        <Trans>Aparece no cabeçalho, ao lado do logotipo do produto. PNG, SVG ou JPEG, até {kb} KB.</Trans>
      </Text>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <Variant variant="light" editable={editable} />
        <Variant variant="dark" editable={editable} />
      </SimpleGrid>
      {editable ? null : (
        <Text size="sm" c="dimmed">
          <Trans>Requer administrador: somente administradores alteram o logotipo.</Trans>
        </Text>
      )}
    </Stack>
  )
}
