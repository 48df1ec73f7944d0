import { Code, Table, Text } from '@mantine/core'
import { Trans } from '@lingui/react/macro'
import { stateValueText } from '../../../../machines/flows/state-text'
import type { FlowsMessage } from '../../../lib/flows-inspector'

const time = (at: number) => new Date(at).toLocaleTimeString(undefined, { hour12: false }) + `.${String(at % 1000).padStart(3, '0')}`

/** The last events the app's actors reported (newest first), payloads masked. */
export function LiveEventLog({ events }: { events: FlowsMessage[] }) {
  if (events.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        <Trans>Nenhum evento ainda. Use o app em outra aba: os eventos das máquinas aparecem aqui.</Trans>
      </Text>
    )
  }
  return (
    <Table.ScrollContainer minWidth={640} maxHeight={480}>
      <Table striped verticalSpacing={4} fz="sm" data-testid="flow-event-log">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>
              <Trans>Hora</Trans>
            </Table.Th>
            <Table.Th>
              <Trans>Máquina</Trans>
            </Table.Th>
            <Table.Th>
              <Trans>Ator</Trans>
            </Table.Th>
            <Table.Th>
              <Trans>Evento</Trans>
            </Table.Th>
            <Table.Th>
              <Trans>Estado</Trans>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {events.map((event, i) => (
            <Table.Tr key={`${event.sessionId}-${event.at}-${i}`}>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{time(event.at)}</Table.Td>
              <Table.Td>{event.machineId}</Table.Td>
              <Table.Td>
                <Code>{event.sessionId}</Code>
              </Table.Td>
              <Table.Td>
                <details>
                  <summary style={{ cursor: 'pointer' }}>
                    <Text span ff="monospace" size="sm">
                      {event.type}
                    </Text>
                  </summary>
                  <Code block mt={4}>
                    {JSON.stringify(event.event, null, 2)}
                  </Code>
                </details>
              </Table.Td>
              <Table.Td>{stateValueText(event.value)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  )
}
