import { Badge, List, SimpleGrid, Text, Title } from '@mantine/core'
import { Trans, useLingui } from '@lingui/react/macro'
import type { GraphState, MachineGraph } from '../../../../machines/flows/machine-graph'
import { transitionText } from '../layout/graph-layout'

/** The diagram as lists, for screen readers: the states (nested as in the machine) and the transitions. */
export function MachineLists({ graph, activeStates, missingTransitions }: { graph: MachineGraph; activeStates: readonly string[]; missingTransitions: readonly string[] }) {
  const { t } = useLingui()
  const kinds: Record<GraphState['type'], string> = {
    atomic: t`simples`,
    compound: t`composto`,
    parallel: t`paralelo`,
    final: t`final`,
    history: t`histórico`,
  }
  const active = new Set(activeStates)
  const missing = new Set(missingTransitions)
  const children = (parent: string) => graph.states.filter((s) => s.parent === parent)
  const renderStates = (parent: string) => (
    <List size="sm" withPadding>
      {children(parent).map((state) => {
        const parentState = graph.states.find((s) => s.id === state.parent) ?? graph.root
        return (
          <List.Item key={state.id}>
            <Text span fw={600} size="sm">
              {state.key}
            </Text>{' '}
            <Text span size="sm" c="dimmed">
              ({kinds[state.type]}
              {parentState.initial === state.id ? t`, inicial` : ''}
              {state.invoke.length ? `, ${t`invoca`} ${state.invoke.map((i) => i.src).join(', ')}` : ''})
            </Text>
            {active.has(state.id) ? (
              <Badge ml="xs" size="sm" color="#9c3d00" variant="filled">
                <Trans>estado atual</Trans>
              </Badge>
            ) : null}
            {children(state.id).length ? renderStates(state.id) : null}
          </List.Item>
        )
      })}
    </List>
  )
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
      <div>
        <Title order={3} size="h5" mb="xs">
          <Trans>Estados ({graph.states.length})</Trans>
        </Title>
        {renderStates(graph.root.id)}
      </div>
      <div>
        <Title order={3} size="h5" mb="xs">
          <Trans>Transições ({graph.transitions.length})</Trans>
        </Title>
        <List size="sm" withPadding>
          {graph.transitions.map((tr) => (
            <List.Item key={tr.id}>
              <Text span size="sm" ff="monospace">
                {tr.source.slice(graph.id.length + 1) || graph.id}
              </Text>{' '}
              <Text span size="sm">
                — {transitionText(tr)} →{' '}
              </Text>
              <Text span size="sm" ff="monospace">
                {tr.targets.length ? tr.targets.map((x) => x.slice(graph.id.length + 1)).join(', ') : t`(permanece no estado)`}
              </Text>
              {missing.has(tr.id) ? (
                <Badge ml="xs" size="sm" color="red.9" variant="filled">
                  <Trans>não coberta</Trans>
                </Badge>
              ) : null}
            </List.Item>
          ))}
        </List>
      </div>
    </SimpleGrid>
  )
}
