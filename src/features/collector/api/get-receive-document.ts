import { api } from '../../../lib/api-client'
import { isValidSscc } from '../../../../contracts/gs1/gs1'
import type { InventorySettings } from '../../../../contracts/inventory/settings.contract'
import type { Product } from '../../../../contracts/master-data/catalog.contract'
import type { InboundDocument } from '../../../../contracts/receiving/receiving.contract'
import { fromMilli, milli, type ReceiveDocument } from '../../../../machines/receive/receive.machine'
import { getReceivableDocuments } from './get-receivable-documents'

/**
 * The document a code names (an open or receiving PO/ASN of the company), with what the handheld needs: its lines,
 * whether each product tracks lot and expiry, and whether receiving is blind (inventory settings). A code that names
 * none rejects with status 404, as the server would.
 */
export async function getReceiveDocument(scanned: string): Promise<ReceiveDocument> {
  // a pallet's SSCC names the ASN that announces it (docs/requirements.md §7.1)
  const code = isValidSscc(scanned.trim()) ? (await api.get<{ id: number; code: string }>(`/receiving/sscc/${scanned.trim()}/`)).code : scanned
  const page = await getReceivableDocuments(code)
  const row = page.results.find((d) => d.code.toUpperCase() === code.trim().toUpperCase())
  if (!row) throw { status: 404, data: { detail: 'Not found.' } }
  const [doc, settings] = await Promise.all([
    api.get<InboundDocument>(`/receiving/documents/${row.id}/`),
    api.get<InventorySettings>('/inventory/settings/').catch(() => ({ blind_receiving: true })),
  ])
  const productIds = [...new Set(doc.lines.map((l) => l.product.id))]
  const products = new Map((await Promise.all(productIds.map((id) => api.get<Product>(`/product/products/${id}/`)))).map((p) => [p.id, p]))
  return {
    id: doc.id,
    code: doc.code,
    blind: settings.blind_receiving,
    lines: doc.lines.map((l) => ({
      id: l.id,
      productId: l.product.id,
      productCode: l.product.code,
      productName: l.product.name1,
      expected: l.expected_qty,
      booked: fromMilli(milli(l.received_qty) + milli(l.damaged_qty)),
      lot: l.lot,
      expiry: l.expiry_date,
      sscc: l.sscc,
      lotTracked: products.get(l.product.id)?.lot_tracked ?? false,
      expiryTracked: products.get(l.product.id)?.expiry_tracked ?? false,
    })),
  }
}
