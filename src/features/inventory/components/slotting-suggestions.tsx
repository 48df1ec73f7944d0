import { useMemo, useState, type ReactNode } from 'react'
import { Alert, Badge, Button, Checkbox, Group, Paper, Stack, Table, Text, Title } from '@mantine/core'
import { IconAlertTriangle, IconCheck } from '@tabler/icons-react'
import { Plural, Trans, useLingui } from '@lingui/react/macro'
import { useMutation } from '@tanstack/react-query'
import { tableFeatures, useTable, type ColumnDef } from '@tanstack/react-table'
import { LinkAnchor } from '../../../components/link-anchor'
import { readDrfError } from '../../../lib/api-client'
import { formatNumber } from '../../../lib/format'
import { approveSlotting, type SlottingApproval } from '../api/approve-slotting'
import type { SlottingResult } from '../api/get-slotting'
import { useCommandId } from '../hooks/use-command-id'

type Suggestion = SlottingResult['suggestions'][number]

const features = tableFeatures({})
type Features = typeof features

/** The server's reasons, each in the user's language (ADR 0015), without the field's name in front. */
function refusal(error: unknown): string[] {
  const drf = readDrfError(error)
  const all = [...(drf.detail ? [drf.detail] : []), ...drf.nonFieldErrors, ...Object.values(drf.fieldErrors).flat()]
  return all.length ? all : error instanceof Error && error.message ? [error.message] : []
}

/**
 * The suggestions of the last result (§20.4), best first: kind, the products moved from face to face, the metres saved
 * a week; the supervisor ticks some and approves them, and the server makes one move task per product move.
 */
