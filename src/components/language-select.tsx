import { Select } from '@mantine/core'
import { IconLanguage } from '@tabler/icons-react'
import { useLingui } from '@lingui/react/macro'
import { activateLocale, isLocale, LOCALE_LABELS, LOCALES } from '../lib/i18n'

const OPTIONS = LOCALES.map((code) => ({ value: code, label: LOCALE_LABELS[code] }))

/** SPEC 1: five languages, each named in itself; the choice is global (localStorage `lang`). */
export function LanguageSelect({ size = 'xs' }: { size?: 'xs' | 'sm' }) {
  const { t, i18n } = useLingui()
  return (
    <Select
      aria-label={t`Idioma`}
      data={OPTIONS}
      value={i18n.locale}
      onChange={(value) => {
        if (isLocale(value)) void activateLocale(value)
      }}
      allowDeselect={false}
      leftSection={<IconLanguage size={16} aria-hidden />}
      size={size}
      w={150}
      comboboxProps={{ withinPortal: true }}
    />
  )
}
