import { useState } from 'react'
import { Alert, Button, Grid, Group, Modal, NumberInput, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core'
import { useForm } from '@mantine/form'
import { notifications } from '@mantine/notifications'
import { IconAlertTriangle } from '@tabler/icons-react'
import { Trans, useLingui } from '@lingui/react/macro'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { apiErrorText, readDrfError } from '../../../lib/api-client'
import { printersQueryOptions } from '../api/get-printers'
import { createPrinter } from '../api/create-printer'
import { updatePrinter } from '../api/update-printer'
import { printingKeys } from '../printing-query-keys'
import { isValidPrinterHost, PRINTER_DEFAULTS, PRINTER_LIMITS, PRINTER_RESOLUTIONS, type Printer, type PrinterInput, type PrinterResolution } from '../printing-types'
import classes from './error-contrast.module.css'

interface PrinterFormValues {
  name: string
  host: string
  port: number | string
  resolution: string
  labelWidth: number | string
  labelHeight: number | string
}

/** The API's field names, and the form field each one shows on. */
const FIELDS: Record<keyof PrinterInput, keyof PrinterFormValues> = {
  name: 'name',
  host: 'host',
  port: 'port',
  resolution: 'resolution',
  label_width_mm: 'labelWidth',
  label_height_mm: 'labelHeight',
}

function initialValues(printer: Printer | null): PrinterFormValues {
  return {
    name: printer?.name ?? '',
    host: printer?.host ?? '',
    port: printer?.port ?? PRINTER_DEFAULTS.port,
    resolution: String(printer?.resolution ?? PRINTER_DEFAULTS.resolution),
    labelWidth: printer?.label_width_mm ?? PRINTER_DEFAULTS.label_width_mm,
    labelHeight: printer?.label_height_mm ?? PRINTER_DEFAULTS.label_height_mm,
  }
}

const isIntIn = (value: number | string, range: { min: number; max: number }) => typeof value === 'number' && Number.isInteger(value) && value >= range.min && value <= range.max

function toInput(values: PrinterFormValues): PrinterInput {
  return {
    name: values.name.trim(),
    host: values.host.trim(),
    port: Number(values.port),
    resolution: Number(values.resolution) as PrinterResolution,
    label_width_mm: Number(values.labelWidth),
    label_height_mm: Number(values.labelHeight),
  }
}

/** What an edit changes; the built-in virtual printer has no address to change. */
function changesOf(printer: Printer, input: PrinterInput): Partial<PrinterInput> {
  const editable = (Object.keys(FIELDS) as (keyof PrinterInput)[]).filter((key) => !(printer.is_virtual && (key === 'host' || key === 'port')))
  return Object.fromEntries(editable.filter((key) => input[key] !== printer[key]).map((key) => [key, input[key]]))
}

export interface PrinterFormModalProps {
  /** null: a new printer */
  printer: Printer | null
  onClose: () => void
}

/**
 * Add or edit a label printer. The rules are the server's, checked here first in the user's language; what the
 * server still refuses shows on its field, anything else above the form, and the form keeps what was typed.
 */
export function PrinterFormModal({ printer, onClose }: PrinterFormModalProps) {
  const { t } = useLingui()
  const name = printer?.name ?? ''
  return (
    <Modal opened onClose={onClose} title={printer ? t`Editar impressora ${name}` : t`Nova impressora`} size="lg" closeButtonProps={{ 'aria-label': t`Fechar` }}>
      <PrinterForm printer={printer} onDone={onClose} />
    </Modal>
  )
}

function PrinterForm({ printer, onDone }: { printer: Printer | null; onDone: () => void }) {
  const { t } = useLingui()
  const queryClient = useQueryClient()
  // a name is unique among the company's printers: all of them, not the table's page
  const all = useQuery(printersQueryOptions()).data ?? []
  const others = all.filter((other) => other.id !== printer?.id)
  const [formError, setFormError] = useState<string | null>(null)
  const isVirtual = printer?.is_virtual ?? false
  const { port, labelWidthMm, labelHeightMm } = PRINTER_LIMITS

  const form = useForm<PrinterFormValues>({
    mode: 'controlled',
    initialValues: initialValues(printer),
    validate: {
      name: (value) => {
        const trimmed = value.trim()
        if (trimmed === '') return t`Informe o nome da impressora.`
        if (trimmed.length > PRINTER_LIMITS.nameMax) return t`Use no máximo 200 caracteres.`
        if (others.some((other) => other.name === trimmed)) return t`Já existe uma impressora com este nome.`
        return null
      },
      host: (value) => {
        if (isVirtual) return null
        const trimmed = value.trim()
        if (trimmed === '') return t`Informe o endereço da impressora.`
        if (trimmed.length > PRINTER_LIMITS.hostMax || !isValidPrinterHost(trimmed)) return t`Use um nome de host (ex.: zebra-01.local) ou um endereço IP (ex.: 192.168.0.50).`
        return null
      },
      port: (value) => {
        const { min, max } = port
        return isVirtual || isIntIn(value, port) ? null : t`Informe uma porta de ${min} a ${max}.`
      },
      resolution: (value) => (PRINTER_RESOLUTIONS.some((dpi) => String(dpi) === value) ? null : t`Escolha 203 ou 300 dpi.`),
      labelWidth: (value) => {
        const { min, max } = labelWidthMm
        return isIntIn(value, labelWidthMm) ? null : t`Informe uma largura de ${min} a ${max} mm.`
      },
      labelHeight: (value) => {
        const { min, max } = labelHeightMm
        return isIntIn(value, labelHeightMm) ? null : t`Informe uma altura de ${min} a ${max} mm.`
      },
    },
  })

  const save = useMutation({
    mutationFn: async (input: PrinterInput): Promise<Printer | null> => {
      if (!printer) return createPrinter(input)
      const changes = changesOf(printer, input)
      return Object.keys(changes).length === 0 ? null : updatePrinter(printer.id, changes)
    },
    onMutate: () => setFormError(null),
    onSuccess: (saved) => {
      if (saved) {
        notifications.show({ color: 'green', message: printer ? t`Impressora salva.` : t`Impressora adicionada.`, closeButtonProps: { 'aria-label': t`Fechar` } })
        // the label form on /printing lists the printers, and a new size or resolution changes the previews
        void queryClient.invalidateQueries({ queryKey: printingKeys.printers() })
        void queryClient.invalidateQueries({ queryKey: printingKeys.previews() })
      }
      onDone()
    },
    onError: (error) => {
      const drf = readDrfError(error)
      const unplaced: string[] = []
      for (const [field, messages] of Object.entries(drf.fieldErrors)) {
        const key = FIELDS[field as keyof PrinterInput] as keyof PrinterFormValues | undefined
        // the virtual printer has no address fields to show an error on
        if (key && !(isVirtual && (key === 'host' || key === 'port'))) form.setFieldError(key, messages.join(' '))
        else unplaced.push(`${field}: ${messages.join(' ')}`)
      }
      const general = [drf.detail, ...drf.nonFieldErrors, ...unplaced].filter((m): m is string => Boolean(m))
      if (general.length > 0) setFormError(general.join(' '))
      else if (Object.keys(drf.fieldErrors).length === 0) setFormError(apiErrorText(error) ?? t`Não foi possível salvar a impressora.`)
    },
  })

  const submit = form.onSubmit((values) => save.mutate(toInput(values)))

  return (
    <form onSubmit={submit} noValidate aria-label={printer ? t`Editar impressora` : t`Nova impressora`} className={classes.root}>
      <Stack gap="md">
        {formError ? (
          <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} aria-hidden />} role="alert" title={t`Não foi possível salvar a impressora.`}>
            {formError}
          </Alert>
        ) : null}
        {/* three rows whose fields carry the same kind of label, so the inputs line up: name and dpi, address, label size */}
        <Grid>
          <Grid.Col span={{ base: 12, sm: 8 }}>
            <TextInput label={t`Nome`} required maxLength={PRINTER_LIMITS.nameMax} data-autofocus key={form.key('name')} {...form.getInputProps('name')} />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 4 }}>
            <Select
              label={t`Resolução`}
              allowDeselect={false}
              data={PRINTER_RESOLUTIONS.map((dpi) => ({ value: String(dpi), label: `${dpi} dpi` }))}
              key={form.key('resolution')}
              {...form.getInputProps('resolution')}
            />
          </Grid.Col>
        </Grid>
        {isVirtual ? (
          <Text size="sm" c="dimmed">
            <Trans>A impressora virtual é interna: as etiquetas ficam no servidor. O endereço e a porta não podem ser alterados.</Trans>
          </Text>
        ) : (
          <Grid>
            <Grid.Col span={{ base: 12, sm: 8 }}>
              <TextInput
                label={t`Endereço`}
                description={t`Nome de host ou IP na rede.`}
                placeholder={t`ex.: 192.168.0.50`}
                required
                maxLength={PRINTER_LIMITS.hostMax}
                autoComplete="off"
                spellCheck={false}
                key={form.key('host')}
                {...form.getInputProps('host')}
              />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 4 }}>
              <NumberInput
                label={t`Porta`}
                description={t`Em geral 9100.`}
                required
                min={port.min}
                max={port.max}
                allowDecimal={false}
                allowNegative={false}
                clampBehavior="none"
                hideControls
                key={form.key('port')}
                {...form.getInputProps('port')}
              />
            </Grid.Col>
          </Grid>
        )}
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <NumberInput
            label={t`Largura da etiqueta (mm)`}
            required
            min={labelWidthMm.min}
            max={labelWidthMm.max}
            allowDecimal={false}
            allowNegative={false}
            clampBehavior="none"
            key={form.key('labelWidth')}
            {...form.getInputProps('labelWidth')}
          />
          <NumberInput
            label={t`Altura da etiqueta (mm)`}
            required
            min={labelHeightMm.min}
            max={labelHeightMm.max}
            allowDecimal={false}
            allowNegative={false}
            clampBehavior="none"
            key={form.key('labelHeight')}
            {...form.getInputProps('labelHeight')}
          />
        </SimpleGrid>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onDone} disabled={save.isPending}>
            <Trans>Cancelar</Trans>
          </Button>
          <Button type="submit" loading={save.isPending}>
            <Trans>Salvar</Trans>
          </Button>
        </Group>
      </Stack>
    </form>
  )
}
