import { useMemo } from 'react'
import { Box, Center, Image, Loader, Stack, Text } from '@mantine/core'
import { useDebouncedValue } from '@mantine/hooks'
import { Trans, useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { isValidLabelId, type LabelKind, type LabelPrinter } from '../../../../machines/label-print/label-print.machine'
import { ApiError, apiErrorText } from '../../../lib/api-client'
import { labelPreviewQueryOptions } from '../api/get-label-preview'

// the preview follows the ID field as the search does (SPEC 9: 350 ms)
const PREVIEW_DEBOUNCE_MS = 350

/**
 * The label as it will print (ADR 0004): the server renders it from the same model it sends the
 * printer as ZPL, at the chosen printer's size and resolution. Shown only for an ID valid for the
 * type; a previous label is never left on screen for another ID.
 */
export function LabelPreview({ kind, id, printer }: { kind: LabelKind; id: string; printer: LabelPrinter | null }) {
  const { t } = useLingui()
  const [settledId] = useDebouncedValue(id, PREVIEW_DEBOUNCE_MS)
  const current = settledId === id && isValidLabelId(kind, id)
  const query = useQuery({ ...labelPreviewQueryOptions(kind, settledId, printer?.id ?? null), enabled: current })
  const src = useMemo(() => (query.data ? `data:image/svg+xml;charset=utf-8,${encodeURIComponent(query.data)}` : null), [query.data])

  const printerName = printer?.name
  const dpi = printer?.resolution
  let body
  if (!isValidLabelId(kind, id)) {
    body = (
      <Text size="sm" c="dimmed" ta="center">
        <Trans>Informe um ID válido para ver a etiqueta.</Trans>
      </Text>
    )
  } else if (!current || query.isPending) {
    body = <Loader size="sm" role="status" aria-label={t`Carregando a etiqueta`} />
  } else if (query.isError) {
    const notFound = query.error instanceof ApiError && query.error.status === 404
    body = (
      <Text size="sm" c="var(--mantine-color-error)" ta="center" role="alert">
        {notFound
          ? kind === 'location'
            ? t`Nenhuma localização com o ID ${id}.`
            : t`Nenhum palete com o código ${id}.`
          : (apiErrorText(query.error) ?? t`Erro ao carregar a etiqueta.`)}
      </Text>
    )
  } else {
    body = (
      <Stack gap={6} align="center" w="100%">
        <Box
          p={6}
          bg="white"
          style={{ border: '1px solid var(--mantine-color-default-border)', borderRadius: 4, maxWidth: '100%' }}
        >
          <Image src={src} alt={t`Etiqueta de ${id}`} fit="contain" mah={440} maw="100%" w="auto" />
        </Box>
        {printerName ? (
          <Text size="xs" c="dimmed">
            {dpi ? t`Como sairá em ${printerName} (${dpi} dpi)` : t`Como sairá em ${printerName}`}
          </Text>
        ) : null}
      </Stack>
    )
  }

  return (
    <Center mih={220} aria-live="polite" aria-busy={query.isFetching}>
      {body}
    </Center>
  )
}
