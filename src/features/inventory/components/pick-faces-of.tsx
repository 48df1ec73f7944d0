import { useState } from 'react'
import { ActionIcon, Alert, Loader, Modal, Table, Text, Tooltip } from '@mantine/core'
import { IconStackPush } from '@tabler/icons-react'
import { Trans, useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { apiErrorText } from '../../../lib/api-client'
import { formatQty } from '../../../lib/format'
import { pickFacesQueryOptions } from '../api/get-pick-faces'

const ALL = { page: 1, pageSize: 100, search: '', ordering: '' }

/**
 * §20.1: a product's or a location's pick faces (where it is picked from, or what is picked there), with their minimum,
 * maximum and stock on hand, from a row of the products or locations list (the routes place it there).
 */
export function PickFacesOfButton({ filter, subject }: { filter: { product: number } | { location: number }; subject: string }) {
  const { t } = useLingui()
  const [open, setOpen] = useState(false)
  const label = t`Pontos de separação de ${subject}`
  return (
    <>
      <Tooltip label={label}>
        <ActionIcon variant="subtle" size="md" aria-label={label} onClick={() => setOpen(true)}>
          <IconStackPush size={16} aria-hidden />
        </ActionIcon>
      </Tooltip>
      {open ? (
        <Modal opened onClose={() => setOpen(false)} title={label} size="lg" closeButtonProps={{ 'aria-label': t`Fechar` }}>
          <PickFacesOf filter={filter} label={label} />
        </Modal>
      ) : null}
    </>
  )
}

function PickFacesOf({ filter, label }: { filter: { product: number } | { location: number }; label: string }) {
  const { t, i18n } = useLingui()
  const faces = useQuery(pickFacesQueryOptions(ALL, filter))
  const byProduct = 'product' in filter
  if (faces.isPending) return <Loader size="sm" aria-label={t`Carregando`} />
  if (faces.isError)
    return (
      <Alert color="red" variant="light" role="alert">
        {apiErrorText(faces.error) ?? <Trans>Não foi possível carregar.</Trans>}
      </Alert>
    )
  if (faces.data.results.length === 0)
    return (
      <Text size="sm">
        <Trans>Nenhum ponto de separação.</Trans>
      </Text>
    )
  return (
    <Table aria-label={label} striped>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{byProduct ? <Trans>Localização</Trans> : <Trans>Produto</Trans>}</Table.Th>
          <Table.Th ta="right">
            <Trans>Mínimo</Trans>
          </Table.Th>
          <Table.Th ta="right">
            <Trans>Máximo</Trans>
          </Table.Th>
          <Table.Th ta="right">
            <Trans>Em estoque</Trans>
          </Table.Th>
          <Table.Th>
            <Trans>Ativo</Trans>
          </Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {faces.data.results.map((f) => (
          <Table.Tr key={f.id}>
            <Table.Td>{byProduct ? f.location.code : `${f.product.code} — ${f.product.name1}`}</Table.Td>
            <Table.Td ta="right">{formatQty(f.min_qty, i18n.locale)}</Table.Td>
            <Table.Td ta="right">{formatQty(f.max_qty, i18n.locale)}</Table.Td>
            <Table.Td ta="right">{formatQty(f.on_hand, i18n.locale)}</Table.Td>
            <Table.Td>{f.is_active ? <Trans>Sim</Trans> : <Trans>Não</Trans>}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  )
}
