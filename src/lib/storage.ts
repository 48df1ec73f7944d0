/**
 * Typed access to localStorage and sessionStorage, and every key the app stores (SPEC 9).
 * Storage can be unavailable (private mode, quota, a sandboxed frame): reads then return null
 * and writes are dropped, never thrown.
 */
import type { StoredSession } from '../../machines/session/session.machine'
import { parseUser } from '../../machines/session/session-user'
import type { User } from './session-types'

// SPEC 9: tokens live in localStorage under three keys in the `movatic` namespace
export const ACCESS_KEY = 'movatic.access'
export const REFRESH_KEY = 'movatic.refresh'
/** combined JSON {access, refresh} */
export const AUTH_KEY = 'movatic.auth'
export const USER_KEY = 'movatic.user'
/** '0' when the user unticked 'Lembrar-me neste dispositivo' (absent means remembered) */
export const REMEMBER_KEY = 'movatic.remember'
/** sessionStorage: marks a not-remembered session as belonging to this browser session (SPEC 3, 9) */
export const SESSION_MARKER_KEY = 'movatic.session'
export const LANG_KEY = 'lang'
export const THEME_KEY = 'movatic.theme'

/** The keys whose change in another tab means the session changed (SPEC 4). */
export const SESSION_KEYS: readonly string[] = [ACCESS_KEY, REFRESH_KEY, AUTH_KEY, USER_KEY, REMEMBER_KEY]

// SPEC 3, 9: per-user navigation preferences, keys suffixed by the username
export const navPrefsKey = (username: string, pref: 'collapsed' | 'favourites' | 'compact') => `movatic.nav.${pref}.${username}`
export const navCollapsedKey = (username: string) => navPrefsKey(username, 'collapsed')
export const navFavouritesKey = (username: string) => navPrefsKey(username, 'favourites')
export const navCompactKey = (username: string) => navPrefsKey(username, 'compact')
/** the collector's last 50 scans (SPEC 2.16, 9), per user so a shared handheld does not mix operators' reads */
export const scanHistoryKey = (username: string) => `movatic.scan.history.${username}`
/** sessionStorage: the endpoint a probe found (SPEC 7), so a second use does not probe again */
export const probeKey = (probe: string) => `movatic.probe.${probe}`
/** the build whose "ready offline" the handheld already announced */
export const OFFLINE_READY_SHOWN_KEY = 'movatic.pwa.offlineReadyShown'

export type StorageArea = 'local' | 'session'

function area(which: StorageArea): Storage | null {
  try {
    return which === 'local' ? globalThis.localStorage : globalThis.sessionStorage
  } catch {
    return null
  }
}

export function readString(which: StorageArea, key: string): string | null {
  try {
    return area(which)?.getItem(key) ?? null
  } catch {
    return null
  }
}

export function writeString(which: StorageArea, key: string, value: string): void {
  try {
    area(which)?.setItem(key, value)
  } catch {
    // quota or disabled storage: the value just is not kept
  }
}

export function removeKey(which: StorageArea, key: string): void {
  try {
    area(which)?.removeItem(key)
  } catch {
    // nothing to remove
  }
}

/** Reads JSON and narrows it with `parse`; anything unreadable is null. */
export function readJson<T>(which: StorageArea, key: string, parse: (value: unknown) => T | null): T | null {
  const raw = readString(which, key)
  if (raw === null) return null
  try {
    return parse(JSON.parse(raw))
  } catch {
    return null
  }
}

export function writeJson(which: StorageArea, key: string, value: unknown): void {
  writeString(which, key, JSON.stringify(value))
}

// ---- session ----

export interface StoredTokens {
  access: string
  refresh: string | null
}

function parseTokens(value: unknown): StoredTokens | null {
  if (typeof value !== 'object' || value === null) return null
  const { access, refresh } = value as Record<string, unknown>
  if (typeof access !== 'string' || access === '') return null
  return { access, refresh: typeof refresh === 'string' && refresh !== '' ? refresh : null }
}

/** The tokens: the single keys first, the combined one if those are missing. */
export function readTokens(): StoredTokens | null {
  const access = readString('local', ACCESS_KEY)
  if (access) {
    const refresh = readString('local', REFRESH_KEY)
    return { access, refresh: refresh || null }
  }
  return readJson('local', AUTH_KEY, parseTokens)
}

export function readAccessToken(): string | null {
  return readTokens()?.access ?? null
}

export function readUser(): User | null {
  return readJson('local', USER_KEY, parseUser)
}

export function hasSessionMarker(): boolean {
  return readString('session', SESSION_MARKER_KEY) !== null
}

export function writeSessionMarker(): void {
  writeString('session', SESSION_MARKER_KEY, '1')
}

/** Everything the session machine needs at boot (`marker`: this browser session's marker). */
export function readStoredSession(): StoredSession {
  const tokens = readTokens()
  return {
    access: tokens?.access ?? null,
    refresh: tokens?.refresh ?? null,
    user: tokens ? readUser() : null,
    remember: readString('local', REMEMBER_KEY) !== '0',
    marker: hasSessionMarker(),
  }
}

export interface SessionToStore {
  access: string | null
  refresh: string | null
  user: User | null
  remember: boolean
}

/** Writes the session, or clears it when there is no access token. */
export function writeSession(session: SessionToStore): void {
  if (!session.access) {
    clearSession()
    return
  }
  writeString('local', ACCESS_KEY, session.access)
  if (session.refresh) writeString('local', REFRESH_KEY, session.refresh)
  else removeKey('local', REFRESH_KEY)
  writeJson('local', AUTH_KEY, { access: session.access, refresh: session.refresh })
  if (session.user) writeJson('local', USER_KEY, session.user)
  else removeKey('local', USER_KEY)
  if (session.remember) removeKey('local', REMEMBER_KEY)
  else writeString('local', REMEMBER_KEY, '0')
}

/** SPEC 4: logout clears the tokens and the stored user (and this tab's session marker). */
export function clearSession(): void {
  for (const key of [ACCESS_KEY, REFRESH_KEY, AUTH_KEY, USER_KEY, REMEMBER_KEY]) removeKey('local', key)
  removeKey('session', SESSION_MARKER_KEY)
}
