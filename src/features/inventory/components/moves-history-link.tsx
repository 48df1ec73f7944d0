import { IconHistory } from '@tabler/icons-react'
import { Trans, useLingui } from '@lingui/react/macro'
import { LinkButton } from '../../../components/link-button'
import type { MoveFilters } from '../moves-filters'

/** SPEC 10.7: a product's, location's or pallet's history, as Movimentações filtered by it (the routes place it in other lists). */
export function MovesHistoryLink({ filter, subject }: { filter: Pick<MoveFilters, 'product' | 'location' | 'pallet_code' | 'sscc' | 'lot'>; subject: string }) {
  const { t } = useLingui()
  return (
    <LinkButton to="/inventory/moves" search={filter} size="compact-sm" variant="subtle" leftSection={<IconHistory size={14} aria-hidden />} aria-label={t`Movimentações de ${subject}`}>
      <Trans>Movimentações</Trans>
    </LinkButton>
  )
}
