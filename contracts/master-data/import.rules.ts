/**
 * CSV imports of master data (SPEC 12.8): the columns each import reads, named as the list's fields (the same CSV the
 * list exports). References are written as codes (`uom`, `warehouse`); a product's GTINs are separated by spaces or
 * `|`; booleans are true/false (also 1/0, yes/no, sim/não). Zod-free: the import screen shows the columns with it.
 */

/** The imports master data answers itself (server/modules/master-data/import.*). */
export const MASTER_DATA_IMPORTS = ['products', 'locations', 'customers', 'suppliers', 'carriers', 'storage_categories'] as const
export type MasterDataImport = (typeof MASTER_DATA_IMPORTS)[number]
/** Every list with a CSV import and export; pick faces (§20.1) are inventory's, keyed by location × product. */
export const IMPORT_RESOURCES = [...MASTER_DATA_IMPORTS, 'pick_faces'] as const
export type ImportResource = (typeof IMPORT_RESOURCES)[number]

export type ImportColumnKind = 'text' | 'int' | 'decimal' | 'bool' | 'list' | 'ref'
export type ImportColumns = Readonly<Record<string, ImportColumnKind>>

export const IMPORT_COLUMNS: Readonly<Record<ImportResource, ImportColumns>> = {
  products: {
    code: 'text',
    variant: 'text',
    name1: 'text',
    name2: 'text',
    uom: 'ref',
    storage_class: 'text',
    gtins: 'list',
    shelf_life_days: 'int',
    lot_tracked: 'bool',
    expiry_tracked: 'bool',
    is_active: 'bool',
  },
  locations: {
    code: 'text',
    name: 'text',
    warehouse: 'ref',
    kind: 'text',
    storage_class: 'text',
    capacity_pallets: 'int',
    pick_sequence: 'int',
    is_active: 'bool',
    // the place (SPEC 18.1): blank = what the warehouse's rule reads from the code
    zone: 'text',
    aisle: 'int',
    bay: 'int',
    level: 'int',
    x: 'decimal',
    y: 'decimal',
    aisle_direction: 'text',
    // §20.3: its storage category by code; blank keeps what it has
    storage_category: 'ref',
  },
  customers: { code: 'text', name: 'text', email: 'text', min_shelf_life_days: 'int', is_active: 'bool' },
  suppliers: { code: 'text', name: 'text', edi: 'text', priority: 'int', email: 'text', is_active: 'bool' },
  carriers: { code: 'text', name: 'text', is_active: 'bool' },
  // §20.1: a face is its location's and product's codes (upserted by the pair)
  pick_faces: { location: 'ref', product: 'ref', min_qty: 'decimal', max_qty: 'decimal', replenish_unit: 'text', replenish_qty: 'decimal', is_active: 'bool' },
  // §20.3: the classes space-separated; blank limits are no limit
  storage_categories: { code: 'text', name: 'text', max_pallets: 'int', max_weight_kg: 'decimal', allowed_storage_classes: 'list', mixing: 'text', is_active: 'bool' },
}

/** Columns a file must have (the rest may be left out: a new row takes the default, an existing one keeps its value). */
export const IMPORT_REQUIRED: Readonly<Record<ImportResource, readonly string[]>> = {
  products: ['code', 'name1', 'uom'],
  locations: ['code', 'warehouse'],
  customers: ['code', 'name'],
  suppliers: ['code', 'name'],
  carriers: ['code', 'name'],
  pick_faces: ['location', 'product', 'min_qty', 'max_qty'],
  storage_categories: ['code', 'name'],
}

/** The API path of each import, under /api. */
export const IMPORT_PATHS: Readonly<Record<ImportResource, string>> = {
  products: '/product/products/import/',
  locations: '/core/locations/import/',
  customers: '/partners/customers/import/',
  suppliers: '/partners/suppliers/import/',
  carriers: '/partners/carriers/import/',
  pick_faces: '/inventory/pick-faces/import/',
  storage_categories: '/core/storage-categories/import/',
}

/** The API path of each list's CSV export (the import's columns, so the file goes back in unchanged), under /api. */
export const EXPORT_PATHS: Readonly<Record<ImportResource, string>> = {
  products: '/product/products/export/',
  locations: '/core/locations/export/',
  customers: '/partners/customers/export/',
  suppliers: '/partners/suppliers/export/',
  carriers: '/partners/carriers/export/',
  pick_faces: '/inventory/pick-faces/export/',
  storage_categories: '/core/storage-categories/export/',
}

/** At most this many rows' errors are listed (the count says how many rows have errors). */
export const IMPORT_MAX_LISTED_ERRORS = 1000

const TRUE = new Set(['true', '1', 'yes', 'y', 'sim', 's', 'x'])
const FALSE = new Set(['false', '0', 'no', 'n', 'não', 'nao'])

/**
 * A text a spreadsheet would run as a formula (=, +, -, @, tab, CR first) is exported with a leading apostrophe
 * (OWASP "CSV injection"); the import takes that apostrophe off again, so a code like "-A1" goes round unchanged.
 */
const FORMULA = /^[=+\-@\t\r]/

/** One CSV field (RFC 4180) of an export: booleans true/false, numbers with a dot, a list space-separated. */
export function exportCell(kind: ImportColumnKind, value: unknown): string {
  if (value === null || value === undefined) return ''
  let text: string
  if (kind === 'list') text = (value as unknown[]).map(String).join(' ')
  else if (kind === 'bool') text = value ? 'true' : 'false'
  else text = String(value)
  if ((kind === 'text' || kind === 'ref') && FORMULA.test(text)) text = `'${text}`
  return /[",\r\n]|^\s|\s$/.test(text) ? `"${text.replaceAll('"', '""')}"` : text
}

/** A CSV cell as the value the API's body takes; undefined when blank (the column's default), the text itself when it cannot be read (the body's check names it). */
export function importCell(kind: ImportColumnKind, raw: string): unknown {
  const v = raw.trim()
  if (v === '') return kind === 'list' ? [] : undefined
  if (kind === 'int') return /^-?\d+$/.test(v) ? Number(v) : v
  if (kind === 'decimal') return /^-?\d+(\.\d+)?$/.test(v) ? Number(v) : v
  if (kind === 'bool') {
    const l = v.toLowerCase()
    return TRUE.has(l) ? true : FALSE.has(l) ? false : v
  }
  if (kind === 'list') return v.split(/[\s|;,]+/).filter(Boolean)
  return v.startsWith("'") && FORMULA.test(v.slice(1)) ? v.slice(1) : v
}
