/** Purchase orders and ASNs taken in from other systems by `external_id`, one or up to a thousand a request (docs/requirements.md §7.1). */
import { and, asc, eq, inArray } from 'drizzle-orm'
import { inboundDocumentBody } from '../../../contracts/receiving/receiving.contract'
import type { BulkIntakeItem } from '../../../contracts/intake/intake.contract'
import type { DbOrTx } from '../../db/client'
import { products } from '../../db/schema/catalog'
import { warehouses } from '../../db/schema/core'
import { inboundDocumentLines, inboundDocuments } from '../../db/schema/documents'
import { suppliers } from '../../db/schema/partners'
import type { AuthUser } from '../../http/context'
import { addFieldError, type FieldErrors } from '../../http/errors'
import { type IntakeAdapter, intakeDocuments, type KnownDocument } from '../../kernel/intake'
import { resolveWarehouse } from '../../kernel/warehouse-scope'
import { recordAuditMany } from '../audit/audit.service'
import { auditLines, type CreateDocumentInput, INBOUND_DOCUMENT_ENTITY, lineValues, updateInboundDocument } from './inbound-documents'

type Line = { product: number; expected_qty: string; lot?: string | null; expiry_date?: string | null; sscc?: string | null }
type Content = { kind: string; code: string; supplier: number; warehouse: number; expected_date: string | null; lines: Line[] }

/** Stable content: line order and decimal spelling ("5", "5.000") make no difference. */
function fingerprint(c: Content): string {
  const lines = auditLines(c.lines)
    .map((l) => JSON.stringify([l.product, l.sscc, l.lot, l.expiry_date, l.expected_qty]))
    .sort()
  return JSON.stringify([c.kind, c.code, c.supplier, c.warehouse, c.expected_date, lines])
}

const keyOf = (kind: string, externalId: string) => `${kind}:${externalId}`

const ids = <T>(rows: T[], pick: (r: T) => number | null | undefined) => [...new Set(rows.map(pick).filter((v): v is number => v != null))]

/** Per request: the default warehouse, and every warehouse, supplier and product named, in one query each. */
async function references(db: DbOrTx, user: AuthUser, bodies: CreateDocumentInput[]) {
  const byId = async <T extends { id: number }>(list: number[], q: (list: number[]) => Promise<T[]>) => new Set((list.length ? await q(list) : []).map((r) => r.id))
  const company = user.companyId
  const [whs, sups, prods] = await Promise.all([
    byId(ids(bodies, (b) => b.warehouse), (l) => db.select({ id: warehouses.id }).from(warehouses).where(and(eq(warehouses.companyId, company), inArray(warehouses.id, l)))),
    byId(ids(bodies, (b) => b.supplier), (l) => db.select({ id: suppliers.id }).from(suppliers).where(and(eq(suppliers.companyId, company), inArray(suppliers.id, l)))),
    byId([...new Set(bodies.flatMap((b) => b.lines.map((l) => l.product)))], (l) => db.select({ id: products.id }).from(products).where(and(eq(products.companyId, company), inArray(products.id, l)))),
  ])
  let defaultWarehouse: number | null = null
  if (bodies.some((b) => b.warehouse == null)) defaultWarehouse = await resolveWarehouse(db, user, null).catch(() => null)
  const warehouseOf = (b: CreateDocumentInput) => (b.warehouse != null ? b.warehouse : defaultWarehouse)
  const invalid = (id: number) => `Invalid pk "${id}" - object does not exist.`
  return {
    warehouseOf,
    check(b: CreateDocumentInput): FieldErrors | null {
      const e: FieldErrors = {}
      if (b.warehouse != null && !whs.has(b.warehouse)) addFieldError(e, 'warehouse', invalid(b.warehouse))
      if (b.warehouse == null && defaultWarehouse === null) addFieldError(e, 'warehouse', 'This field is required.')
      if (!sups.has(b.supplier)) addFieldError(e, 'supplier', invalid(b.supplier))
      b.lines.forEach((l, i) => {
        if (!prods.has(l.product)) addFieldError(e, 'lines', `Line ${i + 1}: Invalid pk "${l.product}" - object does not exist.`)
      })
      return Object.keys(e).length ? e : null
    },
    fingerprint: (b: CreateDocumentInput) =>
      fingerprint({ kind: b.kind, code: b.code, supplier: b.supplier, warehouse: warehouseOf(b) as number, expected_date: b.expected_date ?? null, lines: b.lines }),
  }
}