export function SlottingSuggestions({ result, emptyText, actions }: { result: SlottingResult; emptyText: string; actions?: ReactNode }) {
  const { t, i18n } = useLingui()
  const locale = i18n.locale
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set())
  // approved in this visit: shown as such, not offered again (a second approval would make the tasks twice)
  const [approved, setApproved] = useState<ReadonlySet<string>>(new Set())
  const [answer, setAnswer] = useState<SlottingApproval | null>(null)
  const command = useCommandId()
  const approve = useMutation({
    mutationFn: (ids: string[]) => approveSlotting({ command_id: command.current(), warehouse: result.warehouse.id, suggestions: ids }),
    onSuccess: (out, ids) => {
      command.settle()
      setAnswer(out)
      setApproved((prev) => new Set([...prev, ...ids]))
      setSelected(new Set())
    },
    onError: (error) => command.settle(error),
  })
  const open = result.suggestions.filter((s) => !approved.has(s.id))
  const allChecked = open.length > 0 && open.every((s) => selected.has(s.id))
  const someChecked = open.some((s) => selected.has(s.id))
  const toggle = (id: string, on: boolean) =>
    setSelected((prev) => {
      const next = new Set(prev)
      if (on) next.add(id)
      else next.delete(id)
      return next
    })

  const columns = useMemo<ColumnDef<Features, Suggestion, unknown>[]>(
    () => [
      { id: 'select', header: t`Selecionar`, accessorFn: (s) => s.id },
      { id: 'kind', header: t`Tipo`, accessorFn: (s) => s.kind },
      { id: 'moves', header: t`Produto: de → para`, accessorFn: (s) => s.moves.length },
      { id: 'metres', header: t`Economia (m/semana)`, accessorFn: (s) => s.metres_per_week },
    ],
    [t],
  )
  const table = useTable<Features, Suggestion>({ features, columns, data: result.suggestions, getRowId: (s) => s.id })

  const cell = (id: string, s: Suggestion) => {
    switch (id) {
      case 'select': {
        const products = s.moves.map((m) => m.product.code).join(', ')
        return approved.has(s.id) ? (
          <IconCheck size={18} color="var(--mantine-color-green-filled)" aria-label={t`Aprovada`} />
        ) : (
          <Checkbox checked={selected.has(s.id)} onChange={(e) => toggle(s.id, e.currentTarget.checked)} aria-label={t`Selecionar a sugestão de ${products}`} disabled={approve.isPending} />
        )
      }
      case 'kind':
        return s.kind === 'swap' ? (
          <Badge variant="light" color="blue" size="sm">
            <Trans>Troca</Trans>
          </Badge>
        ) : (
          <Badge variant="light" color="teal" size="sm">
            <Trans>Movimentação</Trans>
          </Badge>
        )
      case 'moves':
        return (
          <Stack gap={2}>
            {s.moves.map((m) => (
              <Text key={m.product.id} size="sm">
                <Text span fw={600} size="sm">
                  {m.product.code}
                </Text>{' '}
                <Text span c="dimmed" size="sm">
                  {m.product.name1}
                </Text>
                {': '}
                <Text span ff="monospace" size="sm">
                  {m.from.code} → {m.to.code}
                </Text>
              </Text>
            ))}
          </Stack>
        )
      case 'metres':
        return formatNumber(s.metres_per_week, locale)
      default:
        return null
    }
  }

  const count = formatNumber(result.suggestions.length, locale)
  const chosen = [...selected].filter((id) => !approved.has(id))
  const chosenCount = formatNumber(chosen.length, locale)
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="slotting-suggestions-title">
      <Group justify="space-between" mb="sm" wrap="wrap">
        <Title order={2} size="h4" id="slotting-suggestions-title">
          <Trans>Sugestões ({count})</Trans>
        </Title>
        <Group gap="xs">
          {actions}
          {result.suggestions.length ? (
            <Button size="xs" onClick={() => approve.mutate(chosen)} disabled={!chosen.length} loading={approve.isPending}>
              <Trans>Aprovar selecionadas ({chosenCount})</Trans>
            </Button>
          ) : null}
        </Group>
      </Group>
      <Stack gap="sm">
        {answer ? (
          <Alert color="green" variant="light" icon={<IconCheck size={18} aria-hidden />} role="status" withCloseButton onClose={() => setAnswer(null)} closeButtonLabel={t`Fechar`}>
            <Group gap="xs">
              <Text size="sm">
                <Plural value={answer.created} one="# tarefa de movimentação criada." other="# tarefas de movimentação criadas." />
              </Text>
              <LinkAnchor to="/workforce/tasks" search={{ search: 'move' }} size="sm">
                <Trans>Ver tarefas</Trans>
              </LinkAnchor>
            </Group>
          </Alert>
        ) : null}
        {approve.isError ? (
          <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} aria-hidden />} role="alert" title={t`As sugestões não foram aprovadas`}>
            {refusal(approve.error).map((text) => (
              <Text key={text} size="sm">
                {text}
              </Text>
            ))}
          </Alert>
        ) : null}
        {result.suggestions.length === 0 ? (
          <Text size="sm" c="dimmed">
            {emptyText}
          </Text>
        ) : (
          <Table.ScrollContainer minWidth={640} maxHeight={560}>
            <Table striped withTableBorder stickyHeader verticalSpacing="xs" horizontalSpacing="sm" fz="sm" aria-label={t`Sugestões de endereçamento`}>
              <Table.Thead>
                {table.getHeaderGroups().map((group) => (
                  <Table.Tr key={group.id}>
                    {group.headers.map((header) =>
                      header.column.id === 'select' ? (
                        <Table.Th key={header.id} w={44}>
                          <Checkbox
                            checked={allChecked}
                            indeterminate={someChecked && !allChecked}
                            disabled={!open.length || approve.isPending}
                            onChange={(e) => setSelected(e.currentTarget.checked ? new Set(open.map((s) => s.id)) : new Set())}
                            aria-label={t`Selecionar todas as sugestões`}
                          />
                        </Table.Th>
                      ) : (
                        <Table.Th key={header.id} ta={header.column.id === 'metres' ? 'right' : undefined}>
                          {String(header.column.columnDef.header)}
                        </Table.Th>
                      ),
                    )}
                  </Table.Tr>
                ))}
              </Table.Thead>
              <Table.Tbody>
                {table.getRowModel().rows.map((row) => (
                  <Table.Tr key={row.id}>
                    {row.getAllCells().map((c) => (
                      <Table.Td key={c.id} ta={c.column.id === 'metres' ? 'right' : undefined} style={c.column.id === 'metres' ? { fontVariantNumeric: 'tabular-nums' } : undefined}>
                        {cell(c.column.id, row.original)}
                      </Table.Td>
                    ))}
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Stack>
    </Paper>
  )
}
