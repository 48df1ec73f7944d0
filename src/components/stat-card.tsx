import { useId, type ReactNode } from 'react'
import { Group, Paper, Text } from '@mantine/core'

/** SPEC 2.4: a small statistic card, a label, a value and an optional hint. */
export function StatCard({ label, value, hint, icon }: { label: ReactNode; value: ReactNode; hint?: ReactNode; icon?: ReactNode }) {
  const labelId = useId()
  return (
    <Paper withBorder radius="md" p="md" role="group" aria-labelledby={labelId}>
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
        <Text id={labelId} size="sm" c="dimmed" fw={600}>
          {label}
        </Text>
        {icon}
      </Group>
      <Text component="div" fz={28} fw={700} lh={1.2} mt={6} data-stat-value style={{ fontVariantNumeric: 'tabular-nums' }}>
        {value}
      </Text>
      {hint ? (
        <Text component="div" size="xs" c="dimmed" mt={4}>
          {hint}
        </Text>
      ) : null}
    </Paper>
  )
}
