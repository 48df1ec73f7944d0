import { NativeSelect } from '@mantine/core'
import { IconLanguage } from '@tabler/icons-react'
import { useLingui } from '@lingui/react/macro'
import { activateLocale, isLocale, LOCALE_LABELS, LOCALES } from '../lib/i18n'

const OPTIONS = LOCALES.map((code) => ({ value: code, label: LOCALE_LABELS[code] }))

/**
 * SPEC 1: five languages, each named in itself; the choice is global (localStorage `lang`).
 * A native select: it is on the login page, whose first load must stay small (no popover code).
 */
export function LanguageSelect({ size = 'xs' }: { size?: 'xs' | 'sm' }) {
  const { t, i18n } = useLingui()
  return (
    <NativeSelect
      aria-label={t`Idioma`}
      data={OPTIONS}
      value={i18n.locale}
      onChange={(event) => {
        const value = event.currentTarget.value
        if (isLocale(value)) void activateLocale(value)
      }}
      leftSection={<IconLanguage size={16} aria-hidden />}
      size={size}
      w={150}
    />
  )
}
