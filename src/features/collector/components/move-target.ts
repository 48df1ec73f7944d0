import type { MoveTarget } from '../../../../machines/move/move.machine'
import type { ScanTarget } from '../offline/offline-cache'

/**
 * A read as the move machine sees it (also the ship flow's, for its pick scans). A module of its own so that the ship
 * screen does not load the move screen and its machine with it (the first-load budget of SPEC 11.13).
 */
export function toMoveTarget(target: ScanTarget): MoveTarget {
  switch (target.kind) {
    case 'location':
      return { kind: 'location', code: target.location.code, id: target.location.id, active: target.location.active }
    case 'product':
      return { kind: 'product', code: target.product.code, id: target.product.id, name: target.product.name, ...(target.lot ? { lot: target.lot } : {}) }
    case 'pallet':
      return target
    default:
      return { kind: 'unknown', code: target.code }
  }
}
