import { useState, type FormEvent, type KeyboardEvent } from 'react'
import { Alert, Button, Checkbox, Group, Loader, SimpleGrid, Stack, Text, TextInput } from '@mantine/core'
import { IconAlertTriangle, IconArrowsMove, IconScan, IconSearch } from '@tabler/icons-react'
import { Trans, useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { JsonView } from '../../../components/json-view'
import { apiErrorText } from '../../../lib/api-client'
import { getScanKindLabel } from '../scan-kind'
import { scanQueryOptions } from '../api/get-scan'
import { ScanResultCard } from './scan-result-card'
import { StockActionModal, type StockAction } from './stock-action-modal'

/** SPEC 2.5: look up a product, lot or pallet code and show each product's total. */
export function ScanPage() {
  const { t, i18n } = useLingui()
  const [text, setText] = useState('')
  const [auto, setAuto] = useState(true)
  const [code, setCode] = useState('')
  const [action, setAction] = useState<StockAction | null>(null)
  const scan = useQuery({ ...scanQueryOptions(code), enabled: code !== '' })

  const trimmed = text.trim()
  const submit = (event?: FormEvent) => {
    event?.preventDefault()
    if (!trimmed) return
    if (trimmed === code) void scan.refetch()
    else setCode(trimmed)
  }
  // SPEC 2.5: with 'Auto (Enter)' off, Enter does not search; the button does
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter' && !auto) event.preventDefault()
  }

  const data = scan.data
  const results = data?.results ?? []
  const maxQty = results.reduce((max, result) => Math.max(max, Number(result.total_qty) || 0), 0)
  const searched = data?.code ?? code
  const found = results.length
  // issue 15: a pallet found by its code (or SSCC) can be moved from here, whole
  const palletLine = data?.kind === 'pallet' ? results.flatMap((result) => result.lines).find((line) => line.pallet_code ?? line.sscc) : undefined
  const palletCode = palletLine ? (palletLine.pallet_code ?? palletLine.sscc) : null

  return (
    <Stack gap="md">
      <form onSubmit={submit} role="search" aria-label={t`Scan`}>
        <Group align="flex-end" gap="sm" wrap="wrap">
          <TextInput
            label={t`Produto, lote ou palete`}
            placeholder={t`Leia ou digite um código`}
            value={text}
            onChange={(event) => setText(event.currentTarget.value)}
            onKeyDown={onKeyDown}
            leftSection={<IconScan size={16} aria-hidden />}
            autoFocus
            autoComplete="off"
            spellCheck={false}
            maxLength={128}
            w={{ base: '100%', sm: 380 }}
          />
          <Button type="submit" disabled={!trimmed} leftSection={<IconSearch size={16} aria-hidden />} loading={scan.isFetching}>
            <Trans>Buscar</Trans>
          </Button>
          <Checkbox label={t`Auto (Enter)`} checked={auto} onChange={(event) => setAuto(event.currentTarget.checked)} mb={8} />
        </Group>
      </form>

      {scan.isError ? (
        <Alert color="red" icon={<IconAlertTriangle size={18} aria-hidden />} role="alert">
          {apiErrorText(scan.error) ?? <Trans>Erro ao consultar.</Trans>}
        </Alert>
      ) : null}

      {code && scan.isPending ? (
        <Group gap="xs">
          <Loader size="sm" aria-hidden />
          <Text size="sm" c="dimmed">
            <Trans>Consultando...</Trans>
          </Text>
        </Group>
      ) : null}

      {data ? (
        <Stack gap="sm" aria-live="polite">
          {results.length === 0 ? (
            <Text c="dimmed">
              <Trans>Nada encontrado para {searched}.</Trans>
            </Text>
          ) : (
            <>
              <Text size="sm" c="dimmed">
                {data.kind ? getScanKindLabel(data.kind, i18n) : null}
                {data.kind ? ' · ' : null}
                {found === 1 ? <Trans>1 produto</Trans> : <Trans>{found} produtos</Trans>}
              </Text>
              {palletLine ? (
                <Group>
                  <Button leftSection={<IconArrowsMove size={16} aria-hidden />} onClick={() => setAction({ kind: 'move-pallet', line: palletLine })}>
                    <Trans>Mover palete {palletCode}</Trans>
                  </Button>
                  <Text size="sm" c="dimmed">
                    <Trans>Em {palletLine.location.code}</Trans>
                  </Text>
                </Group>
              ) : null}
              {data.truncated ? (
                <Alert color="yellow" variant="light">
                  <Trans>Muitas linhas: a lista de linhas foi cortada, mas os totais contam todas.</Trans>
                </Alert>
              ) : null}
              <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="sm">
                {results.map((result) => (
                  <ScanResultCard key={result.product.id} result={result} maxQty={maxQty} />
                ))}
              </SimpleGrid>
            </>
          )}
          <JsonView data={data} />
        </Stack>
      ) : null}
      <StockActionModal action={action} onClose={() => setAction(null)} />
    </Stack>
  )
}
