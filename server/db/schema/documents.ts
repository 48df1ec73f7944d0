import { sql } from 'drizzle-orm'
import { check, date, index, integer, jsonb, numeric, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core'
import { products } from './catalog'
import { companies, locations, warehouses } from './core'
import { carriers, customers, suppliers } from './partners'
import { supplierIssues } from './quality'
import { tasks } from './tasks'
import { users } from './users'
import { INBOUND_KINDS, type InboundKind, INBOUND_STATUSES, type InboundStatus, RECEIPT_STATUSES } from '../../../contracts/receiving/receiving.rules'
import { SALES_ORDER_STATUSES, type SalesOrderStatus, WAVE_STATUSES } from '../../../contracts/shipping/shipping.rules'
import type { ShippingDraft } from '../../../contracts/shipping/shipping.contract'

/**
 * Receiving and shipping documents (SPEC 2.8, 2.9). Stock itself only changes through the stock service; these
 * tables say what was expected, what was booked, and under which idempotency key (Finish twice books once).
 */

const id = () => integer().primaryKey().generatedByDefaultAsIdentity()
const qty = (name: string) => numeric(name, { precision: 14, scale: 3 })
const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow()

// ---------------------------------------------------------------------------------------------------- receiving

export { INBOUND_KINDS, type InboundKind, INBOUND_STATUSES, type InboundStatus, RECEIPT_STATUSES }

/** A purchase order or an advance shipping notice from a supplier. */
export const inboundDocuments = pgTable(
  'inbound_documents',
  {
    id: id(),
    companyId: integer('company_id').notNull().references(() => companies.id),
    warehouseId: integer('warehouse_id').notNull().references(() => warehouses.id),
    kind: text({ enum: INBOUND_KINDS }).notNull(),
    supplierId: integer('supplier_id').notNull().references(() => suppliers.id),
    code: text().notNull(),
    // the sending system's own id (docs/requirements.md §7.1): unique per company and kind, so a repeated intake answers the same document
    externalId: text('external_id'),
    status: text({ enum: INBOUND_STATUSES }).notNull().default('open'),
    expectedDate: date('expected_date', { mode: 'string' }),
    // why it was cancelled (SPEC 12.6): empty unless cancelled
    cancelReason: text('cancel_reason').notNull().default(''),
    createdById: integer('created_by_id').references(() => users.id),
    createdAt: createdAt(),
    receivedAt: timestamp('received_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('inbound_documents_company_code_uq').on(t.companyId, t.code),
    uniqueIndex('inbound_documents_company_kind_external_id_uq').on(t.companyId, t.kind, t.externalId),
    index('inbound_documents_company_status_idx').on(t.companyId, t.status, t.id),
    index('inbound_documents_supplier_idx').on(t.supplierId),
  ],
)

/** What the supplier announced; received and damaged quantities add up over the booked receipts (over/under receipt). */
export const inboundDocumentLines = pgTable(
  'inbound_document_lines',
  {
    id: id(),
    companyId: integer('company_id').notNull().references(() => companies.id),
    documentId: integer('document_id')
      .notNull()
      .references(() => inboundDocuments.id, { onDelete: 'cascade' }),
    productId: integer('product_id').notNull().references(() => products.id),
    expectedQty: qty('expected_qty').notNull(),
    lot: text(),
    expiryDate: date('expiry_date', { mode: 'string' }),
    // the announced pallet (an ASN's SSCC, docs/requirements.md §7.1): one scan of it checks in every line that carries it
    sscc: text(),
    receivedQty: qty('received_qty').notNull().default('0'),
    damagedQty: qty('damaged_qty').notNull().default('0'),
  },
  (t) => [
    check('inbound_document_lines_qty_ck', sql`${t.expectedQty} > 0 AND ${t.receivedQty} >= 0 AND ${t.damagedQty} >= 0`),
    index('inbound_document_lines_document_idx').on(t.documentId, t.id),
    index('inbound_document_lines_sscc_idx').on(t.companyId, t.sscc),
  ],
)


/**
 * One receipt of a document. While the wizard runs it is a draft (one per document) that each step saves, so leaving
 * half-way loses nothing; Finish books it once: the idempotency key is unique per company.
 */
export const receipts = pgTable(
  'receipts',
  {
    id: id(),
    companyId: integer('company_id').notNull().references(() => companies.id),
    documentId: integer('document_id')
      .notNull()
      .references(() => inboundDocuments.id),
    status: text({ enum: RECEIPT_STATUSES }).notNull().default('draft'),
    idempotencyKey: text('idempotency_key'),
    createdById: integer('created_by_id').references(() => users.id),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    bookedAt: timestamp('booked_at', { withTimezone: true }),
    bookedById: integer('booked_by_id').references(() => users.id),
    // the supplier issue opened for damaged goods on Finish (SPEC 2.15)
    supplierIssueId: integer('supplier_issue_id').references(() => supplierIssues.id, { onDelete: 'set null' }),
  },
  (t) => [
    uniqueIndex('receipts_company_idempotency_key_uq').on(t.companyId, t.idempotencyKey),
    uniqueIndex('receipts_document_draft_uq').on(t.documentId).where(sql`${t.status} = 'draft'`),
    index('receipts_document_idx').on(t.documentId),
  ],
)

/** A received quantity of one document line: on which pallet, into which location, with what lot and expiry, and how much damaged. */
export const receiptLines = pgTable(
  'receipt_lines',
  {
    id: id(),
    receiptId: integer('receipt_id')
      .notNull()
      .references(() => receipts.id, { onDelete: 'cascade' }),
    documentLineId: integer('document_line_id')
      .notNull()
      .references(() => inboundDocumentLines.id),
    productId: integer('product_id').notNull().references(() => products.id),
    qty: qty('qty').notNull().default('0'),
    damagedQty: qty('damaged_qty').notNull().default('0'),
    lot: text(),
    expiryDate: date('expiry_date', { mode: 'string' }),
    palletCode: text('pallet_code'),
    sscc: text(),
    locationId: integer('location_id').references(() => locations.id),
    // the stock line the booked quantity went into (no foreign key: a line that reaches zero is deleted)
    stockLineId: integer('stock_line_id'),
    // the putaway task of its pallet
    taskId: integer('task_id').references(() => tasks.id),
  },
  (t) => [
    check('receipt_lines_qty_ck', sql`${t.qty} >= 0 AND ${t.damagedQty} >= 0`),
    index('receipt_lines_receipt_idx').on(t.receiptId, t.id),
    index('receipt_lines_document_line_idx').on(t.documentLineId),
    // a putaway task's receipt, for its dock-to-stock time (docs/requirements.md §21.1)
    index('receipt_lines_task_idx').on(t.taskId),
  ],
)

// ---------------------------------------------------------------------------------------------------- shipping

export { SALES_ORDER_STATUSES, type SalesOrderStatus, WAVE_STATUSES }
/** The shipping wizard's saved steps (picks, packages, carrier, tracking), kept until Finish books them (the contract's shape). */
export type { ShippingDraft }

/** Orders picked and shipped together. */
export const waves = pgTable(
  'waves',
  {
    id: id(),
    companyId: integer('company_id').notNull().references(() => companies.id),
    warehouseId: integer('warehouse_id').notNull().references(() => warehouses.id),
    code: text().notNull(),
    status: text({ enum: WAVE_STATUSES }).notNull().default('open'),
    cancelReason: text('cancel_reason').notNull().default(''),
    draft: jsonb().$type<ShippingDraft>(),
    draftUpdatedAt: timestamp('draft_updated_at', { withTimezone: true }),
    createdById: integer('created_by_id').references(() => users.id),
    createdAt: createdAt(),
    shippedAt: timestamp('shipped_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('waves_company_code_uq').on(t.companyId, t.code), index('waves_company_status_idx').on(t.companyId, t.status, t.id)],
)

/** A customer's order. */
export const salesOrders = pgTable(
  'sales_orders',
  {
    id: id(),
    companyId: integer('company_id').notNull().references(() => companies.id),
    warehouseId: integer('warehouse_id').notNull().references(() => warehouses.id),
    customerId: integer('customer_id').notNull().references(() => customers.id),
    code: text().notNull(),
    // the sending system's own id (docs/requirements.md §7.1): unique per company, so a repeated intake answers the same order
    externalId: text('external_id'),
    status: text({ enum: SALES_ORDER_STATUSES }).notNull().default('open'),
    shipDate: date('ship_date', { mode: 'string' }),
    // the carrier the office planned (SPEC 12.4); the shipment records the one that took it
    carrierId: integer('carrier_id').references(() => carriers.id),
    // 0 normal; higher is more urgent: waves take the urgent orders first, their work comes first (docs/requirements.md §19)
    priority: integer().notNull().default(0),
    cancelReason: text('cancel_reason').notNull().default(''),
    waveId: integer('wave_id').references(() => waves.id),
    draft: jsonb().$type<ShippingDraft>(),
    draftUpdatedAt: timestamp('draft_updated_at', { withTimezone: true }),
    createdById: integer('created_by_id').references(() => users.id),
    createdAt: createdAt(),
    shippedAt: timestamp('shipped_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('sales_orders_company_code_uq').on(t.companyId, t.code),
    uniqueIndex('sales_orders_company_external_id_uq').on(t.companyId, t.externalId),
    index('sales_orders_company_status_idx').on(t.companyId, t.status, t.id),
    index('sales_orders_customer_idx').on(t.customerId),
    index('sales_orders_wave_idx').on(t.waveId),
    check('sales_orders_priority_ck', sql`${t.priority} BETWEEN 0 AND 9`),
  ],
)

export const salesOrderLines = pgTable(
  'sales_order_lines',
  {
    id: id(),
    companyId: integer('company_id').notNull().references(() => companies.id),
    orderId: integer('order_id')
      .notNull()
      .references(() => salesOrders.id, { onDelete: 'cascade' }),
    productId: integer('product_id').notNull().references(() => products.id),
    qty: qty('qty').notNull(),
    shippedQty: qty('shipped_qty').notNull().default('0'),
  },
  (t) => [check('sales_order_lines_qty_ck', sql`${t.qty} > 0 AND ${t.shippedQty} >= 0`), index('sales_order_lines_order_idx').on(t.orderId, t.id)],
)

/** What left the warehouse for an order or a wave: booked once per idempotency key. */
export const shipments = pgTable(
  'shipments',
  {
    id: id(),
    companyId: integer('company_id').notNull().references(() => companies.id),
    orderId: integer('order_id').references(() => salesOrders.id),
    waveId: integer('wave_id').references(() => waves.id),
    carrierId: integer('carrier_id').references(() => carriers.id),
    trackingReference: text('tracking_reference').notNull().default(''),
    idempotencyKey: text('idempotency_key').notNull(),
    bookedAt: timestamp('booked_at', { withTimezone: true }).notNull().defaultNow(),
    bookedById: integer('booked_by_id').references(() => users.id),
  },
  (t) => [
    check('shipments_target_ck', sql`${t.orderId} IS NOT NULL OR ${t.waveId} IS NOT NULL`),
    uniqueIndex('shipments_company_idempotency_key_uq').on(t.companyId, t.idempotencyKey),
    index('shipments_order_idx').on(t.orderId),
    index('shipments_wave_idx').on(t.waveId),
  ],
)

/** A quantity taken from one stock line for one order line. */
export const shipmentPicks = pgTable(
  'shipment_picks',
  {
    id: id(),
    shipmentId: integer('shipment_id')
      .notNull()
      .references(() => shipments.id, { onDelete: 'cascade' }),
    orderLineId: integer('order_line_id')
      .notNull()
      .references(() => salesOrderLines.id),
    // no foreign key: a line emptied by the pick is deleted, its history stays in the ledger
    stockLineId: integer('stock_line_id').notNull(),
    productId: integer('product_id').notNull().references(() => products.id),
    locationId: integer('location_id').references(() => locations.id),
    lot: text(),
    qty: qty('qty').notNull(),
    moveId: integer('move_id'),
  },
  (t) => [check('shipment_picks_qty_ck', sql`${t.qty} > 0`), index('shipment_picks_shipment_idx').on(t.shipmentId)],
)

export const shipmentPackages = pgTable(
  'shipment_packages',
  {
    id: id(),
    shipmentId: integer('shipment_id')
      .notNull()
      .references(() => shipments.id, { onDelete: 'cascade' }),
    code: text().notNull(),
  },
  (t) => [uniqueIndex('shipment_packages_shipment_code_uq').on(t.shipmentId, t.code)],
)

export const shipmentPackageContents = pgTable(
  'shipment_package_contents',
  {
    id: id(),
    packageId: integer('package_id')
      .notNull()
      .references(() => shipmentPackages.id, { onDelete: 'cascade' }),
    orderLineId: integer('order_line_id')
      .notNull()
      .references(() => salesOrderLines.id),
    qty: qty('qty').notNull(),
  },
  (t) => [check('shipment_package_contents_qty_ck', sql`${t.qty} > 0`), index('shipment_package_contents_package_idx').on(t.packageId)],
)
