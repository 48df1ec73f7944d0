import type { ReactNode } from 'react'
import { ActionIcon, Button, Group, Stack, Table, Text, Tooltip } from '@mantine/core'
import { IconPlus, IconTrash } from '@tabler/icons-react'

/** One column of a document's lines: its header and what each row shows in it (a field bound to the row's values). */
export interface LinesEditorColumn {
  id: string
  header: ReactNode
  render: (index: number) => ReactNode
  /** a narrow column keeps a number or a date from taking the row */
  width?: number | string
}

export interface LinesEditorProps {
  /** the table's accessible name ("Linhas do documento") */
  label: string
  columns: LinesEditorColumn[]
  /** how many rows the form holds now */
  count: number
  /** a stable key per row, so removing one keeps the others' inputs */
  rowKey: (index: number) => string
  /** absent: read-only (no add or remove buttons) */
  onAdd?: () => void
  onRemove?: (index: number) => void
  addLabel: string
  /** the remove button's name for a row ("Remover linha 2") */
  removeLabel: (index: number) => string
  /** a refusal of the lines as a whole ("a document needs at least one line") */
  error?: ReactNode
  /** fewer rows than this and remove is disabled (a document keeps one line) */
  minRows?: number
  /** why a row cannot be removed, shown on the disabled button */
  minRowsReason?: string
}

/**
 * The lines of a document being edited (SPEC 12.6: purchase orders, ASNs, sales orders): one table row per line with the
 * caller's fields in it, a remove button per row and an add button below. It holds no values: the form does, so each
 * field shows its own error on its own row (`lines.1.expected_qty`).
 */
export function LinesEditor({ label, columns, count, rowKey, onAdd, onRemove, addLabel, removeLabel, error, minRows = 0, minRowsReason }: LinesEditorProps) {
  const editable = Boolean(onAdd && onRemove)
  const atMin = count <= minRows
  return (
    <Stack gap="xs">
      <Table.ScrollContainer minWidth={720}>
        <Table aria-label={label} verticalSpacing="xs" withTableBorder>
          <Table.Thead>
            <Table.Tr>
              <Table.Th w={40}>#</Table.Th>
              {columns.map((c) => (
                <Table.Th key={c.id} w={c.width}>
                  {c.header}
                </Table.Th>
              ))}
              {editable ? <Table.Th w={48} aria-hidden /> : null}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {Array.from({ length: count }, (_, i) => (
              <Table.Tr key={rowKey(i)} data-testid="lines-editor-row">
                <Table.Td style={{ verticalAlign: 'top', paddingTop: 14 }}>
                  <Text size="sm" c="dimmed">
                    {i + 1}
                  </Text>
                </Table.Td>
                {columns.map((c) => (
                  <Table.Td key={c.id} style={{ verticalAlign: 'top' }}>
                    {c.render(i)}
                  </Table.Td>
                ))}
                {editable ? (
                  <Table.Td style={{ verticalAlign: 'top' }}>
                    <Tooltip label={minRowsReason} disabled={!atMin || !minRowsReason}>
                      <ActionIcon
                        variant="subtle"
                        color="red"
                        mt={4}
                        aria-label={removeLabel(i)}
                        title={atMin ? minRowsReason : undefined}
                        disabled={atMin}
                        onClick={() => onRemove?.(i)}
                      >
                        <IconTrash size={16} aria-hidden />
                      </ActionIcon>
                    </Tooltip>
                  </Table.Td>
                ) : null}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {error ? (
        <Text size="sm" c="red" role="alert">
          {error}
        </Text>
      ) : null}
      {onAdd ? (
        <Group>
          <Button variant="light" size="xs" leftSection={<IconPlus size={14} aria-hidden />} onClick={onAdd}>
            {addLabel}
          </Button>
        </Group>
      ) : null}
    </Stack>
  )
}
