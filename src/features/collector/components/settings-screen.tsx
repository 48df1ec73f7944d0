import { useState } from 'react'
import { Button, Group, SegmentedControl, Stack, Switch, Text, Title } from '@mantine/core'
import { Trans, useLingui } from '@lingui/react/macro'
import { signalFeedback } from '../feedback/feedback'
import { readFeedbackSettings, writeFeedbackSettings, type FeedbackSettings } from '../feedback/feedback-settings'

const VOLUMES = { low: 0.25, medium: 0.6, high: 1 } as const
type VolumeLevel = keyof typeof VOLUMES

function volumeLevel(volume: number): VolumeLevel {
  return volume <= 0.4 ? 'low' : volume <= 0.8 ? 'medium' : 'high'
}

/** /m/settings (SPEC 11.2): the scan feedback, on by default; big switches a gloved thumb can hit. */
export function SettingsScreen() {
  const { t } = useLingui()
  const [settings, setSettings] = useState<FeedbackSettings>(() => readFeedbackSettings())
  const update = (patch: Partial<FeedbackSettings>) => {
    const next = { ...settings, ...patch }
    setSettings(next)
    writeFeedbackSettings(next)
  }

  return (
    <Stack gap="lg">
      <Title order={1} size="h2">
        <Trans>Configurações</Trans>
      </Title>
      <Stack gap="md" component="section" aria-labelledby="feedback-heading">
        <Title order={2} size="h3" id="feedback-heading">
          <Trans>Sinais da leitura</Trans>
        </Title>
        <Text c="dimmed" size="sm">
          <Trans>Som, vibração e um clarão na tela dizem na hora se a leitura foi aceita ou recusada.</Trans>
        </Text>
        <Switch size="xl" label={t`Som`} checked={settings.sound} onChange={(e) => update({ sound: e.currentTarget.checked })} />
        {settings.sound ? (
          <div>
            <Text id="volume-label" fw={600} mb={4}>
              <Trans>Volume</Trans>
            </Text>
            <SegmentedControl
              fullWidth
              size="lg"
              aria-labelledby="volume-label"
              value={volumeLevel(settings.volume)}
              onChange={(value) => update({ volume: VOLUMES[value as VolumeLevel] })}
              data={[
                { value: 'low', label: t`Baixo` },
                { value: 'medium', label: t`Médio` },
                { value: 'high', label: t`Alto` },
              ]}
            />
          </div>
        ) : null}
        <Switch size="xl" label={t`Vibração`} checked={settings.vibration} onChange={(e) => update({ vibration: e.currentTarget.checked })} />
        <Switch size="xl" label={t`Clarão na tela`} checked={settings.flash} onChange={(e) => update({ flash: e.currentTarget.checked })} />
        <Group grow>
          <Button size="lg" h={56} variant="outline" color="var(--collector-ok)" onClick={() => signalFeedback('success', settings)}>
            <Trans>Testar aceito</Trans>
          </Button>
          <Button size="lg" h={56} variant="outline" color="var(--collector-bad)" onClick={() => signalFeedback('error', settings)}>
            <Trans>Testar recusado</Trans>
          </Button>
        </Group>
      </Stack>
    </Stack>
  )
}
