/**
 * Where the operator last scanned a location on this device (docs/requirements.md §19.4), kept per operator in
 * localStorage: 'Próxima tarefa' sends it so the server measures the walk from there. Every flow that classifies a
 * scan against the offline cache (count, move, put away, receive, pick and ship) records a location read here; the
 * cache holds only the operator's warehouse's locations, so what is kept is one of them.
 */
import { readJson, removeKey, writeJson } from '../../lib/storage'

export const lastLocationKey = (username: string) => `movatic.collector.lastLocation.${username}`

interface LastLocation {
  code: string
  /** epoch ms of the scan */
  at: number
}

/** Keeps `target` when it is a location (a scan's classification: anything else is ignored). */
export function rememberScannedLocation(username: string, target: { kind: string; code: string }): void {
  if (!username || target.kind !== 'location') return
  writeJson('local', lastLocationKey(username), { code: target.code, at: Date.now() } satisfies LastLocation)
}

/** The code of the location the operator last scanned here, or null. */
export function lastScannedLocation(username: string): string | null {
  if (!username) return null
  const kept = readJson('local', lastLocationKey(username), (value) => {
    const v = value as Partial<LastLocation> | null
    return v && typeof v.code === 'string' && v.code.trim() !== '' && typeof v.at === 'number' ? (v as LastLocation) : null
  })
  return kept?.code ?? null
}

/** Forgets it (the server no longer knows that location in the operator's warehouse). */
export function forgetScannedLocation(username: string): void {
  if (username) removeKey('local', lastLocationKey(username))
}
