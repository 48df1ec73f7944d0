import { Modal } from '@mantine/core'
import { useLingui } from '@lingui/react/macro'
import type { StockLine } from '../inventory-types'
import { AdjustStockForm } from './adjust-stock-form'
import { MoveStockForm } from './move-stock-form'
import { StockStatusForm } from './stock-status-form'

export type StockAction = { kind: 'move' | 'move-pallet' | 'adjust' | 'block' | 'release'; line: StockLine }

/** The form of one stock command, in a modal (SPEC 10.4). */
export function StockActionModal({ action, onClose }: { action: StockAction | null; onClose: () => void }) {
  const { t } = useLingui()
  const titles = {
    move: t`Mover estoque`,
    'move-pallet': t`Mover palete`,
    adjust: t`Ajustar estoque`,
    block: t`Bloquear estoque`,
    release: t`Liberar estoque`,
  }
  return (
    <Modal opened={action !== null} onClose={onClose} title={action ? titles[action.kind] : ''} size="lg" closeButtonProps={{ 'aria-label': t`Fechar` }}>
      {action?.kind === 'move' || action?.kind === 'move-pallet' ? (
        <MoveStockForm key={action.line.id} line={action.line} wholePallet={action.kind === 'move-pallet'} onDone={onClose} />
      ) : action?.kind === 'adjust' ? (
        <AdjustStockForm key={action.line.id} line={action.line} onDone={onClose} />
      ) : action?.kind === 'block' || action?.kind === 'release' ? (
        <StockStatusForm key={`${action.kind}-${action.line.id}`} line={action.line} action={action.kind} onDone={onClose} />
      ) : null}
    </Modal>
  )
}
