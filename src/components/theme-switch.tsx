import { SegmentedControl, Tooltip, VisuallyHidden, useMantineColorScheme, type MantineColorScheme } from '@mantine/core'
import { IconDeviceDesktop, IconMoon, IconSun } from '@tabler/icons-react'
import { useLingui } from '@lingui/react/macro'

function isColorScheme(value: string): value is MantineColorScheme {
  return value === 'light' || value === 'dark' || value === 'auto'
}

/** SPEC 4: light, dark or system; system follows the OS live (Mantine listens to prefers-color-scheme). */
export function ThemeSwitch() {
  const { t } = useLingui()
  const { colorScheme, setColorScheme } = useMantineColorScheme()
  const options = [
    { value: 'light', label: t`Claro`, icon: IconSun },
    { value: 'dark', label: t`Escuro`, icon: IconMoon },
    { value: 'auto', label: t`Sistema`, icon: IconDeviceDesktop },
  ] as const
  return (
    <SegmentedControl
      size="xs"
      aria-label={t`Tema`}
      value={colorScheme}
      onChange={(value) => {
        if (isColorScheme(value)) setColorScheme(value)
      }}
      data={options.map(({ value, label, icon: OptionIcon }) => ({
        value,
        label: (
          <Tooltip label={label} withinPortal>
            <span style={{ display: 'inline-flex', alignItems: 'center' }}>
              <OptionIcon size={16} aria-hidden />
              <VisuallyHidden>{label}</VisuallyHidden>
            </span>
          </Tooltip>
        ),
      }))}
    />
  )
}
