/**
 * The scan screen's history across reloads (SPEC 2.16, 9: the last 50 reads), in localStorage per user.
 * What comes back from storage is checked read by read: a damaged entry is dropped, never trusted.
 */
import type { ReadStatus, ScanRead, ScanSource } from '../../../machines/scanner/scanner.machine'
import { readJson, scanHistoryKey, writeJson } from '../../lib/storage'
import type { ScanSummary } from './collector-types'

const SOURCES: readonly ScanSource[] = ['burst', 'typed', 'camera']
const STATUSES: readonly ReadStatus[] = ['pending', 'done', 'failed', 'offline']

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

/** A lookup result as the scan screen stores it, or null. */
export function asScanSummary(value: unknown): ScanSummary | null {
  if (!isRecord(value) || !Array.isArray(value.products) || typeof value.more !== 'number') return null
  const products = value.products.filter(
    (p): p is ScanSummary['products'][number] =>
      isRecord(p) && typeof p.code === 'string' && typeof p.name === 'string' && typeof p.qty === 'string' && typeof p.uom === 'string' && typeof p.locations === 'number',
  )
  const kind = typeof value.kind === 'string' ? (value.kind as ScanSummary['kind']) : null
  return { kind, products, more: value.more }
}

function asRead(value: unknown): ScanRead | null {
  if (!isRecord(value)) return null
  const { id, code, source, at, status } = value
  if (typeof id !== 'number' || typeof code !== 'string' || typeof at !== 'number') return null
  if (!SOURCES.includes(source as ScanSource) || !STATUSES.includes(status as ReadStatus)) return null
  const read: ScanRead = { id, code, source: source as ScanSource, at, status: status as ReadStatus }
  const summary = asScanSummary(value.result)
  if (summary) read.result = summary
  if (isRecord(value.error) && typeof value.error.id === 'string') read.error = { id: value.error.id }
  return read
}

export function readScanHistory(username: string): ScanRead[] {
  return readJson('local', scanHistoryKey(username), (value) => (Array.isArray(value) ? value.map(asRead).filter((r): r is ScanRead => r !== null) : null)) ?? []
}

export function writeScanHistory(username: string, history: ScanRead[]): void {
  writeJson('local', scanHistoryKey(username), history)
}
