import { useState } from 'react'
import { Badge, Group, List, Pagination, Paper, SegmentedControl, Stack, Text } from '@mantine/core'
import { Trans, useLingui } from '@lingui/react/macro'
import type { FlowPath, FlowReport } from '../../../../machines/flows/flow-report'

const PAGE_SIZE = 25

type Kind = 'shortest' | 'simple'
type Filter = 'all' | 'walked' | 'not-walked' | 'on-screen'

function matches(path: FlowPath, filter: Filter): boolean {
  if (filter === 'all') return true
  if (filter === 'on-screen') return path.onScreens.length > 0
  return (filter === 'walked') === path.walked
}

function PathItem({ path, index }: { path: FlowPath; index: number }) {
  return (
    <Paper withBorder p="xs" radius="sm" component="li" data-testid="flow-path" data-walked={path.walked} data-on-screen={path.onScreens.length > 0}>
      <Group gap="xs" mb={4} wrap="wrap">
        <Text size="sm" fw={600}>
          {index + 1}. {path.target}
        </Text>
        {path.walked ? (
          <Badge color="teal.9" variant="filled" size="sm">
            <Trans>percorrido por um teste</Trans>
          </Badge>
        ) : (
          <Badge color="gray.7" variant="filled" size="sm">
            <Trans>não percorrido</Trans>
          </Badge>
        )}
        {path.onScreens.map((screen) => (
          <Badge key={screen} color="indigo.9" variant="filled" size="sm" tt="none">
            <Trans>percorrido na tela {screen}</Trans>
          </Badge>
        ))}
      </Group>
      {path.steps.length === 0 ? (
        <Text size="sm" c="dimmed">
          <Trans>o estado inicial</Trans>
        </Text>
      ) : (
        <List type="ordered" size="sm" withPadding>
          {path.steps.map((step, i) => (
            <List.Item key={i}>
              <Text span ff="monospace" size="sm">
                {step.event}
              </Text>
              {step.payload ? (
                <Text span ff="monospace" size="xs" c="dimmed">
                  {' '}
                  {step.payload}
                </Text>
              ) : null}
              <Text span size="sm">
                {' '}
                → {step.state}
              </Text>
            </List.Item>
          ))}
        </List>
      )}
    </Paper>
  )
}

/**
 * The generated paths as readable steps, event by event, each marked walked by a test or not, and
 * walked on the real screen where a screen test replays it.
 */
export function FlowPaths({ report }: { report: FlowReport }) {
  const { t } = useLingui()
  const [kind, setKind] = useState<Kind>('shortest')
  const [filter, setFilter] = useState<Filter>('all')
  const [page, setPage] = useState(1)
  const source = kind === 'shortest' ? report.shortest : report.simple.bounded ? report.simple.paths : []
  const numbered = source.map((path, index) => ({ path, index }))
  const shown = numbered.filter(({ path }) => matches(path, filter))
  const pages = Math.max(1, Math.ceil(shown.length / PAGE_SIZE))
  const current = Math.min(page, pages)
  const walked = report.shortest.filter((p) => p.walked).length
  return (
    <Stack gap="sm">
      <Group gap="md" wrap="wrap">
        <SegmentedControl
          aria-label={t`Tipo de caminho`}
          value={kind}
          onChange={(value) => {
            setKind(value as Kind)
            setPage(1)
          }}
          data={[
            { value: 'shortest', label: t`Mais curtos (${report.shortest.length})` },
            { value: 'simple', label: report.simple.bounded ? t`Simples (${report.simple.paths.length})` : t`Simples (ilimitados)` },
          ]}
        />
        <SegmentedControl
          aria-label={t`Filtrar caminhos`}
          value={filter}
          onChange={(value) => {
            setFilter(value as Filter)
            setPage(1)
          }}
          data={[
            { value: 'all', label: t`Todos` },
            { value: 'walked', label: t`Percorridos` },
            { value: 'not-walked', label: t`Não percorridos` },
            { value: 'on-screen', label: t`Na tela` },
          ]}
        />
      </Group>
      <Text size="sm" c="dimmed">
        {kind === 'shortest' ? (
          <Trans>
            O teste de modelo reproduz {report.replayed} de {report.shortest.length} caminhos mais curtos; {walked} são percorridos (com os prefixos dos reproduzidos).
          </Trans>
        ) : report.simple.bounded ? (
          <Trans>Caminhos que não repetem nenhum vértice do grafo do modelo.</Trans>
        ) : (
          <Trans>
            O grafo do modelo ({report.simple.vertices} vértices) tem mais de {report.simple.limit} caminhos simples: não são listados.
          </Trans>
        )}
      </Text>
      {report.screens.length === 0 ? (
        <Text size="sm" c="dimmed" data-testid="flow-screens">
          <Trans>Nenhum teste reproduz estes caminhos numa tela.</Trans>
        </Text>
      ) : (
        <List size="sm" data-testid="flow-screens">
          {report.screens.map((s) => (
            <List.Item key={s.screen}>
              <Trans>
                O teste de tela {s.test} reproduz {s.replayed} caminhos na tela {s.screen}: {s.states.covered}/{s.states.defined} estados, {s.transitions.covered}/{s.transitions.defined} transições.
              </Trans>
              {s.transitions.missing.length > 0 ? (
                <Text span size="sm" c="dimmed">
                  {' '}
                  <Trans>Sem estímulo na tela: {s.transitions.missing.join(', ')}</Trans>
                </Text>
              ) : null}
            </List.Item>
          ))}
        </List>
      )}
      <Stack gap="xs" component="ol" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
        {shown.slice((current - 1) * PAGE_SIZE, current * PAGE_SIZE).map(({ path, index }) => (
          <PathItem key={index} path={path} index={index} />
        ))}
      </Stack>
      {pages > 1 ? (
        <Pagination
          total={pages}
          value={current}
          onChange={setPage}
          size="sm"
          getControlProps={(control) => ({ 'aria-label': control === 'previous' ? t`Página anterior` : control === 'next' ? t`Próxima página` : control === 'first' ? t`Primeira página` : t`Última página` })}
          getItemProps={(p) => ({ 'aria-label': t`Página ${p}` })}
        />
      ) : null}
    </Stack>
  )
}
