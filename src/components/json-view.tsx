import { useId, useState } from 'react'
import { Button, Code, Collapse, Paper, ScrollArea } from '@mantine/core'
import { IconChevronDown, IconChevronRight } from '@tabler/icons-react'
import { Trans } from '@lingui/react/macro'

/** A collapsible view of an API answer as it came (SPEC 2.5, 2.10). */
export function JsonView({ data, defaultOpen = false, maxHeight = 480 }: { data: unknown; defaultOpen?: boolean; maxHeight?: number }) {
  const [open, setOpen] = useState(defaultOpen)
  const regionId = useId()
  return (
    <Paper withBorder radius="md" p="xs">
      <Button
        variant="subtle"
        size="xs"
        onClick={() => setOpen((value) => !value)}
        aria-expanded={open}
        aria-controls={regionId}
        leftSection={open ? <IconChevronDown size={14} aria-hidden /> : <IconChevronRight size={14} aria-hidden />}
      >
        {open ? <Trans>Ocultar JSON</Trans> : <Trans>Mostrar JSON</Trans>}
      </Button>
      <Collapse expanded={open} id={regionId}>
        {open ? (
          <ScrollArea.Autosize mah={maxHeight} mt="xs" type="auto">
            <Code block fz="xs" tabIndex={0}>
              {JSON.stringify(data, null, 2)}
            </Code>
          </ScrollArea.Autosize>
        ) : null}
      </Collapse>
    </Paper>
  )
}
