/**
 * The signed-in user's own preferences, kept on the server (SPEC 2.13): the printer preselected wherever they print a
 * label (desktop label screen, handheld receiving). Shared by Settings, printing and the collector.
 */
import { queryOptions } from '@tanstack/react-query'
import type { Preferences, PreferencesPatch } from '../../contracts/auth/auth.contract'
import { api } from './api-client'

export const preferencesKeys = { all: ['my-preferences'] as const }

export function preferencesQueryOptions() {
  return queryOptions({ queryKey: preferencesKeys.all, queryFn: () => api.get<Preferences>('/auth/preferences/') })
}

export function patchPreferences(body: PreferencesPatch): Promise<Preferences> {
  return api.patch<Preferences>('/auth/preferences/', body)
}

/** The default printer's id, or null when none is set or the preferences cannot be read (a default is a convenience). */
export async function defaultPrinterId(fetch: () => Promise<Preferences>): Promise<number | null> {
  try {
    return (await fetch()).default_printer?.id ?? null
  } catch {
    return null
  }
}
