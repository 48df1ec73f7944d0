import { ApiError, apiErrorText, readDrfError } from '../../lib/api-client'
import type { StockLine } from './inventory-types'

export interface CommandErrors<K extends string> {
  /** the form field each server field error belongs on, in the user's language */
  fields: Partial<Record<K, string>>
  /** what belongs to no field: the detail, non_field_errors, a field the form does not show */
  general: string | null
  /** a 409 (stale expected_version): the line as it is now, null when it is gone; undefined for other errors */
  current?: StockLine | null
}

/**
 * A stock command's refusal, spread over the form: each server field onto the form field `fieldMap` names (the API's
 * names to the form's), in the user's language (readDrfError translates the API's codes, ADR 0015); the rest as one
 * general message.
 */
export function commandErrors<K extends string>(error: unknown, fieldMap: Record<string, K>): CommandErrors<K> {
  const drf = readDrfError(error)
  const fields: Partial<Record<K, string>> = {}
  const general: string[] = []
  for (const [field, messages] of Object.entries(drf.fieldErrors)) {
    const key = Object.hasOwn(fieldMap, field) ? fieldMap[field] : undefined
    const text = messages.join(' ')
    if (key) fields[key] = fields[key] ? `${fields[key]} ${text}` : text
    else general.push(text)
  }
  if (drf.detail) general.unshift(drf.detail)
  general.push(...drf.nonFieldErrors)
  let current: StockLine | null | undefined
  if (error instanceof ApiError && error.status === 409 && error.data && typeof error.data === 'object' && 'line' in error.data) {
    current = (error.data as { line: StockLine | null }).line
  }
  const fallback = Object.keys(fields).length === 0 && general.length === 0 ? apiErrorText(error) : null
  return { fields, general: general.length > 0 ? general.join(' ') : fallback, current }
}

/** Where a stock command form shows a refusal: its fields, the line it acts on, its general message. */
export interface CommandErrorTargets<K extends string> {
  setFieldError: (field: K, message: string) => void
  /** the line changed or went meanwhile (409): the caller's 'done' for the line, then the fresh line when there is one */
  onStale: () => void
  setLine: (line: StockLine) => void
  setGeneral: (message: string | null) => void
}

/**
 * A stock command form's refusal, shown where it belongs (commandErrors): every form of a stock command (move,
 * adjust, block or release) answers a refusal this one way.
 */
export function showCommandErrors<K extends string>(error: unknown, fieldMap: Record<string, K>, targets: CommandErrorTargets<K>): void {
  const errors = commandErrors(error, fieldMap)
  for (const [field, message] of Object.entries(errors.fields) as [K, string][]) targets.setFieldError(field, message)
  if (errors.current !== undefined) {
    targets.onStale()
    if (errors.current) targets.setLine(errors.current)
  }
  targets.setGeneral(errors.general)
}
