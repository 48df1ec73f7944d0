/** Bills of materials (ADR 0016): limits and which copack orders hold them. Zod-free. */
import type { CopackStatus } from './copack.rules'

/** Components a bill of materials may list. */
export const MAX_BOM_COMPONENTS = 200

/** Orders not yet finished: the bill of materials lists them, with the revision each keeps (ADR 0016). */
export const BOM_OPEN_STATUSES: readonly CopackStatus[] = ['DRAFT', 'RESERVED', 'IN_PROGRESS']
/**
 * A DRAFT still reserves by the bill as it is then: the bill stays active until it reserves or is cancelled. An order
 * that has reserved keeps its own copy of its revision, so neither an edit nor a deactivation waits for it.
 */
export const BOM_DEACTIVATE_BLOCKING: readonly CopackStatus[] = ['DRAFT']
