import { useCallback, useEffect, useState } from 'react'
import { navCollapsedKey, navCompactKey, navFavouritesKey } from '../../../lib/storage'

/** SPEC 3, 9: navigation preferences belong to one user; keys are suffixed by the username. */
export interface NavPrefs {
  collapsed: string[]
  favourites: string[]
  compact: boolean
}

function readList(key: string): string[] {
  try {
    const value: unknown = JSON.parse(localStorage.getItem(key) ?? '[]')
    return Array.isArray(value) ? value.filter((entry): entry is string => typeof entry === 'string') : []
  } catch {
    return []
  }
}

function readPrefs(username: string): NavPrefs {
  let compact = false
  try {
    compact = localStorage.getItem(navCompactKey(username)) === 'true'
  } catch {
    // storage unavailable: defaults
  }
  return {
    collapsed: readList(navCollapsedKey(username)),
    favourites: readList(navFavouritesKey(username)),
    compact,
  }
}

function write(key: string, value: string): void {
  try {
    localStorage.setItem(key, value)
  } catch {
    // storage unavailable or full: the preference lasts this visit only
  }
}

function toggled(list: string[], id: string): string[] {
  return list.includes(id) ? list.filter((entry) => entry !== id) : [...list, id]
}

export function useNavPrefs(username: string) {
  const [state, setState] = useState(() => ({ username, prefs: readPrefs(username) }))
  // another user signed in on this device: their own preferences
  const prefs = state.username === username ? state.prefs : readPrefs(username)
  useEffect(() => {
    if (state.username !== username) setState({ username, prefs: readPrefs(username) })
  }, [state.username, username])

  const update = useCallback(
    (change: (current: NavPrefs) => NavPrefs) => {
      setState((current) => {
        const base = current.username === username ? current.prefs : readPrefs(username)
        const next = change(base)
        if (next.collapsed !== base.collapsed) write(navCollapsedKey(username), JSON.stringify(next.collapsed))
        if (next.favourites !== base.favourites) write(navFavouritesKey(username), JSON.stringify(next.favourites))
        if (next.compact !== base.compact) write(navCompactKey(username), String(next.compact))
        return { username, prefs: next }
      })
    },
    [username],
  )

  const toggleSection = useCallback((id: string) => update((p) => ({ ...p, collapsed: toggled(p.collapsed, id) })), [update])
  const toggleFavourite = useCallback((id: string) => update((p) => ({ ...p, favourites: toggled(p.favourites, id) })), [update])
  const setCompact = useCallback((compact: boolean) => update((p) => ({ ...p, compact })), [update])

  return { prefs, toggleSection, toggleFavourite, setCompact }
}
