import { useState } from 'react'
import { Alert, Button, Group, Select, Stack, Text } from '@mantine/core'
import { notifications } from '@mantine/notifications'
import { IconAlertTriangle, IconCircleCheck } from '@tabler/icons-react'
import { Trans, useLingui } from '@lingui/react/macro'
import { useMutation, useQuery } from '@tanstack/react-query'
import { apiErrorText } from '../../../lib/api-client'
import { preferencesQueryOptions } from '../../../lib/user-preferences'
import { labelPrintersQueryOptions } from '../api/get-label-printers'
import { printPalletLabel } from '../api/print-pallet-label'
import classes from './new-sscc-label.module.css'

/**
 * After a split that gave the part moved away a new SSCC (ADR 0018): its label, offered on the spot on the user's
 * printer (their default preselected), so the number on the ledger is on the goods before anyone walks away.
 */
export function NewSsccLabel({ sscc, palletCode, to, onDone }: { sscc: string; palletCode: string; to: string; onDone: () => void }) {
  const { t } = useLingui()
  const printers = useQuery(labelPrintersQueryOptions())
  const prefs = useQuery(preferencesQueryOptions())
  const [chosen, setChosen] = useState<string | null>(null)
  const preferred = prefs.data?.default_printer?.id
  const fallback = preferred !== undefined && printers.data?.some((p) => p.id === preferred) ? String(preferred) : printers.data?.length === 1 ? String(printers.data[0].id) : null
  const printer = chosen ?? fallback
  const print = useMutation({
    mutationFn: () => printPalletLabel(palletCode, Number(printer)),
    onSuccess: () => {
      notifications.show({ color: 'green', message: t`Etiqueta do SSCC ${sscc} enviada para a impressora.`, closeButtonProps: { 'aria-label': t`Fechar` } })
      onDone()
    },
  })
  const error = print.error ? apiErrorText(print.error) : null
  return (
    <Stack gap="md">
      <Alert color="green" variant="light" icon={<IconCircleCheck size={18} aria-hidden />} title={t`Estoque movido para ${to}.`} classNames={{ title: classes.title }}>
        <Trans>A parte movida recebeu um novo SSCC:</Trans>{' '}
        <Text span fw={700} ff="monospace" data-testid="new-sscc">
          {sscc}
        </Text>
        . <Trans>Imprima a etiqueta agora e cole-a na unidade.</Trans>
      </Alert>
      {error ? (
        <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} aria-hidden />} role="alert" title={t`A etiqueta não foi impressa.`}>
          {error}
        </Alert>
      ) : null}
      <Select
        label={t`Impressora`}
        placeholder={printers.isPending ? t`Carregando...` : t`Escolha uma impressora`}
        data={(printers.data ?? []).map((p) => ({ value: String(p.id), label: p.name }))}
        value={printer}
        onChange={setChosen}
        nothingFoundMessage={t`Nenhuma impressora cadastrada.`}
        allowDeselect={false}
      />
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={onDone} disabled={print.isPending}>
          <Trans>Fechar sem imprimir</Trans>
        </Button>
        <Button onClick={() => print.mutate()} loading={print.isPending} disabled={printer === null}>
          <Trans>Imprimir etiqueta</Trans>
        </Button>
      </Group>
    </Stack>
  )
}
