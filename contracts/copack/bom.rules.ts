/** Bills of materials (ADR 0016): limits and which copack orders hold them. Zod-free. */
import type { CopackStatus } from './copack.rules'

/** Components a bill of materials may list. */
export const MAX_BOM_COMPONENTS = 200

/** An order that has reserved its components: the bill of materials it reserved by must not change under it. */
export const BOM_EDIT_BLOCKING: readonly CopackStatus[] = ['RESERVED', 'IN_PROGRESS']
/** An order not yet finished: the bill of materials must stay active until it completes or is cancelled. */
export const BOM_DEACTIVATE_BLOCKING: readonly CopackStatus[] = ['DRAFT', 'RESERVED', 'IN_PROGRESS']
