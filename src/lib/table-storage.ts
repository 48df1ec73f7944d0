/** SPEC 2.6, 2.14: a table's column order and hidden columns, kept per table id (global, like the theme). */
export function tableColumnsKey(tableId: string): string {
  return `movatic.table.${tableId}.columns`
}
