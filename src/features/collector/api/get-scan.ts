import { api } from '../../../lib/api-client'
import { SUMMARY_PRODUCTS, type ScanResponse, type ScanSummary } from '../collector-types'

/** SPEC 7 "Scan": what a code names and the stock of each product found; an unknown code is an empty result. */
export function getScan(code: string, signal?: AbortSignal): Promise<ScanResponse> {
  return api.get<ScanResponse>('/inventory/scan/', { query: { code }, signal })
}

/** The part of a scan answer a read keeps (collector-types ScanSummary). */
export function summarizeScan(response: ScanResponse): ScanSummary {
  return {
    kind: response.kind,
    products: response.results.slice(0, SUMMARY_PRODUCTS).map((r) => ({
      code: r.product.code,
      name: r.product.name1,
      qty: r.total_qty,
      uom: r.uom,
      locations: r.locations_count,
    })),
    more: Math.max(0, response.results.length - SUMMARY_PRODUCTS),
  }
}

export async function getScanSummary(code: string, signal?: AbortSignal): Promise<ScanSummary> {
  return summarizeScan(await getScan(code, signal))
}
