/** Values of the master-data enumerations (SPEC 3), zod-free so machines and screens may import them. */

export const STORAGE_CLASSES = ['ambient', 'chilled', 'frozen', 'hazmat', 'bulk', 'high_value'] as const
export type StorageClass = (typeof STORAGE_CLASSES)[number]
/** What a storage category lets share a location (§20.3): anything, one product only, one product and lot only. */
export const STORAGE_MIXING = ['any', 'same_product', 'same_lot'] as const
export type StorageMixing = (typeof STORAGE_MIXING)[number]

export const LOCATION_KINDS = ['storage', 'picking', 'dock', 'staging', 'quarantine', 'production'] as const
export type LocationKind = (typeof LOCATION_KINDS)[number]

/** How many GTINs one product may carry (its packs carry their own). */
export const MAX_PRODUCT_GTINS = 20
/** How many packs one product may have (unit, inner, case, layer…: one per unit). */
export const MAX_PRODUCT_PACKS = 20

export const EQUIPMENT_STATUSES = ['available', 'busy', 'down'] as const
export type EquipmentStatus = (typeof EQUIPMENT_STATUSES)[number]
