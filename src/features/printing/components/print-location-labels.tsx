import { useEffect, useState } from 'react'
import { Alert, Button, Checkbox, Group, Modal, NumberInput, Select, Stack, Text } from '@mantine/core'
import { useForm } from '@mantine/form'
import { notifications } from '@mantine/notifications'
import { IconPrinter } from '@tabler/icons-react'
import { Trans, useLingui } from '@lingui/react/macro'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { apiErrorText, readDrfError } from '../../../lib/api-client'
import { MAX_LABEL_BATCH, PRINT_COPIES } from '../../../../contracts/printing/printing.rules'
import { printLocationLabels } from '../api/print-location-labels'
import { printersQueryOptions } from '../api/get-printers'
import { preferencesQueryOptions } from '../../../lib/user-preferences'
import { printingKeys } from '../printing-query-keys'

/**
 * SPEC 12.3: the labels of every location the list shows (its search; all of them when blank), in one batch, from the
 * locations list. Anyone who prints labels may (the server decides); one job per label, visible in Impressão.
 */
export function PrintLocationLabelsButton({ search, count }: { search: string | undefined; count: number }) {
  const [open, setOpen] = useState(false)
  return (
    <>
      <Button size="xs" variant="default" leftSection={<IconPrinter size={14} aria-hidden />} disabled={count === 0} onClick={() => setOpen(true)}>
        <Trans>Imprimir etiquetas</Trans>
      </Button>
      {open ? <PrintLocationLabelsModal search={search} count={count} onClose={() => setOpen(false)} /> : null}
    </>
  )
}

function PrintLocationLabelsModal({ search, count, onClose }: { search: string | undefined; count: number; onClose: () => void }) {
  const { t, i18n } = useLingui()
  const queryClient = useQueryClient()
  const printers = useQuery(printersQueryOptions())
  const prefs = useQuery(preferencesQueryOptions())
  const [formError, setFormError] = useState<string | null>(null)
  const form = useForm<{ printer: string | null; copies: number | string }>({
    mode: 'controlled',
    initialValues: { printer: null, copies: 1 },
    validate: {
      printer: (v) => (v ? null : t`Escolha a impressora.`),
      copies: (v) => (typeof v === 'number' && Number.isInteger(v) && v >= PRINT_COPIES.min && v <= PRINT_COPIES.max ? null : t`Informe de 1 a 50 cópias.`),
    },
  })
  // SPEC 2.13: the user's default printer comes preselected, unless one was already chosen
  const preferred = prefs.data?.default_printer?.id
  useEffect(() => {
    if (preferred !== undefined && form.getValues().printer === null) form.setFieldValue('printer', String(preferred))
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the form object is stable; run when the preference arrives
  }, [preferred])
  const print = useMutation({
    mutationFn: (v: { printer: string | null; copies: number | string }) => printLocationLabels({ printer: Number(v.printer), copies: Number(v.copies), search: search ?? '' }),
    onMutate: () => setFormError(null),
    onSuccess: ({ jobs, first, last }) => {
      void queryClient.invalidateQueries({ queryKey: printingKeys.all })
      const n = i18n.number(jobs)
      notifications.show({ color: 'green', message: t`${n} etiquetas na fila de impressão, de ${first} a ${last}.`, closeButtonProps: { 'aria-label': t`Fechar` } })
      onClose()
    },
    onError: (error) => {
      const drf = readDrfError(error)
      if (drf.fieldErrors.printer) form.setFieldError('printer', drf.fieldErrors.printer.join(' '))
      if (drf.fieldErrors.copies) form.setFieldError('copies', drf.fieldErrors.copies.join(' '))
      if (!drf.fieldErrors.printer && !drf.fieldErrors.copies) setFormError(apiErrorText(error) ?? t`Não foi possível imprimir.`)
    },
  })
  const title = t`Imprimir etiquetas de localizações`
  const total = i18n.number(count)
  const term = search?.trim() ?? ''
  const limit = i18n.number(MAX_LABEL_BATCH)
  // ADR 0004 (amendment on rendering): one request prints at most MAX_LABEL_BATCH labels, and every location only
  // after the user confirms it with the count in front of them
  const tooMany = count > MAX_LABEL_BATCH
  const everything = term === ''
  const [confirmed, setConfirmed] = useState(false)
  return (
    <Modal opened onClose={onClose} title={title} closeButtonProps={{ 'aria-label': t`Fechar` }}>
      <form onSubmit={form.onSubmit((v) => print.mutate(v))} noValidate aria-label={title}>
        <Stack gap="md">
          <Text size="sm">
            {term ? <Trans>Uma etiqueta para cada uma das {total} localizações encontradas por “{term}”.</Trans> : <Trans>Uma etiqueta para cada uma das {total} localizações.</Trans>}
          </Text>
          {tooMany ? (
            <Alert color="yellow" variant="light" role="alert">
              <Trans>Uma impressão aceita no máximo {limit} etiquetas. Refine a busca da lista para imprimir em lotes de até {limit}.</Trans>
            </Alert>
          ) : everything ? (
            <Checkbox
              checked={confirmed}
              onChange={(e) => setConfirmed(e.currentTarget.checked)}
              label={<Trans>Sim, imprimir as etiquetas de todas as {total} localizações.</Trans>}
            />
          ) : null}
          {formError ? (
            <Alert color="red" variant="light" role="alert">
              {formError}
            </Alert>
          ) : null}
          <Select
            label={t`Impressora`}
            required
            allowDeselect={false}
            data={(printers.data ?? []).map((p) => ({ value: String(p.id), label: p.name }))}
            key={form.key('printer')}
            {...form.getInputProps('printer')}
          />
          <NumberInput label={t`Cópias`} min={PRINT_COPIES.min} max={PRINT_COPIES.max} allowDecimal={false} key={form.key('copies')} {...form.getInputProps('copies')} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              <Trans>Cancelar</Trans>
            </Button>
            <Button type="submit" loading={print.isPending} disabled={tooMany || (everything && !confirmed)} leftSection={<IconPrinter size={14} aria-hidden />}>
              <Trans>Imprimir</Trans>
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  )
}
