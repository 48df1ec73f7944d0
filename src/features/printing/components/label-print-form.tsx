import { Alert, Button, Combobox, Group, Loader, NumberInput, Select, Stack, Text, TextInput, useCombobox } from '@mantine/core'
import { IconAlertTriangle, IconPrinter } from '@tabler/icons-react'
import { Trans, useLingui } from '@lingui/react/macro'
import {
  MAX_COPIES,
  MIN_COPIES,
  type LabelKind,
  type LabelPrintContext,
  type LabelPrintEvent,
  type LabelPrintView,
} from '../../../../machines/label-print/label-print.machine'
import { labelPrintText } from '../label-print-texts'
import { LABEL_KIND_LABELS } from '../printing-texts'

interface LabelPrintFormProps {
  context: LabelPrintContext
  view: LabelPrintView
  send: (event: LabelPrintEvent) => void
  /** the server is being asked what the ID names */
  checking?: boolean
}

function toCopies(value: number | string): number | null {
  if (typeof value === 'number') return value
  return value.trim() === '' ? null : Number(value)
}

/** SPEC 2.7, 5: type, ID with suggestions, printer, copies, Print; everything it shows comes from the machine. */
export function LabelPrintForm({ context, view, send, checking = false }: LabelPrintFormProps) {
  const { t, i18n } = useLingui()
  const combobox = useCombobox({ onDropdownClose: () => combobox.resetSelectedOption() })
  const idError = view.idError ? labelPrintText(i18n, view.idError) : null
  const copiesError = view.copiesError ? labelPrintText(i18n, view.copiesError) : null
  const offered = context.suggestions.length > 0

  return (
    <form
      noValidate
      aria-label={t`Imprimir etiqueta`}
      onSubmit={(event) => {
        event.preventDefault()
        send({ type: 'PRINT' })
      }}
    >
      <Stack gap="md">
        <Select
          label={t`Tipo`}
          allowDeselect={false}
          data={(['location', 'pallet'] as const).map((kind) => ({ value: kind, label: i18n._(LABEL_KIND_LABELS[kind]) }))}
          value={context.kind}
          onChange={(value) => {
            if (value) send({ type: 'SET_KIND', kind: value as LabelKind })
          }}
        />

        <Combobox
          store={combobox}
          onOptionSubmit={(value) => {
            send({ type: 'PICK_SUGGESTION', value })
            combobox.closeDropdown()
          }}
        >
          <Combobox.Target>
            <TextInput
              label={t`ID`}
              description={
                context.kind === 'location'
                  ? t`O código da localização, como na etiqueta da prateleira, ou o seu número. Digite parte do código ou do nome para ver sugestões.`
                  : t`O código do palete ou o SSCC de 18 dígitos, como impresso ou lido na etiqueta, também com (00).`
              }
              placeholder={context.kind === 'location' ? t`ex.: A01-01-01` : t`ex.: 378912340000000423`}
              value={context.id}
              error={idError}
              autoComplete="off"
              spellCheck={false}
              rightSection={
                view.suggestionsLoading ? (
                  <Loader size="xs" role="status" aria-label={t`Buscando sugestões`} />
                ) : checking ? (
                  <Loader size="xs" role="status" aria-label={t`Conferindo o ID`} />
                ) : null
              }
              onChange={(event) => {
                send({ type: 'SET_ID', id: event.currentTarget.value })
                combobox.openDropdown()
                combobox.updateSelectedOptionIndex()
              }}
              onFocus={() => combobox.openDropdown()}
              onBlur={() => combobox.closeDropdown()}
            />
          </Combobox.Target>
          <Combobox.Dropdown hidden={!offered}>
            <Combobox.Options aria-label={t`Sugestões`}>
              {context.suggestions.map((suggestion) => (
                <Combobox.Option value={suggestion.value} key={suggestion.value}>
                  {suggestion.label}
                </Combobox.Option>
              ))}
            </Combobox.Options>
          </Combobox.Dropdown>
        </Combobox>
        {view.target && !idError ? (
          <Text size="sm" role="status" mt={-8}>
            {context.kind === 'location' ? <Trans>Localização {view.target.label}</Trans> : <Trans>Palete {view.target.label}</Trans>}
          </Text>
        ) : null}

        <Select
          label={t`Impressora`}
          allowDeselect={false}
          placeholder={view.printersLoading ? t`Carregando impressoras...` : undefined}
          disabled={view.printersLoading}
          rightSection={view.printersLoading ? <Loader size="xs" role="status" aria-label={t`Carregando impressoras...`} /> : undefined}
          data={context.printers.map((p) => ({
            value: p.key,
            label: p.resolution ? `${p.name} (${p.resolution} dpi)` : p.name,
          }))}
          value={context.printer}
          onChange={(value) => send({ type: 'SET_PRINTER', printer: value })}
        />
        {view.printersFallback ? (
          <Alert color="yellow" variant="light" icon={<IconAlertTriangle size={18} aria-hidden />} p="xs">
            <Group justify="space-between" gap="xs" wrap="nowrap">
              <Text size="sm">
                <Trans>Não foi possível carregar as impressoras; usando as impressoras padrão.</Trans>
              </Text>
              <Button size="compact-xs" variant="subtle" onClick={() => send({ type: 'RELOAD_PRINTERS' })}>
                <Trans>Tentar de novo</Trans>
              </Button>
            </Group>
          </Alert>
        ) : null}

        <NumberInput
          label={t`Cópias`}
          min={MIN_COPIES}
          max={MAX_COPIES}
          allowDecimal={false}
          allowNegative={false}
          clampBehavior="blur"
          value={context.copies ?? ''}
          error={copiesError}
          onChange={(value) => send({ type: 'SET_COPIES', copies: toCopies(value) })}
        />

        <Button type="submit" disabled={!view.canPrint} loading={view.printing} leftSection={<IconPrinter size={18} aria-hidden />}>
          <Trans>Imprimir</Trans>
        </Button>
      </Stack>
    </form>
  )
}