export const inboundIntake: IntakeAdapter<CreateDocumentInput> = {
  schema: inboundDocumentBody,
  key: (b) => keyOf(b.kind, b.external_id as string),
  codeTaken: 'A document with this code already exists.',
  prepare: references,
  async known(db, user, bodies) {
    const out = new Map<string, KnownDocument>()
    const external = [...new Set(bodies.map((b) => b.external_id as string))]
    if (!external.length) return out
    const docs = await db
      .select()
      .from(inboundDocuments)
      .where(and(eq(inboundDocuments.companyId, user.companyId), inArray(inboundDocuments.externalId, external)))
    if (!docs.length) return out
    const lines = await db
      .select({ documentId: inboundDocumentLines.documentId, product: inboundDocumentLines.productId, expected_qty: inboundDocumentLines.expectedQty, lot: inboundDocumentLines.lot, expiry_date: inboundDocumentLines.expiryDate, sscc: inboundDocumentLines.sscc })
      .from(inboundDocumentLines)
      .where(inArray(inboundDocumentLines.documentId, docs.map((d) => d.id)))
      .orderBy(asc(inboundDocumentLines.id))
    for (const d of docs) {
      const content = { kind: d.kind, code: d.code, supplier: d.supplierId, warehouse: d.warehouseId, expected_date: d.expectedDate, lines: lines.filter((l) => l.documentId === d.id) }
      out.set(keyOf(d.kind, d.externalId as string), { id: d.id, fingerprint: fingerprint(content) })
    }
    return out
  },
  async takenCodes(db, user, codes) {
    if (!codes.length) return new Set()
    const rows = await db.select({ code: inboundDocuments.code }).from(inboundDocuments).where(and(eq(inboundDocuments.companyId, user.companyId), inArray(inboundDocuments.code, codes)))
    return new Set(rows.map((r) => r.code))
  },
  // docs/requirements.md §7.1: a document's work has started once it left "open" or any receipt (even the wizard's draft) exists (updateInboundDocument refuses 409)
  update: (db, user, id, b, refs) =>
    updateInboundDocument(db, user, id, { kind: b.kind, code: b.code, supplier: b.supplier, warehouse: refs.warehouseOf(b), expected_date: b.expected_date ?? null, lines: b.lines }),
  async insert(db, user, bodies, refs) {
    const out = new Map<string, number>()
    // parameters per statement are limited (65,535): 8 a header, 7 a line
    for (let i = 0; i < bodies.length; i += 2000) {
      const part = bodies.slice(i, i + 2000)
      const rows = await db
        .insert(inboundDocuments)
        .values(
          part.map((b) => ({
            companyId: user.companyId,
            warehouseId: refs.warehouseOf(b) as number,
            kind: b.kind,
            supplierId: b.supplier,
            code: b.code,
            externalId: b.external_id,
            expectedDate: b.expected_date ?? null,
            createdById: user.id,
          })),
        )
        .onConflictDoNothing()
        .returning({ id: inboundDocuments.id, kind: inboundDocuments.kind, externalId: inboundDocuments.externalId })
      for (const r of rows) out.set(keyOf(r.kind, r.externalId as string), r.id)
    }
    const idOf = (b: CreateDocumentInput) => out.get(keyOf(b.kind, b.external_id as string))
    const inserted = bodies.filter((b) => idOf(b) !== undefined)
    const lineRows = inserted.flatMap((b) => lineValues(user.companyId, idOf(b) as number, b.lines))
    for (let i = 0; i < lineRows.length; i += 8000) await db.insert(inboundDocumentLines).values(lineRows.slice(i, i + 8000))
    await recordAuditMany(
      db,
      { companyId: user.companyId, userId: user.id, apiKeyId: user.apiKey?.id },
      inserted.map((b) => ({
        entity: INBOUND_DOCUMENT_ENTITY,
        entityId: idOf(b) as number,
        action: 'create' as const,
        changes: { kind: b.kind, code: b.code, external_id: b.external_id, supplier: b.supplier, warehouse: refs.warehouseOf(b), expected_date: b.expected_date ?? null, lines: auditLines(b.lines) },
      })),
    )
    return out
  },
}

export const intakeInboundDocuments = (db: DbOrTx, user: AuthUser, items: unknown[]): Promise<BulkIntakeItem[]> => intakeDocuments(db, user, inboundIntake, items)
